/**
 * What the drill checks after each fault, in the database the system runs on: money and tokens
 * conserved to the unit, every acknowledged command there exactly once, and the backlog the
 * system must clear by itself (trades to settle, mints, dividend payments and batches); and what would need
 * a person (anything failed, any staff retry in the audit log).
 */
import { sql } from 'kysely';
import type { Db } from '../../src/lib/db/database.js';
import { Exact } from '../../src/lib/money.js';
import type { DrillLoad } from './drill-load.js';

export interface DrillBaseline {
  /** every deposit the drill confirmed */
  deposits: string;
  /** the live token's units in all wallets after seeding (trades and dividends only move them) */
  liveTokenUnits: number;
  liveToken: string;
  offeringToken: string;
}

const one = async <T>(db: Db, query: ReturnType<typeof sql<T>>): Promise<T> =>
  (await query.execute(db)).rows[0]!;

/** Money and units the system holds, and how much of its chain work is still to do. */
export async function drillState(
  db: Db,
  baseline: Pick<DrillBaseline, 'liveToken' | 'offeringToken'>,
) {
  const money = await one<{ total: string }>(
    db,
    sql`select
      (select coalesce(sum(fiat_balance), 0) from users)
      + (select coalesce(sum(locked_fiat), 0) from orders)
      + (select coalesce(sum(amount), 0) from token_allocations where status = 'pending_payment')
      + (select coalesce(sum(held_usd), 0) from dividend_declarations)
      as total`,
  );
  const units = await one<{ live: string; offering: string; confirmed: string }>(
    db,
    sql`select
      (select coalesce(sum(balance), 0) from wallets where token_id = ${baseline.liveToken}) as live,
      (select coalesce(sum(balance), 0) from wallets where token_id = ${baseline.offeringToken})
        as offering,
      (select coalesce(sum(quantity), 0) from token_allocations
        where token_id = ${baseline.offeringToken} and status = 'confirmed') as confirmed`,
  );
  const backlog = await one<{ trades: number; mints: number; payments: number; batches: number }>(
    db,
    sql`select
      (select count(*)::int from trades where settlement_status <> 'settled') as trades,
      (select count(*)::int from token_allocations
        where status = 'confirmed' and on_chain_status <> 'minted') as mints,
      (select count(*)::int from dividend_payments where status <> 'paid') as payments,
      (select count(*)::int from dividend_chain_batches where status <> 'sent') as batches`,
  );
  const needsStaff = await one<{ failed: number; retries: number }>(
    db,
    sql`select
      (select count(*)::int from trades where settlement_status = 'failed')
      + (select count(*)::int from token_allocations where on_chain_status = 'failed')
      + (select count(*)::int from dividend_payments where status = 'failed')
      + (select count(*)::int from dividend_chain_batches where status = 'failed') as failed,
      (select count(*)::int from audit_logs where action like '%retry%') as retries`,
  );
  return { money: new Exact(money.total).toFixed(2), units, backlog, needsStaff };
}

export type DrillState = Awaited<ReturnType<typeof drillState>>;

/** Each way the state breaks conservation or loses an acknowledged command, in words. */
export async function losses(
  db: Db,
  baseline: DrillBaseline,
  state: DrillState,
  load: DrillLoad,
): Promise<string[]> {
  const lost: string[] = [];
  if (state.money !== new Exact(baseline.deposits).toFixed(2))
    lost.push(`fiat ${state.money} held, ${baseline.deposits} deposited`);
  if (Number(state.units.live) !== baseline.liveTokenUnits)
    lost.push(`live token ${state.units.live} units, ${baseline.liveTokenUnits} issued`);
  if (state.units.offering !== state.units.confirmed)
    lost.push(`offering token ${state.units.offering} in wallets, ${state.units.confirmed} sold`);

  const clientIds = [...load.orders.keys()];
  const placed =
    clientIds.length === 0
      ? []
      : await db
          .selectFrom('orders')
          .select(['id', 'client_order_id'])
          .where('client_order_id', 'in', clientIds)
          .execute();
  const seen = new Map<string, string[]>();
  for (const row of placed)
    seen.set(row.client_order_id!, [...(seen.get(row.client_order_id!) ?? []), row.id]);
  for (const [clientId, id] of load.orders) {
    const ids = seen.get(clientId) ?? [];
    if (ids.length !== 1 || ids[0] !== id)
      lost.push(`order ${clientId}: ${ids.length} in the database`);
  }
  const tradeIds = [...load.trades];
  const trades =
    tradeIds.length === 0
      ? []
      : await db.selectFrom('trades').select('id').where('id', 'in', tradeIds).execute();
  if (trades.length !== tradeIds.length)
    lost.push(`${tradeIds.length - trades.length} acknowledged trade(s) missing`);
  const confirmedIds = [...load.confirmed.keys()];
  const confirmed =
    confirmedIds.length === 0
      ? []
      : await db
          .selectFrom('token_allocations')
          .select('id')
          .where('id', 'in', confirmedIds)
          .where('status', '=', 'confirmed')
          .execute();
  if (confirmed.length !== confirmedIds.length)
    lost.push(`${confirmedIds.length - confirmed.length} confirmed subscription(s) missing`);
  return lost;
}
