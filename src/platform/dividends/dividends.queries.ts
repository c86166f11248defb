/** Dividend rows: declarations, payments (each a job of the distribution), chain batches. */
import { holdingsAt } from '../register/register.queries.js';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../lib/db/schema.js';
import type { Db, Trx } from '../../lib/db/database.js';
import type { Insertable, Updateable } from 'kysely';
import type {
  DividendDeclaration,
  DividendDeclarationsTable,
  DividendPayment,
  DividendPaymentStatus,
  DividendStatus,
} from '../../lib/db/schema-dividends.js';
import { newId } from '../../lib/ids.js';
import type { PlannedPayment } from './dividend.math.js';

export function dividendForUpdate(trx: Trx, id: string): Promise<DividendDeclaration | undefined> {
  return trx
    .selectFrom('dividend_declarations')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findDividend(db: Db | Trx, id: string): Promise<DividendDeclaration | undefined> {
  return db.selectFrom('dividend_declarations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A declaration that waits for a person: to approve, to distribute (once its holders are counted:
 * before its record date it waits for the date), or distributed with a payment that failed (to
 * retry).
 */
export function dividendWaits(eb: ExpressionBuilder<Database, 'dividend_declarations'>) {
  return eb.or([
    eb.and([
      eb('dividend_declarations.status', 'in', ['pending_approval', 'approved']),
      eb('dividend_declarations.snapshot_at', 'is not', null),
    ]),
    eb.exists(
      eb
        .selectFrom('dividend_payments')
        .select('dividend_payments.id')
        .whereRef('dividend_payments.dividend_id', '=', 'dividend_declarations.id')
        .where('dividend_payments.status', '=', 'failed'),
    ),
  ]);
}

/** `status` 'waiting' lists what waits for a person (dividendWaits). */
export function listDividends(
  db: Db,
  options: {
    limit: number;
    cursor?: string;
    issuerId?: string;
    tokenId?: string;
    status?: DividendStatus | 'waiting';
  },
) {
  let query = db
    .selectFrom('dividend_declarations')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.cursor) query = query.where('id', '<', options.cursor);
  if (options.issuerId) query = query.where('issuer_id', '=', options.issuerId);
  if (options.tokenId) query = query.where('token_id', '=', options.tokenId);
  if (options.status === 'waiting') query = query.where(dividendWaits);
  else if (options.status) query = query.where('status', '=', options.status);
  return query.execute();
}

function paymentsWithChain(db: Db) {
  return db
    .selectFrom('dividend_payments')
    .leftJoin(
      'dividend_chain_batches',
      'dividend_chain_batches.id',
      'dividend_payments.chain_batch_id',
    )
    .selectAll('dividend_payments')
    .select([
      'dividend_chain_batches.status as chain_status',
      'dividend_chain_batches.tx_hash as chain_tx_hash',
      'dividend_chain_batches.error as chain_error',
    ]);
}

/** A declaration's payments in id order (the order they are paid in). */
export function listPayments(
  db: Db,
  dividendId: string,
  options: { limit: number; cursor?: string; status?: DividendPaymentStatus },
) {
  let query = paymentsWithChain(db)
    .where('dividend_payments.dividend_id', '=', dividendId)
    .orderBy('dividend_payments.id')
    .limit(options.limit + 1);
  if (options.cursor) query = query.where('dividend_payments.id', '>', options.cursor);
  if (options.status) query = query.where('dividend_payments.status', '=', options.status);
  return query.execute();
}

/** A holder's payments, newest first, with the declaration they belong to. */
export function holderPayments(
  db: Db,
  userId: string,
  options: { limit: number; cursor?: string; status?: DividendPaymentStatus },
) {
  let query = paymentsWithChain(db)
    .innerJoin('dividend_declarations', 'dividend_declarations.id', 'dividend_payments.dividend_id')
    .innerJoin('tokens', 'tokens.id', 'dividend_declarations.token_id')
    .select([
      'dividend_declarations.token_id',
      'tokens.symbol',
      'dividend_declarations.dividend_type',
      'dividend_declarations.payment_date',
    ])
    .where('dividend_payments.user_id', '=', userId)
    // a declaration not yet distributed is the issuer's plan, not the holder's money
    .where('dividend_declarations.status', 'in', ['distributing', 'distributed'])
    .orderBy('dividend_payments.id', 'desc')
    .limit(options.limit + 1);
  if (options.cursor) query = query.where('dividend_payments.id', '<', options.cursor);
  if (options.status) query = query.where('dividend_payments.status', '=', options.status);
  return query.execute();
}

/** Each holder's tokens of a token dividend. */
export function paymentQuantities(trx: Trx, dividendId: string) {
  return trx
    .selectFrom('dividend_payments')
    .select(['user_id', 'quantity'])
    .where('dividend_id', '=', dividendId)
    .orderBy('id')
    .execute();
}

/**
 * Who held the token at the record date (the register then: balance above 0), but the given
 * users; in user id order.
 */
export async function snapshotHolders(
  trx: Trx,
  tokenId: string,
  recordDate: Date,
  excluded: string[],
) {
  const holdings = await holdingsAt(trx, tokenId, recordDate);
  return holdings
    .filter((h) => !excluded.includes(h.userId) && Number(h.units) > 0)
    .map((h) => ({ userId: h.userId, balance: Number(h.units) }));
}

/** Declarations whose record date has passed and whose holders are not counted yet. */
export function dueSnapshots(db: Db, now: Date) {
  return db
    .selectFrom('dividend_declarations')
    .select('id')
    .where('snapshot_at', 'is', null)
    .where('status', '!=', 'cancelled')
    .where('record_date', '<=', now)
    .orderBy('record_date')
    .execute();
}

/** Stays below PostgreSQL's 65,535 parameters per statement. */
const insertChunk = 2_000;

export async function insertPayments(
  trx: Trx,
  dividendId: string,
  payments: readonly PlannedPayment[],
): Promise<void> {
  for (let start = 0; start < payments.length; start += insertChunk) {
    await trx
      .insertInto('dividend_payments')
      .values(
        payments.slice(start, start + insertChunk).map((p) => ({
          id: newId(),
          dividend_id: dividendId,
          user_id: p.userId,
          token_balance: p.balance,
          gross_amount: p.gross,
          fee_amount: p.fee,
          net_amount: p.net,
          quantity: p.quantity,
          status: 'pending' as const,
        })),
      )
      .execute();
  }
}

export async function setPaymentsStatus(
  trx: Trx,
  dividendId: string,
  from: DividendPaymentStatus,
  to: DividendPaymentStatus,
): Promise<void> {
  await trx
    .updateTable('dividend_payments')
    .set({ status: to, updated_at: sql<Date>`now()` })
    .where('dividend_id', '=', dividendId)
    .where('status', '=', from)
    .execute();
}

/**
 * Claims up to `limit` pending payments of declarations being (or already) distributed whose
 * payment date has come, skipping
 * rows another worker holds. The claim lives as long as the caller's transaction: a crash rolls it
 * back and the rows are pending again for the next worker.
 */
export function claimPayments(trx: Trx, limit: number, now: Date): Promise<DividendPayment[]> {
  return trx
    .selectFrom('dividend_payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('dividend_id', 'in', (eb) =>
      eb
        .selectFrom('dividend_declarations')
        .select('id')
        .where('status', 'in', ['distributing', 'distributed'])
        .where('payment_date', '<=', now),
    )
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/**
 * Marks distributed every distributing declaration with no payment left pending. A separate
 * statement after the payments commit: a worker's own transaction still sees other workers'
 * claimed rows as pending, so only a check after the commits can tell the last one.
 */
export function finishDistributions(db: Db) {
  return db
    .updateTable('dividend_declarations')
    .set((eb) => ({
      status: 'distributed',
      distributed_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
      holder_count: eb
        .selectFrom('dividend_payments')
        .select((p) => p.fn.countAll<number>().as('paid'))
        .whereRef('dividend_payments.dividend_id', '=', 'dividend_declarations.id')
        .where('dividend_payments.status', '=', 'paid'),
    }))
    .where('status', '=', 'distributing')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('dividend_payments')
            .select('id')
            .whereRef('dividend_payments.dividend_id', '=', 'dividend_declarations.id')
            .where('dividend_payments.status', '=', 'pending'),
        ),
      ),
    )
    .returning('id')
    .execute();
}

/** The token a dividend is declared on, with the user who owns its business. */
export function tokenWithOwner(trx: Db | Trx, tokenId: string) {
  return trx
    .selectFrom('tokens')
    .innerJoin('businesses', 'businesses.id', 'tokens.business_id')
    .select(['tokens.id', 'tokens.status', 'tokens.contract_address', 'businesses.owner_id'])
    .where('tokens.id', '=', tokenId)
    .executeTakeFirst();
}

export function insertDividend(
  trx: Trx,
  row: Insertable<DividendDeclarationsTable>,
): Promise<DividendDeclaration> {
  return trx
    .insertInto('dividend_declarations')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateDividend(
  trx: Trx,
  id: string,
  changes: Updateable<DividendDeclarationsTable>,
): Promise<DividendDeclaration> {
  return trx
    .updateTable('dividend_declarations')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The issuer's wallet of the token (undefined before its first token). */
export function issuerWallet(trx: Trx, issuerId: string, tokenId: string) {
  return trx
    .selectFrom('wallets')
    .select(['balance', 'locked_balance'])
    .where('user_id', '=', issuerId)
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
}

export async function fiatBalanceOf(trx: Trx, userId: string): Promise<string> {
  const user = await trx
    .selectFrom('users')
    .select('fiat_balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.fiat_balance;
}

/**
 * Changes the issuer's token wallet by these amounts: a token dividend holds (locks) the tokens it
 * will pay, and each payment takes its tokens out of the balance and the hold together.
 */
export async function changeIssuerTokens(
  trx: Trx,
  wallet: { issuerId: string; tokenId: string },
  change: { balance: number; locked: number },
): Promise<void> {
  await trx
    .updateTable('wallets')
    .set((eb) => ({
      balance: eb('balance', '+', change.balance),
      locked_balance: eb('locked_balance', '+', change.locked),
      updated_at: sql<Date>`now()`,
    }))
    .where('user_id', '=', wallet.issuerId)
    .where('token_id', '=', wallet.tokenId)
    .execute();
}

export function paymentForUpdate(trx: Trx, id: string): Promise<DividendPayment | undefined> {
  return trx
    .selectFrom('dividend_payments')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A failed payment pending again. */
export function retryPayment(trx: Trx, id: string): Promise<DividendPayment> {
  return trx
    .updateTable('dividend_payments')
    .set({ status: 'pending', updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The declaration's failed on-chain batches pending again, with a fresh count of attempts. */
export function retryFailedChainBatches(trx: Trx, dividendId: string) {
  return trx
    .updateTable('dividend_chain_batches')
    .set({ status: 'pending', attempts: 0, due_at: null, updated_at: sql<Date>`now()` })
    .where('dividend_id', '=', dividendId)
    .where('status', '=', 'failed')
    .returning('id')
    .execute();
}
