/**
 * The fiat ledger: every movement of money is a row here, written in the same transaction as the
 * balance change it records (ARCHITECTURE principle 5). `moveFiat` is the only code that changes
 * users.fiat_balance. Balances cannot go negative (a check constraint); a debit that would make
 * one negative is refused as INSUFFICIENT_FUNDS and the transaction rolls back. `moveFiatBatch`
 * is the same for many movements at once (the trading process's group commit): one statement, a
 * named prepared one, under the same rules.
 */
import { sql } from 'kysely';
import type { Trx } from '../db/database.js';
import { prepared, runPrepared } from '../db/prepared.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { Exact, toMoney } from '../money.js';
import { centsOf, centsOrNull, formatCents } from '../cents.js';

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
  'order_lock',
  'order_release',
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
 * The balances and the ledger rows of many movements, as three CTEs (`fiat_locked`,
 * `fiat_updated`, `fiat_ledger_rows`, one row per ledger row) taking the eight arrays of
 * `fiatBatchParameters` from $first on, for a statement of its own or one that writes more. The
 * users are locked in id order first (the update takes only locked rows): an update takes them
 * in no promised order, and two batches over the same users must not wait on each other
 * crosswise. Each row's balance_after is the user's final balance less what the user's later
 * movements of the batch add.
 */
export function fiatBatchCtes(first: number): string {
  const $ = (i: number) => `$${first + i}`;
  return `fiat_locked as (
     select id from users where id = any(${$(0)}::uuid[]) order by id for no key update
   ), fiat_updated as (
     update users u set fiat_balance = u.fiat_balance + v.delta, updated_at = now()
     from unnest(${$(0)}::uuid[], ${$(1)}::numeric[]) as v(id, delta)
     where u.id = v.id and u.id in (select id from fiat_locked)
     returning u.id, u.fiat_balance
   ), fiat_ledger_rows as (
     insert into fiat_ledger
       (id, user_id, kind, amount, balance_after, reference_type, reference_id)
     select m.id, m.user_id, m.kind, m.amount,
       fiat_updated.fiat_balance - coalesce(sum(m.amount) over (
         partition by m.user_id order by m.ord rows between 1 following and unbounded following
       ), 0),
       m.reference_type, m.reference_id
     from unnest(${$(2)}::uuid[], ${$(3)}::uuid[], ${$(4)}::varchar[], ${$(5)}::numeric[],
       ${$(6)}::varchar[], ${$(7)}::uuid[])
       with ordinality as m(id, user_id, kind, amount, reference_type, reference_id, ord)
     join fiat_updated on fiat_updated.id = m.user_id
     returning 1
   )`;
}

/** How many parameters `fiatBatchCtes` takes. */
export const fiatBatchParameterCount = 8;

/** The parameters of `fiatBatchCtes`: users in id order with their net change, then the rows. */
export function fiatBatchParameters(movements: readonly FiatMovement[]): unknown[] {
  // integer cents: a batch's movements are whole cents already, and toMoney rounds any other
  const amounts = movements.map((movement) => {
    const cents = centsOrNull(movement.amount) ?? centsOf(toMoney(movement.amount));
    if (cents === 0n) throw new Error('a ledger movement cannot be zero');
    return cents;
  });
  const net = new Map<string, bigint>();
  movements.forEach((movement, i) => {
    net.set(movement.userId, (net.get(movement.userId) ?? 0n) + amounts[i]!);
  });
  const userIds = [...net.keys()].sort();
  return [
    userIds,
    userIds.map((id) => formatCents(net.get(id)!)),
    movements.map(() => newId()),
    movements.map((m) => m.userId),
    movements.map((m) => m.kind),
    amounts.map((cents) => formatCents(cents)),
    movements.map((m) => m.referenceType),
    movements.map((m) => m.referenceId),
  ];
}

/**
 * What a statement of `fiatBatchCtes` answered: a final balance below zero is INSUFFICIENT_FUNDS
 * (a negative running balance, a debit ordered before what funds it, is the caller's error and
 * stays the database's); a movement of an unknown user writes no row.
 */
export async function fiatBatchOutcome(
  written: Promise<number>,
  movements: readonly FiatMovement[],
): Promise<void> {
  let rows: number;
  try {
    rows = await written;
  } catch (error) {
    const { code, table } = error as { code?: string; table?: string };
    if (code === '23514' && table === 'users') {
      throw new AppError('INSUFFICIENT_FUNDS', 'A balance does not cover its debits');
    }
    throw error;
  }
  if (rows !== movements.length) throw new Error('a ledger movement names an unknown user');
}

const moveBatchStatement = prepared(
  'fiat_move_batch',
  `with ${fiatBatchCtes(1)} select count(*)::integer as rows from fiat_ledger_rows`,
);

/**
 * Applies many movements in one statement: each user's balance changes by the sum of their
 * movements, and every movement is its own ledger row whose balance_after is the running balance
 * in the order given. The caller orders debits after what funds them (a row's balance_after may
 * not be negative); a final balance below zero is INSUFFICIENT_FUNDS. Users are locked in id
 * order, the same order every batch locks them in.
 */
export async function moveFiatBatch(trx: Trx, movements: readonly FiatMovement[]): Promise<void> {
  if (movements.length === 0) return;
  await fiatBatchOutcome(
    runPrepared<{ rows: number }>(trx, moveBatchStatement, fiatBatchParameters(movements)).then(
      (result) => result.rows[0]!.rows,
    ),
    movements,
  );
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
