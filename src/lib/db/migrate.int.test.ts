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

  // A table's CHECK constraints are parsed and planned again on each execution of a statement
  // writing a row of it; a domain's are planned once and checked only for the columns written
  // (docs/decisions/trading.md, "Single-column rules are domains"). Each domain keeps its
  // columns' type and modifier: money stays numeric(20,2). The wallets keep their checks (the
  // cached reads' guard compares a wallet's row as a record, which a domain's column fails).
  it('holds the single-column rules of the tables a batch writes in domains', async () => {
    const tables = ['orders', 'trades', 'tokens', 'users'];
    const checks = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where contype = 'c' and conrelid::regclass::text = any(${tables}) order by 1`.execute(
      test.db,
    );
    expect(checks.rows.map((row) => row.name)).toEqual([
      'orders_client_id_hashed',
      'orders_gtd_expires',
      'orders_quantities_add_up',
      'tokens_pct_sum',
      'tokens_sold_within_reserved',
      'tokens_window',
      'trades_buy_side',
      'trades_check',
      'trades_sell_side',
      // the ledger answers its violation as INSUFFICIENT_FUNDS by its table (fiat-ledger.ts)
      'users_fiat_balance_check',
      'users_role_account_type',
    ]);
    const domains = await sql<{ domain: string }>`
      select format('%s %s: %s', t.typname, format_type(t.typbasetype, t.typtypmod),
        string_agg(a.attrelid::regclass || '.' || a.attname, ' '
          order by a.attrelid::regclass::text, a.attname)) as domain
      from pg_type t
      join pg_attribute a on a.atttypid = t.oid and a.attrelid::regclass::text = any(${tables})
      where t.typtype = 'd' and t.typnamespace = 'public'::regnamespace
      group by t.typname, t.typbasetype, t.typtypmod order by 1`.execute(test.db);
    expect(domains.rows.map((row) => row.domain)).toEqual([
      'account_type character varying(20): users.account_type',
      'accreditation_status character varying(20): users.accreditation_status',
      'attempt_count integer: trades.settlement_attempts',
      'chain_sync character varying(10): tokens.chain_sync',
      'fat_finger_factor numeric(5,2): tokens.fat_finger_factor',
      'fat_finger_mode character varying(10): tokens.fat_finger_mode',
      'fatca_status character varying(20): users.fatca_status',
      'fee_bps integer: tokens.fee_bps trades.effective_fee_bps',
      'kyc_level integer: users.kyc_level',
      'kyc_status character varying(20): users.kyc_status',
      'nonnegative_bigint bigint: orders.engine_key orders.filled_quantity orders.remaining_quantity tokens.book_sequence tokens.tokens_reserved tokens.tokens_sold',
      'nonnegative_money numeric(20,2): orders.filled_value orders.locked_fiat tokens.min_investment tokens.total_raised trades.accrued_interest',
      'order_side character varying(4): orders.side trades.taker_side',
      'order_status character varying(20): orders.status',
      'order_type character varying(15): orders.order_type',
      'percentage numeric(5,2): tokens.primary_offering_pct tokens.reserve_pct tokens.team_pct',
      'positive_money numeric(20,2): orders.price orders.stop_price tokens.last_price tokens.price_per_token tokens.tick_size trades.price trades.total',
      'positive_pct numeric(5,2): tokens.circuit_breaker_pct tokens.nav_deviation_pct',
      'positive_quantity bigint: orders.quantity tokens.total_supply trades.quantity',
      'positive_seconds integer: tokens.circuit_breaker_window_seconds tokens.halt_seconds',
      'settlement_status character varying(20): trades.settlement_status',
      'settlement_type character varying(20): trades.settlement_type',
      'time_in_force character varying(10): orders.time_in_force',
      'token_decimals integer: tokens.decimals',
      'token_status character varying(20): tokens.status',
      'trading_mode character varying(30): tokens.trading_mode',
      'user_role character varying(20): users.role',
      'wallet_address character varying(42): users.wallet_address',
      'wallet_custody character varying(10): users.wallet_custody',
    ]);
  });

  // Every index and foreign key is a cost on each order and trade written: these are the ones
  // their readers and settlement need (docs/decisions/trading.md, "Trading service").
  it('writes an order and a trade through exactly the indexes and keys their readers need', async () => {
    const tables = [
      'orders',
      'order_status_history',
      'trades',
      'trade_settlement_history',
      'settlement_queue',
    ];
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
      // partial: a resend's siblings, by the batch key; the unsettled trades, oldest first, for
      // the claim; the failed, for staff; those in their last attempt, for an abandoned one. In a
      // table of their own, so that settlement's writes of a trade are heap-only (0075, 0076)
      'settlement_queue_batch',
      'settlement_queue_claim',
      'settlement_queue_failed',
      'settlement_queue_last',
      'settlement_queue_pkey',
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

  // An update that changes no indexed column, predicates included, and finds room on its page
  // writes no index entry (a heap-only tuple): settlement writes a trade's row twice so.
  it('leaves the columns settlement writes out of every index of trades, and room on its pages', async () => {
    const named = await sql<{ name: string; definition: string }>`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'trades'::regclass order by 1`.execute(test.db);
    const written = [
      'settlement_batch_key',
      'settlement_status',
      'settlement_attempts',
      'settlement_type',
      'settlement_error',
      'settlement_waits',
      'claimed_by',
      'claimed_at',
      'lease_expires_at',
      'settled_at',
      'tx_hash',
      'updated_at',
    ];
    const naming = named.rows.filter((row) => written.some((c) => row.definition.includes(c)));
    expect(naming).toEqual([]);
    const options = await sql<{ options: string[] | null }>`
      select reloptions as options from pg_class where oid = 'trades'::regclass`.execute(test.db);
    expect(options.rows[0]!.options).toEqual(['fillfactor=50']);
  });
});
