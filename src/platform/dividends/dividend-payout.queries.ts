/** The distributor's and the chain sender's writes and reads of paid dividends. */
import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { DividendPayment } from '../../lib/db/schema-dividends.js';
import { newId } from '../../lib/ids.js';

/** Payments the gate refused, each failed with its reason. */
export async function failPayments(
  trx: Trx,
  refused: Array<[DividendPayment, string]>,
): Promise<void> {
  for (const [payment, reason] of refused) {
    await trx
      .updateTable('dividend_payments')
      .set((eb) => ({
        status: 'failed',
        failure_reason: reason,
        attempts: eb('attempts', '+', 1),
        updated_at: sql<Date>`now()`,
      }))
      .where('id', '=', payment.id)
      .execute();
  }
}

/** The holders' completed dividend wallet transactions. */
export async function insertDividendTransactions(
  trx: Trx,
  tokenId: string,
  payments: DividendPayment[],
): Promise<void> {
  await trx
    .insertInto('wallet_transactions')
    .values(
      payments.map((p) => ({
        id: newId(),
        user_id: p.user_id,
        token_id: tokenId,
        type: 'dividend' as const,
        status: 'completed' as const,
        quantity: p.quantity,
        amount: p.net_amount,
        reference_type: 'dividend_payment',
        reference_id: p.id,
      })),
    )
    .execute();
}

/** A new on-chain batch of the declaration holding these payments. */
export async function insertChainBatch(
  trx: Trx,
  dividendId: string,
  paymentIds: string[],
): Promise<void> {
  const batchId = newId();
  await trx
    .insertInto('dividend_chain_batches')
    .values({ id: batchId, dividend_id: dividendId })
    .execute();
  await trx
    .updateTable('dividend_payments')
    .set({ chain_batch_id: batchId })
    .where('id', 'in', paymentIds)
    .execute();
}

export async function markPaid(trx: Trx, paymentIds: string[]): Promise<void> {
  await trx
    .updateTable('dividend_payments')
    .set((eb) => ({
      status: 'paid',
      paid_at: sql<Date>`now()`,
      failure_reason: null,
      attempts: eb('attempts', '+', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where('id', 'in', paymentIds)
    .execute();
}

/** What a batch paid, out of what the declaration holds. */
export async function releaseHeld(
  trx: Trx,
  dividendId: string,
  paid: { gross: string; quantity: number; payments: number },
): Promise<void> {
  await trx
    .updateTable('dividend_declarations')
    .set((eb) => ({
      held_usd: sql<string>`held_usd - ${paid.gross}::numeric`,
      held_quantity: eb('held_quantity', '-', paid.quantity),
      // a payment retried after the end counts among the holders paid
      holder_count: sql<number>`case when status = 'distributed'
        then holder_count + ${paid.payments} else holder_count end`,
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', dividendId)
    .execute();
}

/** The token of a chain batch's declaration: its contract, decimals, payer and issuer. */
export function chainBatchToken(db: Db, dividendId: string) {
  return db
    .selectFrom('dividend_declarations')
    .innerJoin('tokens', 'tokens.id', 'dividend_declarations.token_id')
    .select([
      'dividend_declarations.issuer_id',
      'tokens.contract_address',
      'tokens.decimals',
      'tokens.business_id',
    ])
    .where('dividend_declarations.id', '=', dividendId)
    .executeTakeFirstOrThrow();
}

/** A chain batch's payments, in id order. */
export function chainBatchPayments(db: Db, batchId: string) {
  return db
    .selectFrom('dividend_payments')
    .select(['user_id', 'quantity'])
    .where('chain_batch_id', '=', batchId)
    .orderBy('id')
    .execute();
}
