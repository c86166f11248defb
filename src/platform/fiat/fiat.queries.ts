import type { Insertable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { FiatRequest, FiatRequestKind, FiatRequestsTable } from '../../lib/db/schema-fiat.js';

interface PageOptions {
  limit: number;
  cursor?: string;
}

export function insertFiatRequest(
  trx: Trx,
  row: Insertable<FiatRequestsTable>,
): Promise<FiatRequest> {
  return trx.insertInto('fiat_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The owner of a request of this kind, read without a lock (the caller locks the user first). */
export async function fiatRequestOwner(
  db: Db | Trx,
  kind: FiatRequestKind,
  id: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('fiat_requests')
    .select('user_id')
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.user_id;
}

export function fiatRequestForUpdate(trx: Trx, id: string): Promise<FiatRequest> {
  return trx
    .selectFrom('fiat_requests')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export function decideFiatRequest(
  trx: Trx,
  id: string,
  decision: Pick<FiatRequest, 'status' | 'decided_by' | 'decision_reason' | 'bank_reference'>,
  now: Date,
): Promise<FiatRequest> {
  return trx
    .updateTable('fiat_requests')
    .set({ ...decision, decided_at: now, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A request whose kind is known statically. */
export type OfKind<K extends FiatRequestKind> = FiatRequest & { kind: K };

export function ownFiatRequest<K extends FiatRequestKind>(
  db: Db,
  kind: K,
  userId: string,
  id: string,
): Promise<OfKind<K> | undefined> {
  return db
    .selectFrom('fiat_requests')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .executeTakeFirst() as Promise<OfKind<K> | undefined>;
}

/** The user's requests of one kind, newest first (UUID v7 ids sort by creation). */
export function ownFiatRequests<K extends FiatRequestKind>(
  db: Db,
  kind: K,
  userId: string,
  page: PageOptions,
): Promise<OfKind<K>[]> {
  let query = db
    .selectFrom('fiat_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (page.cursor) query = query.where('id', '<', page.cursor);
  return query.execute() as Promise<OfKind<K>[]>;
}

/** Requests of one kind for the back office, oldest first (the order they are worked through). */
export function fiatRequestQueue<K extends FiatRequestKind>(
  db: Db,
  kind: K,
  options: PageOptions & { status?: FiatRequest['status'] },
): Promise<(OfKind<K> & { email: string })[]> {
  let query = db
    .selectFrom('fiat_requests')
    .innerJoin('users', 'users.id', 'fiat_requests.user_id')
    .selectAll('fiat_requests')
    .select('users.email')
    .where('fiat_requests.kind', '=', kind)
    .orderBy('fiat_requests.id', 'asc')
    .limit(options.limit + 1);
  if (options.status) query = query.where('fiat_requests.status', '=', options.status);
  if (options.cursor) query = query.where('fiat_requests.id', '>', options.cursor);
  return query.execute() as Promise<(OfKind<K> & { email: string })[]>;
}

/** The user's ledger rows, newest first. */
export function ledgerOf(db: Db, userId: string, page: PageOptions) {
  let query = db
    .selectFrom('fiat_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (page.cursor) query = query.where('id', '<', page.cursor);
  return query.execute();
}
