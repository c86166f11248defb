/** Debt token rows: terms, scheduled payments, calls and burn batches (migration 0068). */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type {
  BurnHolder,
  DebtCall,
  DebtCallsTable,
  DebtPayment,
  DebtPaymentsTable,
  DebtTermsRow,
  DebtTermsTable,
} from '../../lib/db/schema-debt.js';
import { newId } from '../../lib/ids.js';

export async function insertDebtTerms(trx: Trx, row: Insertable<DebtTermsTable>): Promise<void> {
  await trx.insertInto('debt_terms').values(row).execute();
}

export async function insertDebtPayments(
  trx: Trx,
  rows: ReadonlyArray<Insertable<DebtPaymentsTable>>,
): Promise<void> {
  if (rows.length > 0)
    await trx
      .insertInto('debt_payments')
      .values([...rows])
      .execute();
}

export function debtTermsOf(db: Db | Trx, tokenId: string): Promise<DebtTermsRow | undefined> {
  return db.selectFrom('debt_terms').selectAll().where('token_id', '=', tokenId).executeTakeFirst();
}

/** The payments of a token in date order (a call's redemption after the coupons it replaced). */
export function debtPaymentsOf(db: Db | Trx, tokenId: string): Promise<DebtPayment[]> {
  return db
    .selectFrom('debt_payments')
    .selectAll()
    .where('token_id', '=', tokenId)
    .orderBy('payment_date')
    .orderBy('kind')
    .execute();
}

export function debtPaymentForUpdate(trx: Trx, id: string): Promise<DebtPayment | undefined> {
  return trx
    .selectFrom('debt_payments')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateDebtPayment(
  trx: Trx,
  id: string,
  changes: Updateable<DebtPaymentsTable>,
): Promise<DebtPayment> {
  return trx
    .updateTable('debt_payments')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Scheduled payments whose period has begun, of tokens past draft and not delisted. */
export function paymentsToDeclare(db: Db, today: string) {
  return db
    .selectFrom('debt_payments')
    .innerJoin('tokens', 'tokens.id', 'debt_payments.token_id')
    .select('debt_payments.id')
    .where('debt_payments.status', '=', 'scheduled')
    .where('debt_payments.accrual_start', '<=', today)
    .where('tokens.status', 'not in', ['draft', 'delisted'])
    .orderBy('debt_payments.payment_date')
    .execute();
}

/** Payments in progress (declared, paying or burning) and their declarations. */
export function openPayments(db: Db) {
  return db
    .selectFrom('debt_payments')
    .select(['id', 'dividend_id'])
    .where('status', 'in', ['declared', 'paying', 'burning'])
    .orderBy('payment_date')
    .execute();
}

export function tokenSymbol(trx: Trx, tokenId: string) {
  return trx.selectFrom('tokens').select('symbol').where('id', '=', tokenId).executeTakeFirst();
}

/** Units the token's holders (but `excluded`) hold now, by the wallets. */
export async function unitsHeldExcept(
  db: Db | Trx,
  tokenId: string,
  excluded: string[],
): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('balance'), sql<string>`0`).as('units'))
    .where('token_id', '=', tokenId)
    .where('user_id', 'not in', excluded)
    .executeTakeFirstOrThrow();
  return Number(row.units);
}

/** Every wallet holding the token, locked: what a redemption burns. */
export function walletsToBurn(trx: Trx, tokenId: string) {
  return trx
    .selectFrom('wallets')
    .select(['user_id', 'balance', 'locked_balance'])
    .where('token_id', '=', tokenId)
    .where('balance', '>', 0)
    .orderBy('user_id')
    .forUpdate()
    .execute();
}

/** Empties the wallets of a redeemed token (frozen units included: burn takes them too). */
export async function emptyWallets(trx: Trx, tokenId: string, userIds: string[]): Promise<void> {
  await trx
    .updateTable('wallets')
    .set({ balance: 0, locked_balance: 0, frozen_quantity: 0, updated_at: sql<Date>`now()` })
    .where('token_id', '=', tokenId)
    .where('user_id', 'in', userIds)
    .execute();
}

export async function insertBurnBatch(
  trx: Trx,
  paymentId: string,
  holders: BurnHolder[],
): Promise<void> {
  await trx
    .insertInto('debt_burn_batches')
    .values({ id: newId(), payment_id: paymentId, holders: JSON.stringify(holders) })
    .execute();
}

/** How many of a redemption's burn batches are not sent yet (failed ones included). */
export async function unsentBurns(db: Db | Trx, paymentId: string): Promise<number> {
  const row = await db
    .selectFrom('debt_burn_batches')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('payment_id', '=', paymentId)
    .where('status', '!=', 'sent')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A redemption's burn batches that failed for good, with why. */
export function failedBurns(db: Db | Trx, paymentId: string) {
  return db
    .selectFrom('debt_burn_batches')
    .select(['id', 'error', 'key_round', 'updated_at'])
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'failed')
    .orderBy('id')
    .execute();
}

/** Puts a failed burn batch back in the queue, due now, its attempts counted afresh. */
export async function requeueBurn(trx: Trx, id: string, keyRound: number): Promise<void> {
  await trx
    .updateTable('debt_burn_batches')
    .set({
      status: 'pending',
      attempts: 0,
      waits: 0,
      due_at: null,
      error: null,
      key_round: keyRound,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .execute();
}

/** Redemptions whose burn failed for good: the token, the batches failed and the retry asked. */
export function burnFailures(db: Db) {
  return db
    .selectFrom('debt_payments')
    .innerJoin('tokens', 'tokens.id', 'debt_payments.token_id')
    .innerJoin('debt_burn_batches as b', 'b.payment_id', 'debt_payments.id')
    .select((eb) => [
      'debt_payments.id',
      'debt_payments.token_id',
      'tokens.symbol',
      'debt_payments.payment_date',
      'debt_payments.burn_failed_at',
      'debt_payments.burn_retry_requested_by',
      'debt_payments.burn_retry_requested_at',
      eb.fn.countAll<string>().as('failed_batches'),
      eb.fn.max('b.error').as('error'),
    ])
    .where('debt_payments.status', '=', 'burning')
    .where('b.status', '=', 'failed')
    .groupBy(['debt_payments.id', 'tokens.symbol'])
    .orderBy('debt_payments.payment_date')
    .execute();
}

/** The token and the issuer a burn batch belongs to. */
export function burnBatchToken(db: Db, paymentId: string) {
  return db
    .selectFrom('debt_payments')
    .innerJoin('tokens', 'tokens.id', 'debt_payments.token_id')
    .select(['tokens.id', 'tokens.contract_address', 'tokens.decimals', 'tokens.business_id'])
    .where('debt_payments.id', '=', paymentId)
    .executeTakeFirstOrThrow();
}

/** Staff and admins to alert. */
export function staffIds(trx: Trx) {
  return trx
    .selectFrom('users')
    .select('id')
    .where('role', 'in', ['staff', 'admin'])
    .where('is_activated', '=', true)
    .execute();
}

export function insertCall(trx: Trx, row: Insertable<DebtCallsTable>): Promise<DebtCall> {
  return trx.insertInto('debt_calls').values(row).returningAll().executeTakeFirstOrThrow();
}

export function callForUpdate(trx: Trx, id: string): Promise<DebtCall | undefined> {
  return trx
    .selectFrom('debt_calls')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateCall(
  trx: Trx,
  id: string,
  changes: Updateable<DebtCallsTable>,
): Promise<DebtCall> {
  return trx
    .updateTable('debt_calls')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function callsOf(db: Db, options: { tokenId?: string; status?: DebtCall['status'] }) {
  let query = db.selectFrom('debt_calls').selectAll().orderBy('created_at', 'desc');
  if (options.tokenId) query = query.where('token_id', '=', options.tokenId);
  if (options.status) query = query.where('status', '=', options.status);
  return query.execute();
}

/** Sets the instant a token matures (its book closes): the end of its last record day. */
export async function setTokenMaturity(trx: Trx, tokenId: string, at: Date): Promise<void> {
  await trx
    .updateTable('tokens')
    .set({ maturity_date: at, updated_at: sql<Date>`now()` })
    .where('id', '=', tokenId)
    .execute();
}

/** A holder's coupons and redemptions: the payments of the debt tokens they hold or held. */
export function holderDebtPayments(db: Db, userId: string) {
  return db
    .selectFrom('debt_payments')
    .innerJoin('tokens', 'tokens.id', 'debt_payments.token_id')
    .leftJoin('dividend_payments as p', (join) =>
      join.onRef('p.dividend_id', '=', 'debt_payments.dividend_id').on('p.user_id', '=', userId),
    )
    .select([
      'debt_payments.id',
      'debt_payments.token_id',
      'tokens.symbol',
      'debt_payments.number',
      'debt_payments.kind',
      'debt_payments.payment_date',
      'debt_payments.record_date',
      'debt_payments.coupon_per_unit',
      'debt_payments.principal_per_unit',
      'debt_payments.status',
      'p.token_balance as units',
      'p.net_amount as amount',
      'p.status as payment_status',
    ])
    .where('debt_payments.status', '!=', 'cancelled')
    .where((eb) =>
      eb.or([
        eb('p.id', 'is not', null),
        eb.exists(
          eb
            .selectFrom('wallets')
            .select('wallets.user_id')
            .whereRef('wallets.token_id', '=', 'debt_payments.token_id')
            .where('wallets.user_id', '=', userId)
            .where('wallets.balance', '>', 0),
        ),
      ]),
    )
    .orderBy('debt_payments.payment_date')
    .execute();
}
