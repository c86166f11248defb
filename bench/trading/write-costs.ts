/**
 * What each index and foreign key of the trading tables costs PostgreSQL per row written: the
 * rows an order and a trade write (orders, their status history, trades, their settlement
 * history, fiat ledger rows) inserted BENCH_COSTS_ROWS at a time (default 5000) through `unnest`
 * of arrays, as the sequencer's batch statement does, with UUIDv7 keys as the service makes them,
 * into a migrated, seeded database (`EXPLAIN ANALYZE`: each foreign key's trigger time is
 * reported apart), each in a transaction rolled back, so every run meets the same table. Each
 * secondary index's cost is the difference between a run with it and one just after with it
 * dropped (in the same rolled-back transaction), and the buffers the insert touches per row
 * more with it (a count that the machine's load does not move). Medians of BENCH_COSTS_PASSES passes (default 9).
 *
 *   npx tsx bench/trading/write-costs.ts
 */
import { sql, type Kysely } from 'kysely';
import { newId } from '../../src/lib/ids.js';
import type { Database } from '../../src/lib/db/schema.js';
import { startBenchDatabase } from '../support/embedded-stack.js';
import { seed } from '../support/seeded-system.js';

const rows = Number(process.env.BENCH_COSTS_ROWS ?? 5000);
const passes = Number(process.env.BENCH_COSTS_PASSES ?? 9);

interface Plan {
  'Execution Time': number;
  Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
  Triggers?: { 'Trigger Name': string; 'Constraint Name'?: string; Time: number }[];
}

/** Buffers the insert itself touched (its index entries included, its foreign keys' checks not). */
const blocksOf = (plan: Plan) => plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
const ids = (n: number) => Array.from({ length: n }, () => newId());
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Each table's insert of `rows` rows; the rows of a `kept` insert (not rolled back) are the ones
 * the next tables reference.
 */
function inserts(users: string[], tokenId: string) {
  const user = (i: number) => users[i % users.length]!;
  let engineKey = 1;
  let orderIds: string[] = [];
  let tradeIds: string[] = [];
  return {
    orders: (kept: boolean) => {
      const fresh = ids(rows);
      const keys = fresh.map(() => engineKey++);
      if (kept) orderIds = fresh;
      return sql`insert into orders (id, user_id, token_id, side, order_type, time_in_force, price,
          quantity, filled_quantity, remaining_quantity, locked_fiat, filled_value, status,
          engine_key, priority)
        select v.id, v.user_id, ${tokenId}, 'buy', 'limit', 'GTC', 10, 10, 0, 10, 100.1, 0, 'open',
          v.key, v.key
        from unnest(${fresh}::uuid[], ${fresh.map((_, i) => user(i))}::uuid[],
          ${keys}::bigint[]) as v(id, user_id, key)`;
    },
    order_status_history: () =>
      sql`insert into order_status_history (order_id, status, filled_quantity, remaining_quantity)
        select v.id, 'open', 0, 10 from unnest(${orderIds}::uuid[]) as v(id)`,
    trades: (kept: boolean) => {
      const fresh = ids(rows);
      if (kept) tradeIds = fresh;
      return sql`insert into trades (id, token_id, buy_order_id, sell_order_id, buyer_id, seller_id,
          taker_side, price, quantity, total, platform_fee, effective_fee_bps)
        select v.id, ${tokenId}, v.buy, v.sell, v.buyer, v.seller, 'buy', 10, 1, 10, 0.01, 10
        from unnest(${fresh}::uuid[], ${orderIds}::uuid[], ${[...orderIds].reverse()}::uuid[],
          ${orderIds.map((_, i) => user(i))}::uuid[],
          ${orderIds.map((_, i) => user(i + 1))}::uuid[]) as v(id, buy, sell, buyer, seller)`;
    },
    trade_settlement_history: () =>
      sql`insert into trade_settlement_history (trade_id, status)
        select v.id, 'pending' from unnest(${tradeIds}::uuid[]) as v(id)`,
    fiat_ledger: () => {
      const ledger = ids(rows);
      return sql`insert into fiat_ledger (id, user_id, kind, amount, balance_after,
          reference_type, reference_id)
        select v.id, v.user_id, 'trade_buy', -10, 1000, 'trade', v.ref
        from unnest(${ledger}::uuid[], ${ledger.map((_, i) => user(i))}::uuid[],
          ${orderIds}::uuid[]) as v(id, user_id, ref)`;
    },
  };
}

async function explain(db: Kysely<Database>, statement: ReturnType<typeof sql>): Promise<Plan> {
  const { rows: out } = await sql<{
    'QUERY PLAN': Plan[];
  }>`explain (analyze, buffers, format json) ${statement}`.execute(db);
  return out[0]!['QUERY PLAN'][0]!;
}

const database = await startBenchDatabase('write-costs', 2);
try {
  const { db } = database;
  const { tokens, people } = await seed(db, 'costs', 200, 1);
  const tables = inserts(
    people.map((p) => p.id),
    tokens[0]!,
  );
  const perRow = (ms: number) => `${((ms * 1000) / rows).toFixed(2)} µs`;
  for (const [table, insert] of Object.entries(tables)) {
    const indexes = await sql<{ indexname: string }>`
      select indexname from pg_indexes
      where tablename = ${table} and indexname not in (
        select conname from pg_constraint where conrelid = ${table}::regclass
      )`.execute(db);
    await explain(db, insert(true));
    const totals: number[] = [];
    const triggers = new Map<string, number[]>();
    const costs = new Map<string, number[]>();
    const blocks = new Map<string, number>();
    /** The insert's plan in a transaction rolled back, without `dropped` if given. */
    const trial = async (dropped?: string): Promise<Plan> => {
      let plan: Plan | undefined;
      await db
        .transaction()
        .execute(async (trx) => {
          if (dropped) await sql`drop index ${sql.ref(dropped)}`.execute(trx);
          plan = await explain(trx, insert(false));
          throw new Error('roll back');
        })
        .catch(() => undefined);
      return plan!;
    };
    for (let pass = 0; pass < passes; pass += 1) {
      const plan = await trial();
      totals.push(plan['Execution Time']);
      for (const trigger of plan.Triggers ?? []) {
        const name = trigger['Constraint Name'] ?? trigger['Trigger Name'];
        triggers.set(name, [...(triggers.get(name) ?? []), trigger.Time]);
      }
      // each index against a run with it just before, so both see the same machine
      for (const { indexname } of indexes.rows) {
        const withIt = (await trial())['Execution Time'];
        const without = (await trial(indexname))['Execution Time'];
        costs.set(indexname, [...(costs.get(indexname) ?? []), withIt - without]);
        blocks.set(indexname, blocksOf(await trial()) - blocksOf(await trial(indexname)));
      }
    }
    const total = median(totals);
    console.log(`${table}: ${perRow(total)} per row`);
    for (const [name, times] of triggers)
      console.log(`  foreign key ${name}: ${perRow(median(times))}`);
    for (const [name, times] of costs) {
      const touched = (blocks.get(name)! / rows).toFixed(2);
      console.log(`  index ${name}: ${perRow(median(times))}, ${touched} more buffer accesses`);
    }
  }
} finally {
  await database.stop();
}
