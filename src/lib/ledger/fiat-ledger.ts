/**
 * The ledgers: every movement of money is a row here, written in the same transaction as the
 * balance change it records (ARCHITECTURE principle 5). `moveFiat` is the only code that changes
 * users.fiat_balance, `moveBalance` the only code that changes user_balances (USDC paid by
 * stablecoin dividends); both take the one step `applyMovement`. Balances cannot go negative (a
 * check constraint); a debit that would make one negative is refused as INSUFFICIENT_FUNDS and
 * the transaction rolls back. `moveFiatBatch` is moveFiat for many movements at once (the trading
 * process's group commit): one statement, a named prepared one, under the same rules.
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
  'accrued_interest',
  'dividend',
  'dividend_fee',
  'order_lock',
  'order_release',
  'cash_in_lieu',
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

/** The movement's amount in cents; a movement of nothing is a caller's error. */
function movedAmount(amount: string): string {
  const cents = toMoney(amount);
  if (new Exact(cents).isZero()) throw new Error('a ledger movement cannot be zero');
  return cents;
}

/** What both ledgers record of a movement; each ledger's table may add its own columns. */
interface LedgerRow<K extends string> {
  id: string;
  user_id: string;
  kind: K;
  amount: string;
  balance_after: string;
  reference_type: string;
  reference_id: string;
}

/**
 * The one step of every single movement: `change` applies the amount to the balance and answers
 * the balance after (the check constraint refuses a negative one: `refusal`), then `record`
 * writes the ledger row with that balance, in the same transaction.
 */
async function applyMovement<K extends string>(
  movement: { userId: string; amount: string; kind: K; referenceType: string; referenceId: string },
  change: (amount: string) => Promise<string>,
  refusal: (amount: string) => AppError,
  record: (row: LedgerRow<K>) => Promise<unknown>,
): Promise<string> {
  const amount = movedAmount(movement.amount);
  let balanceAfter: string;
  try {
    balanceAfter = await change(amount);
  } catch (error) {
    if ((error as { code?: string }).code === '23514') throw refusal(amount);
    throw error;
  }
  await record({
    id: newId(),
    user_id: movement.userId,
    kind: movement.kind,
    amount,
    balance_after: balanceAfter,
    reference_type: movement.referenceType,
    reference_id: movement.referenceId,
  });
  return balanceAfter;
}

/** Applies the movement to the user's balance and records it; returns the balance after it. */
export function moveFiat(trx: Trx, movement: FiatMovement): Promise<string> {
  return applyMovement(
    movement,
    async (amount) =>
      (
        await trx
          .updateTable('users')
          .set({
            fiat_balance: sql<string>`fiat_balance + ${amount}::numeric`,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', movement.userId)
          .returning('fiat_balance')
          .executeTakeFirstOrThrow()
      ).fiat_balance,
    (amount) =>
      new AppError(
        'INSUFFICIENT_FUNDS',
        `The balance does not cover ${new Exact(amount).negated().toFixed(2)}`,
      ),
    (row) => trx.insertInto('fiat_ledger').values(row).execute(),
  );
}

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

/**
 * Applies a movement of a balance in another currency than the fiat balance (creating the
 * balance at its first credit) and records it in balance_ledger; returns the balance after it.
 */
export function moveBalance(trx: Trx, movement: BalanceMovement): Promise<string> {
  return applyMovement(
    movement,
    async (amount) =>
      (
        await trx
          .insertInto('user_balances')
          .values({ user_id: movement.userId, currency: movement.currency, balance: amount })
          .onConflict((oc) =>
            oc.columns(['user_id', 'currency']).doUpdateSet({
              balance: sql<string>`user_balances.balance + excluded.balance`,
              updated_at: sql<Date>`now()`,
            }),
          )
          .returning('balance')
          .executeTakeFirstOrThrow()
      ).balance,
    () => new AppError('INSUFFICIENT_FUNDS', `The ${movement.currency} balance is too low`),
    (row) =>
      trx
        .insertInto('balance_ledger')
        .values({ ...row, currency: movement.currency })
        .execute(),
  );
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
