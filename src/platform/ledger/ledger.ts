/**
 * The fiat ledger: every movement of money is a row here, written in the same transaction as the
 * balance change it records (ARCHITECTURE principle 5). `moveFiat` is the only code that changes
 * users.fiat_balance. Balances cannot go negative (a check constraint); a debit that would make
 * one negative is refused as INSUFFICIENT_FUNDS and the transaction rolls back.
 */
import { sql } from 'kysely';
import type { Trx } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { Exact, toMoney } from '../../lib/money.js';

export const ledgerKinds = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'subscription_hold',
  'subscription_refund',
  'subscription_proceeds',
  'success_fee',
  'trade_buy',
  'trade_sell',
  'trade_fee',
  'dividend',
  'dividend_fee',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export interface FiatMovement {
  userId: string;
  /** signed decimal: positive credits, negative debits; rounded to cents by toMoney */
  amount: string;
  kind: LedgerKind;
  referenceType: string;
  referenceId: string;
}

/** Applies the movement to the user's balance and records it; returns the balance after it. */
export async function moveFiat(trx: Trx, movement: FiatMovement): Promise<string> {
  const amount = toMoney(movement.amount);
  if (new Exact(amount).isZero()) throw new Error('a ledger movement cannot be zero');
  let balanceAfter: string;
  try {
    const row = await trx
      .updateTable('users')
      .set({ fiat_balance: sql<string>`fiat_balance + ${amount}::numeric`, updated_at: new Date() })
      .where('id', '=', movement.userId)
      .returning('fiat_balance')
      .executeTakeFirstOrThrow();
    balanceAfter = row.fiat_balance;
  } catch (error) {
    if ((error as { code?: string }).code === '23514') {
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `The balance does not cover ${new Exact(amount).negated().toFixed(2)}`,
      );
    }
    throw error;
  }
  await trx
    .insertInto('fiat_ledger')
    .values({
      id: newId(),
      user_id: movement.userId,
      kind: movement.kind,
      amount,
      balance_after: balanceAfter,
      reference_type: movement.referenceType,
      reference_id: movement.referenceId,
    })
    .execute();
  return balanceAfter;
}

/**
 * Several movements of distinct users in a few statements (a dividend batch pays hundreds): the
 * users locked in id order (so concurrent batches cannot deadlock), their balances changed in one
 * UPDATE, the ledger rows inserted in one INSERT. Same rules as moveFiat; all or nothing.
 */
export async function moveFiatMany(trx: Trx, movements: readonly FiatMovement[]): Promise<void> {
  if (movements.length === 0) return;
  const rows = movements.map((m) => ({ ...m, amount: toMoney(m.amount) }));
  if (rows.some((r) => new Exact(r.amount).isZero())) {
    throw new Error('a ledger movement cannot be zero');
  }
  const userIds = rows.map((r) => r.userId);
  if (new Set(userIds).size !== rows.length) throw new Error('one movement per user');
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  const values = sql.join(rows.map((r) => sql`(${r.userId}::uuid, ${r.amount}::numeric)`));
  let balances: Map<string, string>;
  try {
    const updated = await sql<{ id: string; fiat_balance: string }>`
      update users set fiat_balance = users.fiat_balance + m.amount, updated_at = now()
      from (values ${values}) as m (id, amount)
      where users.id = m.id
      returning users.id, users.fiat_balance`.execute(trx);
    balances = new Map(updated.rows.map((row) => [row.id, row.fiat_balance]));
  } catch (error) {
    if ((error as { code?: string }).code === '23514') {
      throw new AppError('INSUFFICIENT_FUNDS', 'A balance does not cover its debit');
    }
    throw error;
  }
  await trx
    .insertInto('fiat_ledger')
    .values(
      rows.map((r) => ({
        id: newId(),
        user_id: r.userId,
        kind: r.kind,
        amount: r.amount,
        balance_after: balances.get(r.userId)!,
        reference_type: r.referenceType,
        reference_id: r.referenceId,
      })),
    )
    .execute();
}

/** Moves `amount` from one user to another as two ledger rows (e.g. a fee to the treasury). */
export async function transferFiat(
  trx: Trx,
  transfer: {
    fromUserId: string;
    toUserId: string;
    amount: string;
    kind: LedgerKind;
    referenceType: string;
    referenceId: string;
  },
): Promise<void> {
  const reference = {
    kind: transfer.kind,
    referenceType: transfer.referenceType,
    referenceId: transfer.referenceId,
  };
  await moveFiat(trx, {
    ...reference,
    userId: transfer.fromUserId,
    amount: new Exact(transfer.amount).negated().toString(),
  });
  await moveFiat(trx, { ...reference, userId: transfer.toUserId, amount: transfer.amount });
}

/** The treasury's user id (one row, created by the first migration). */
export async function treasuryId(trx: Trx): Promise<string> {
  return (
    await trx
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'treasury')
      .executeTakeFirstOrThrow()
  ).id;
}
