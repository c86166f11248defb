/**
 * The ledger of balances held in other currencies than the fiat balance (USDC paid by stablecoin
 * dividends): `user_balances` holds one row per user and currency, and every change of it is a
 * `balance_ledger` row written in the same transaction, as moveFiat does for users.fiat_balance.
 * Balances cannot go negative (a check constraint).
 */
import { sql } from 'kysely';
import type { Trx } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { Exact, toMoney } from '../../lib/money.js';

export const balanceCurrencies = ['USDC'] as const;
export type BalanceCurrency = (typeof balanceCurrencies)[number];

export interface BalanceMovement {
  userId: string;
  currency: BalanceCurrency;
  /** signed decimal: positive credits, negative debits */
  amount: string;
  kind: 'dividend';
  referenceType: string;
  referenceId: string;
}

/** Applies the movement (creating the balance at its first credit); returns the balance after it. */
export async function moveBalance(trx: Trx, movement: BalanceMovement): Promise<string> {
  const amount = toMoney(movement.amount);
  if (new Exact(amount).isZero()) throw new Error('a ledger movement cannot be zero');
  let balanceAfter: string;
  try {
    const row = await trx
      .insertInto('user_balances')
      .values({ user_id: movement.userId, currency: movement.currency, balance: amount })
      .onConflict((oc) =>
        oc.columns(['user_id', 'currency']).doUpdateSet({
          balance: sql<string>`user_balances.balance + excluded.balance`,
          updated_at: sql<Date>`now()`,
        }),
      )
      .returning('balance')
      .executeTakeFirstOrThrow();
    balanceAfter = row.balance;
  } catch (error) {
    if ((error as { code?: string }).code === '23514') {
      throw new AppError('INSUFFICIENT_FUNDS', `The ${movement.currency} balance is too low`);
    }
    throw error;
  }
  await trx
    .insertInto('balance_ledger')
    .values({
      id: newId(),
      user_id: movement.userId,
      currency: movement.currency,
      kind: movement.kind,
      amount,
      balance_after: balanceAfter,
      reference_type: movement.referenceType,
      reference_id: movement.referenceId,
    })
    .execute();
  return balanceAfter;
}
