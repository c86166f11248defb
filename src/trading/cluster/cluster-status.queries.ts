/**
 * The SQL of staff's cluster view: the nodes' heartbeats and the books' leases, with their ages
 * measured by the database's clock (the one every node's expiries are set by).
 */
import { sql } from 'kysely';
import type { Db } from '../../lib/db/database.js';

const msSince = (column: string) =>
  sql<number>`extract(epoch from now() - ${sql.ref(column)}) * 1000`;

export function nodeHeartbeats(db: Db) {
  return db
    .selectFrom('trading_nodes')
    .select([
      'id',
      'url',
      'started_at',
      'draining',
      msSince('heartbeat_at').as('heartbeat_age_ms'),
      sql<boolean>`expires_at <= now()`.as('expired'),
    ])
    .orderBy('id')
    .execute();
}

export function bookLeases(db: Db) {
  return db
    .selectFrom('book_leases as l')
    .innerJoin('tokens as t', 't.id', 'l.token_id')
    .select([
      'l.token_id',
      't.symbol',
      'l.owner_node',
      'l.epoch',
      'l.acquired_at',
      'l.expires_at',
      msSince('l.acquired_at').as('lease_age_ms'),
      sql<number>`extract(epoch from l.expires_at - now()) * 1000`.as('expires_in_ms'),
    ])
    .orderBy('t.symbol')
    .execute();
}

/**
 * Each book's owner as a client may route by: the public URL of the live, not draining node that
 * holds its lease now. A book with no such owner is left out (any node takes its requests).
 */
export function bookOwners(db: Db) {
  return db
    .selectFrom('book_leases as l')
    .innerJoin('trading_nodes as n', 'n.id', 'l.owner_node')
    .select(['l.token_id', 'n.url'])
    .where(sql<boolean>`l.expires_at > now() and n.expires_at > now()`)
    .where('n.draining', '=', false)
    .where('n.url', 'is not', null)
    .orderBy('l.token_id')
    .execute();
}

export type NodeHeartbeat = Awaited<ReturnType<typeof nodeHeartbeats>>[number];
export type BookLease = Awaited<ReturnType<typeof bookLeases>>[number];
