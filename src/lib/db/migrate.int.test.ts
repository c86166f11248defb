import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { migrateDown, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

describe('migrations', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('go down one by one to an empty schema and up again', async () => {
    const count = Object.keys(migrations).length;
    for (let i = 0; i < count; i++) await migrateDown(test.db);
    const tables = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables
      where table_schema = 'public' and table_name not like 'kysely_%'`.execute(test.db);
    expect(tables.rows[0]?.n).toBe(0);
    expect(await migrateToLatest(test.db)).toHaveLength(count);
  });

  it('creates exactly one treasury user', async () => {
    const rows = await test.db
      .selectFrom('users')
      .select(['role', 'password_hash'])
      .where('role', '=', 'treasury')
      .execute();
    expect(rows).toEqual([{ role: 'treasury', password_hash: null }]);
  });

  it('refuses a negative fiat balance', async () => {
    await expect(
      test.db
        .updateTable('users')
        .set({ fiat_balance: '-0.01' })
        .where('role', '=', 'treasury')
        .execute(),
    ).rejects.toThrow(/fiat_balance/);
  });

  // Every index and foreign key is a cost on each order and trade written: these are the ones
  // their readers and settlement need (docs/decisions/trading.md, "Trading service").
  it('writes an order and a trade through exactly the indexes and keys their readers need', async () => {
    const tables = ['orders', 'order_status_history', 'trades', 'trade_settlement_history'];
    const indexes = await sql<{ name: string }>`
      select indexname as name from pg_indexes
      where tablename = any(${[...tables, 'fiat_ledger']}) order by 1`.execute(test.db);
    expect(indexes.rows.map((row) => row.name)).toEqual([
      'fiat_ledger_pkey',
      'fiat_ledger_user',
      'order_status_history_pkey',
      // BRIN, for the audit trail's time ranges: no per-row probe (docs/reports.md)
      'order_status_history_recorded_at',
      'orders_client_order_id',
      'orders_gtd_expiry',
      'orders_live',
      'orders_pkey',
      'orders_token_engine_key',
      'orders_user',
      // partial: only failed rows, for their notices (trade-notices.ts)
      'trade_settlement_history_failed',
      'trade_settlement_history_pkey',
      // partial: only an auction's trades, which settle as one batch (docs/auctions.md)
      'trades_auction_id',
      'trades_buy_order',
      'trades_buyer',
      'trades_pkey',
      'trades_sell_order',
      'trades_seller',
      'trades_settlement_batch',
      // partial: the unsettled trades, oldest first, for the claim; the failed, for staff; those
      // in their last attempt, for an abandoned one
      'trades_settlement_claim',
      'trades_settlement_failed',
      'trades_settlement_last_attempt',
      'trades_token',
    ]);
    const keys = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where contype = 'f' and conrelid::regclass::text = any(${[...tables, 'fiat_ledger']})
      order by 1`.execute(test.db);
    expect(keys.rows.map((row) => row.name)).toEqual([
      'fiat_ledger_user_id_fkey',
      'orders_token_id_fkey',
      'orders_user_id_fkey',
      'trades_buy_order_id_fkey',
      'trades_buy_otc_order_id_fkey',
      'trades_buyer_id_fkey',
      'trades_sell_order_id_fkey',
      'trades_sell_otc_order_id_fkey',
      'trades_seller_id_fkey',
      'trades_token_id_fkey',
    ]);
  });
});
