/**
 * The SQL of book ownership (migration 0026): trading nodes' heartbeats and the books' leases.
 * Every expiry is the database's time, the one clock all nodes share; the lease rows are locked
 * in token order wherever several are (the batch fence locks them so too: batch.queries.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../../lib/db/database.js';

/** Says a node is alive for `leaseMs` more (and whether it is handing its books over). */
export async function heartbeat(
  db: Db,
  node: string,
  url: string | null,
  leaseMs: number,
  draining: boolean,
): Promise<void> {
  const expiresAt = sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`;
  const beat = { url, heartbeat_at: sql<Date>`now()`, expires_at: expiresAt, draining };
  await db
    .insertInto('trading_nodes')
    .values({ id: node, ...beat })
    .onConflict((oc) => oc.column('id').doUpdateSet(beat))
    .execute();
}

export async function retireNode(db: Db, node: string): Promise<void> {
  await db.deleteFrom('trading_nodes').where('id', '=', node).execute();
}

/** The nodes alive and taking books, in id order. */
export async function liveNodes(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('trading_nodes')
    .select('id')
    .where('expires_at', '>', sql<Date>`now()`)
    .where('draining', '=', false)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes a book's lease for `node` and answers its new epoch (and the node that held it last, if
 * it did not release it), or undefined while another live node holds it. The epoch rises at every taking, also from this node's own former life (a node
 * restarted under the same name fences what it left in flight). `force` takes it from a live
 * holder too: the single-process mode, where no other node can be serving.
 */
export async function takeLease(
  db: Db,
  tokenId: string,
  node: string,
  leaseMs: number,
  force: boolean,
): Promise<{ epoch: number; from: string | null } | undefined> {
  const { rows } = await sql<{ epoch: number; from: string | null }>`
    with prior as (select owner_node from book_leases where token_id = ${tokenId})
    insert into book_leases as l (token_id, owner_node, epoch, expires_at, acquired_at)
    values (${tokenId}, ${node}, 1, now() + ${leaseMs} * interval '1 millisecond', now())
    on conflict (token_id) do update set
      owner_node = excluded.owner_node, epoch = l.epoch + 1, expires_at = excluded.expires_at,
      acquired_at = now()
    where l.owner_node is null or l.owner_node = excluded.owner_node or l.expires_at <= now()
      or ${force}::boolean
    returning l.epoch, (select owner_node from prior) as from`.execute(db);
  return rows[0];
}

/** A book's lease as a node that does not hold it sees it. */
export interface LeaseSeen {
  owner: string | null;
  epoch: number;
  /** how long it still runs (0: run out) */
  remainingMs: number;
}

/** A book's lease now; undefined when the book has no lease row yet. */
export async function leaseOf(db: Db, tokenId: string): Promise<LeaseSeen | undefined> {
  const { rows } = await sql<{ owner: string | null; epoch: string; remaining_ms: number }>`
    select owner_node as owner, epoch,
      greatest(extract(epoch from expires_at - now()) * 1000, 0)::float8 as remaining_ms
    from book_leases where token_id = ${tokenId}`.execute(db);
  const row = rows[0];
  return (
    row && { owner: row.owner, epoch: Number(row.epoch), remainingMs: Number(row.remaining_ms) }
  );
}

/**
 * Extends this node's leases of `tokenIds` and answers each with its epoch now; a book missing
 * from the answer, or at another epoch, was taken by another node.
 */
export async function renewLeases(
  db: Db,
  node: string,
  tokenIds: readonly string[],
  leaseMs: number,
): Promise<Map<string, number>> {
  if (tokenIds.length === 0) return new Map();
  const { rows } = await renewal(node, tokenIds, leaseMs).execute(db);
  return new Map(rows.map((row) => [row.token_id, row.epoch]));
}

/**
 * The renewal's statement. The locked keys are a materialized CTE, locked once: as a subquery
 * joined to the update, the planner (book_leases not yet analyzed, one row expected) rescanned it
 * for every lease, locking the rows again each time: 10,300 buffers and 10 to 48 ms a renewal of
 * 100 books, during which every batch write's fence waited (docs/performance.md).
 */
export function renewal(node: string, tokenIds: readonly string[], leaseMs: number) {
  return sql<{ token_id: string; epoch: number }>`
    with k as materialized (
      select token_id from book_leases
      where token_id = any(${tokenIds}::uuid[]) and owner_node = ${node}
      order by token_id for no key update
    )
    update book_leases l set expires_at = now() + ${leaseMs} * interval '1 millisecond'
    from k
    where l.token_id = k.token_id and l.owner_node = ${node}
    returning l.token_id, l.epoch`;
}

/**
 * A book's lease moved: from the node holding it at `epoch` to `to` (null: released to anyone).
 */
export interface MovedLease {
  tokenId: string;
  epoch: number;
  from: string;
  to: string | null;
}

/**
 * Moves leases at the epochs held: this node's own (a hand-over), or a gone node's whose lease ran
 * out (its books given out). Each goes to its successor, leased to it for `leaseMs` (no other node
 * can take the book meanwhile; the successor takes it at a new epoch), or is released to anyone.
 * A lease taken or renewed meanwhile is left as it is. Answers the books moved to each successor.
 */
export async function moveLeases(
  db: Db,
  node: string,
  leases: readonly MovedLease[],
  leaseMs: number,
): Promise<Map<string, string[]>> {
  if (leases.length === 0) return new Map();
  const sorted = [...leases].sort((x, y) => (x.tokenId < y.tokenId ? -1 : 1));
  const { rows } = await sql<{ token_id: string; owner_node: string | null }>`
    update book_leases l set owner_node = v.successor,
      expires_at = now() + (case when v.successor is null then 0 else ${leaseMs} end)
        * interval '1 millisecond'
    from unnest(
      ${sorted.map((lease) => lease.tokenId)}::uuid[],
      ${sorted.map((lease) => lease.epoch)}::bigint[],
      ${sorted.map((lease) => lease.from)}::text[],
      ${sorted.map((lease) => lease.to)}::text[]
    ) as v(token_id, epoch, holder, successor)
    where l.token_id = v.token_id and l.epoch = v.epoch and l.owner_node = v.holder
      and (v.holder = ${node} or l.expires_at <= now())
    returning l.token_id, l.owner_node`.execute(db);
  const moved = new Map<string, string[]>();
  for (const { token_id, owner_node } of rows) {
    if (owner_node !== null) moved.set(owner_node, [...(moved.get(owner_node) ?? []), token_id]);
  }
  return moved;
}

/**
 * The leases that ran out on a node no longer alive (it died, or stopped renewing with its
 * heartbeat), in token order: its books, for the live nodes to share.
 */
export async function orphanedLeases(db: Db): Promise<Omit<MovedLease, 'to'>[]> {
  const { rows } = await sql<{ token_id: string; epoch: string; owner_node: string }>`
    select l.token_id, l.epoch, l.owner_node from book_leases l
    where l.owner_node is not null and l.expires_at <= now()
      and not exists (
        select from trading_nodes n where n.id = l.owner_node and n.expires_at > now()
      )
    order by l.token_id`.execute(db);
  return rows.map((row) => ({
    tokenId: row.token_id,
    epoch: Number(row.epoch),
    from: row.owner_node,
  }));
}

/** Makes sure every book of `tokenIds` has a lease row (unowned), so the balancer spreads it. */
export async function registerBooks(db: Db, tokenIds: readonly string[]): Promise<void> {
  if (tokenIds.length === 0) return;
  await db
    .insertInto('book_leases')
    .values(tokenIds.map((token_id) => ({ token_id, owner_node: null })))
    .onConflict((oc) => oc.column('token_id').doNothing())
    .execute();
}

export interface LeaseView {
  /** books with a lease row */
  books: number;
  /** books no live lease holds, oldest expiry first */
  free: string[];
  /** the books each node holds a live lease of */
  held: Map<string, string[]>;
}

/** How many books there are, which of them no one holds now, and who holds the others. */
export async function leaseView(db: Db): Promise<LeaseView> {
  const rows = await db
    .selectFrom('book_leases')
    .select([
      'token_id',
      'owner_node',
      sql<boolean>`owner_node is null or expires_at <= now()`.as('free'),
    ])
    .orderBy('expires_at')
    .execute();
  const held = new Map<string, string[]>();
  for (const row of rows) {
    if (row.free || row.owner_node === null) continue;
    held.set(row.owner_node, [...(held.get(row.owner_node) ?? []), row.token_id]);
  }
  return {
    books: rows.length,
    free: rows.filter((row) => row.free).map((row) => row.token_id),
    held,
  };
}
