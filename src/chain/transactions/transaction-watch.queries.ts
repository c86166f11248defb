/**
 * The confirmation watcher's reads and writes on gas_transactions: "the row is the job". A row is
 * watched while it is not final (confirmed_at null) and either has a receipt to confirm, was sent
 * back to the chain after its block was lost, or has waited for a receipt past the alert bound.
 */
import { sql, type Selectable } from 'kysely';
import type { Address, Hex } from 'viem';
import { transaction, type Db } from '../../lib/db/database.js';
import type { ChainAlert, GasTransactionsTable } from '../../lib/db/schema.js';
import { newId } from '../../lib/ids.js';

export type WatchedRow = Selectable<GasTransactionsTable>;

interface Signer {
  chainId: number;
  from: Address;
}

/**
 * Opens again the final rows that the chain can no longer hold: a nonce at or above the signer's
 * count on chain, or a block above the head (the chain went back: a node restarted from an older
 * state, a deep reorganisation). Returns how many.
 */
export async function reopenBeyondChain(
  db: Db,
  signer: Signer & { nonceCount: number; head: number },
): Promise<number> {
  const result = await db
    .updateTable('gas_transactions')
    .set({ confirmed_at: null, watch_due_at: null })
    .where('chain_id', '=', signer.chainId)
    .where('from_address', '=', signer.from)
    .where('status', 'in', ['mined', 'reverted'])
    .where('confirmed_at', 'is not', null)
    .where((eb) =>
      eb.or([eb('nonce', '>=', signer.nonceCount), eb('block_number', '>', signer.head)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Claims up to `limit` rows to check (FOR UPDATE SKIP LOCKED), setting their due time to the
 * claim's end, and returns them in nonce order (a lost block's transactions go back in order).
 */
export async function claimWatched(
  db: Db,
  options: Signer & { now: Date; until: Date; sentBefore: Date; limit: number },
): Promise<WatchedRow[]> {
  const result = await sql<WatchedRow>`
    update gas_transactions set watch_due_at = ${options.until}
    where id in (
      select id from gas_transactions
      where confirmed_at is null
        and chain_id = ${options.chainId} and from_address = ${options.from}
        and (status in ('mined', 'reverted')
          or (status = 'sent' and (redrives > 0 or sent_at <= ${options.sentBefore})))
        and (watch_due_at is null or watch_due_at <= ${options.now})
      order by nonce
      limit ${options.limit}
      for update skip locked)
    returning *`.execute(db);
  return [...result.rows].sort((a, b) => Number(a.nonce) - Number(b.nonce));
}

export async function findWatched(db: Db, id: string): Promise<WatchedRow | undefined> {
  return db.selectFrom('gas_transactions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Final: its block is deep enough and still holds it. */
export async function markConfirmed(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('gas_transactions')
    .set({ confirmed_at: at, watch_due_at: null, alert: null, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The same transaction, mined again in another block (a reorganisation that kept it). */
export async function moveToBlock(
  db: Db,
  id: string,
  block: { number: number; hash: Hex },
): Promise<void> {
  await db
    .updateTable('gas_transactions')
    .set({ block_number: block.number, block_hash: block.hash, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Its block is gone and the chain does not hold it: back to sent (its hash, nonce and signed bytes
 * kept, its receipt and gas dropped, its decoded result kept) for the watcher to drive again.
 */
export async function reopenAsSent(db: Db, id: string): Promise<WatchedRow> {
  return db
    .updateTable('gas_transactions')
    .set({
      status: 'sent',
      block_number: null,
      block_hash: null,
      gas_used: null,
      effective_gas_price: null,
      cost_wei: null,
      finished_at: null,
      error_code: null,
      // from now on, its wait for a receipt counts from the new send
      sent_at: sql<Date>`now()`,
      redrives: sql<number>`redrives + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Records what staff must look at and tells the reviewers once (a notification, as for the other
 * work awaiting staff); false when the row already carried this alert.
 */
export async function raiseAlert(
  db: Db,
  id: string,
  alert: { kind: ChainAlert; message: string; at: Date },
): Promise<boolean> {
  return transaction(db, async (trx) => {
    const raised = await trx
      .updateTable('gas_transactions')
      .set({ alert: alert.kind, alerted_at: alert.at, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('alert', 'is', null), eb('alert', '<>', alert.kind)]))
      .executeTakeFirst();
    if (raised.numUpdatedRows === 0n) return false;
    await trx
      .insertInto('notifications')
      .values({
        id: newId(),
        audience: 'reviewers',
        kind: `chain.transaction_${alert.kind}`,
        subject_type: 'gas_transaction',
        subject_id: id,
        message: alert.message,
      })
      .execute();
    return true;
  });
}

/** Rows that staff were alerted about and that are not mined again, per kind (the metric). */
export async function countAlerts(db: Db): Promise<Record<ChainAlert, number>> {
  const rows = await db
    .selectFrom('gas_transactions')
    .select(['alert', (eb) => eb.fn.countAll<string>().as('n')])
    .where('alert', 'is not', null)
    .groupBy('alert')
    .execute();
  const counts: Record<ChainAlert, number> = { undecided: 0, stalled: 0 };
  for (const row of rows) if (row.alert) counts[row.alert] = Number(row.n);
  return counts;
}
