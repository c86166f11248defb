import { sql, type Kysely, type RawBuilder } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The single-column rules of the tables a trading batch writes are domains, not table checks.
 * PostgreSQL evaluates every CHECK of a table on each row an UPDATE or INSERT writes, whatever
 * columns it sets, and each execution of a prepared statement parses and plans each one again
 * (ExecRelCheck: 17% of PostgreSQL's CPU in one-order.ts's profile); a domain's constraints are
 * planned once, kept in the type cache, and checked only for the columns a statement assigns.
 * Each domain keeps its column's type and modifier (a price stays numeric(20,2)), so no row is
 * written again, nor an index but the partial ones whose predicate names such a column (live
 * orders, unsettled trades, the treasury). A domain is created bare, the columns take it, and its
 * rule is added last: a domain with a rule would rewrite the table to check its rows.
 *
 * Stay table checks: every rule of several columns; `users_fiat_balance_check`, whose
 * violation the ledger answers as INSUFFICIENT_FUNDS by its table (a domain's names none); and
 * the wallets' rules: the guard of a batch planned on cached reads compares a wallet's version
 * and balances with the ones it planned on as a record (batch.queries.ts), and PostgreSQL
 * compares no record whose column is of a domain with one whose column is of its base type.
 */
interface Rule {
  domain: string;
  /** the columns' type, modifier included */
  type: string;
  /** the rule, of `value` in the domain, of the column in the table check it was */
  condition: (value: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** `table.column`; each column's table check was `<table>_<column>_check` */
  columns: `${string}.${string}`[];
}

const oneOf =
  (...values: string[]) =>
  (v: RawBuilder<unknown>) =>
    sql`${v} in (${sql.join(values.map((value) => sql.lit(value)))})`;
const between = (low: number, high: number) => (v: RawBuilder<unknown>) =>
  sql`${v} >= ${sql.lit(low)} and ${v} <= ${sql.lit(high)}`;
const above = (low: number) => (v: RawBuilder<unknown>) => sql`${v} > ${sql.lit(low)}`;
const atLeast = (low: number) => (v: RawBuilder<unknown>) => sql`${v} >= ${sql.lit(low)}`;

const rules: Rule[] = [
  // orders and trades
  {
    domain: 'order_side',
    type: 'varchar(4)',
    condition: oneOf('buy', 'sell'),
    columns: ['orders.side', 'trades.taker_side'],
  },
  {
    domain: 'order_type',
    type: 'varchar(15)',
    condition: oneOf('limit', 'market', 'stop_loss', 'stop_limit'),
    columns: ['orders.order_type'],
  },
  {
    domain: 'order_status',
    type: 'varchar(20)',
    condition: oneOf('open', 'partially_filled', 'filled', 'cancelled', 'pending_stop', 'expired'),
    columns: ['orders.status'],
  },
  {
    domain: 'time_in_force',
    type: 'varchar(10)',
    condition: oneOf('GTC', 'IOC', 'FOK', 'POST_ONLY', 'GTD', 'DAY', 'ATO', 'ATC', 'GFA'),
    columns: ['orders.time_in_force'],
  },
  {
    domain: 'settlement_status',
    type: 'varchar(20)',
    condition: oneOf('pending', 'processing', 'settled', 'failed'),
    columns: ['trades.settlement_status'],
  },
  {
    domain: 'settlement_type',
    type: 'varchar(20)',
    condition: oneOf('on_chain', 'off_chain'),
    columns: ['trades.settlement_type'],
  },
  {
    domain: 'attempt_count',
    type: 'integer',
    condition: atLeast(0),
    columns: ['trades.settlement_attempts'],
  },
  // amounts, shared by the tables
  {
    domain: 'positive_money',
    type: 'numeric(20,2)',
    condition: above(0),
    columns: [
      'orders.price',
      'orders.stop_price',
      'trades.price',
      'trades.total',
      'tokens.price_per_token',
      'tokens.tick_size',
      'tokens.last_price',
    ],
  },
  {
    domain: 'nonnegative_money',
    type: 'numeric(20,2)',
    condition: atLeast(0),
    columns: [
      'orders.filled_value',
      'orders.locked_fiat',
      'trades.accrued_interest',
      'tokens.min_investment',
      'tokens.total_raised',
    ],
  },
  {
    domain: 'positive_quantity',
    type: 'bigint',
    condition: above(0),
    columns: ['orders.quantity', 'trades.quantity', 'tokens.total_supply'],
  },
  {
    domain: 'nonnegative_bigint',
    type: 'bigint',
    condition: atLeast(0),
    columns: [
      'orders.engine_key',
      'orders.filled_quantity',
      'orders.remaining_quantity',
      'tokens.book_sequence',
      'tokens.tokens_reserved',
      'tokens.tokens_sold',
    ],
  },
  {
    domain: 'fee_bps',
    type: 'integer',
    condition: between(0, 10000),
    columns: ['tokens.fee_bps', 'trades.effective_fee_bps'],
  },
  // tokens
  {
    domain: 'token_status',
    type: 'varchar(20)',
    condition: oneOf('draft', 'primary', 'secondary', 'paused', 'matured', 'delisted'),
    columns: ['tokens.status'],
  },
  {
    domain: 'trading_mode',
    type: 'varchar(30)',
    condition: oneOf('primary_subscription', 'full_orderbook', 'fixed_price_otc'),
    columns: ['tokens.trading_mode'],
  },
  {
    domain: 'chain_sync',
    type: 'varchar(10)',
    condition: oneOf('synced', 'pending', 'failed'),
    columns: ['tokens.chain_sync'],
  },
  {
    domain: 'token_decimals',
    type: 'integer',
    condition: between(0, 18),
    columns: ['tokens.decimals'],
  },
  {
    domain: 'percentage',
    type: 'numeric(5,2)',
    condition: between(0, 100),
    columns: ['tokens.primary_offering_pct', 'tokens.team_pct', 'tokens.reserve_pct'],
  },
  {
    domain: 'positive_pct',
    type: 'numeric(5,2)',
    condition: above(0),
    columns: ['tokens.circuit_breaker_pct', 'tokens.nav_deviation_pct'],
  },
  {
    domain: 'positive_seconds',
    type: 'integer',
    condition: above(0),
    columns: ['tokens.circuit_breaker_window_seconds', 'tokens.halt_seconds'],
  },
  {
    domain: 'fat_finger_factor',
    type: 'numeric(5,2)',
    condition: above(1),
    columns: ['tokens.fat_finger_factor'],
  },
  {
    domain: 'fat_finger_mode',
    type: 'varchar(10)',
    condition: oneOf('block', 'confirm'),
    columns: ['tokens.fat_finger_mode'],
  },
  // users
  {
    domain: 'user_role',
    type: 'varchar(20)',
    condition: oneOf('investor', 'issuer', 'staff', 'admin', 'treasury'),
    columns: ['users.role'],
  },
  {
    domain: 'account_type',
    type: 'varchar(20)',
    condition: oneOf('individual', 'corporate'),
    columns: ['users.account_type'],
  },
  {
    domain: 'kyc_status',
    type: 'varchar(20)',
    condition: oneOf('none', 'pending', 'in_review', 'approved', 'rejected'),
    columns: ['users.kyc_status'],
  },
  { domain: 'kyc_level', type: 'integer', condition: between(0, 5), columns: ['users.kyc_level'] },
  {
    domain: 'accreditation_status',
    type: 'varchar(20)',
    condition: oneOf('retail', 'professional', 'institutional'),
    columns: ['users.accreditation_status'],
  },
  {
    domain: 'fatca_status',
    type: 'varchar(20)',
    condition: oneOf('clear', 'blocked'),
    columns: ['users.fatca_status'],
  },
  {
    domain: 'wallet_address',
    type: 'varchar(42)',
    condition: (v) => sql`${v} ~ '^0x[0-9a-fA-F]{40}$'`,
    columns: ['users.wallet_address'],
  },
  {
    domain: 'wallet_custody',
    type: 'varchar(10)',
    condition: oneOf('custodial', 'self'),
    columns: ['users.wallet_custody'],
  },
];

/** Each table's columns that take a domain, with their rule. */
function byTable(): Map<string, { column: string; rule: Rule }[]> {
  const tables = new Map<string, { column: string; rule: Rule }[]>();
  for (const rule of rules) {
    for (const qualified of rule.columns) {
      const [table, column] = qualified.split('.') as [string, string];
      tables.set(table, [...(tables.get(table) ?? []), { column, rule }]);
    }
  }
  return tables;
}

/**
 * Runs `alter` on `table` with its triggers that name one of `columns` (in their UPDATE OF list
 * or their WHEN) dropped, then created again as they were: PostgreSQL changes no such column's
 * type (tokens.book_sequence has two).
 */
async function withoutTriggersOf(
  db: Kysely<any>,
  table: string,
  columns: string[],
  alter: () => Promise<unknown>,
): Promise<void> {
  const triggers = await sql<{ name: string; definition: string }>`
    select distinct t.tgname as name, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t
    join pg_depend d on d.classid = 'pg_trigger'::regclass and d.objid = t.oid
    join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
    where t.tgrelid = ${table}::regclass and not t.tgisinternal
      and a.attname = any(${columns})
    order by 1`.execute(db);
  for (const { name } of triggers.rows) {
    await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(db);
  }
  await alter();
  for (const { definition } of triggers.rows) await sql.raw(definition).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const { domain, type } of rules) {
    await sql`create domain ${sql.id(domain)} as ${sql.raw(type)}`.execute(db);
  }
  for (const [table, columns] of byTable()) {
    const names = columns.map(({ column }) => column);
    await withoutTriggersOf(db, table, names, () =>
      sql`alter table ${sql.table(table)} ${sql.join([
        ...names.map((column) => sql`drop constraint ${sql.id(`${table}_${column}_check`)}`),
        ...columns.map(
          ({ column, rule }) => sql`alter column ${sql.ref(column)} type ${sql.id(rule.domain)}`,
        ),
      ])}`.execute(db),
    );
  }
  for (const { domain, condition } of rules) {
    await sql`alter domain ${sql.id(domain)} add constraint ${sql.id(`${domain}_check`)}
      check (${condition(sql`value`)})`.execute(db);
  }
}

/**
 * What stays over these columns and PostgreSQL words differently once they were domains (it
 * parses each again when a column's type changes: back on the base type, a cast to numeric and an
 * IN list's form remain), as the migrations that made it wrote it, for `down` to make it again.
 */
const reworded = [
  {
    drop: sql`alter table tokens drop constraint tokens_pct_sum`,
    create: sql`alter table tokens add constraint tokens_pct_sum
      check (primary_offering_pct + team_pct + reserve_pct = 100)`,
  },
  {
    drop: sql`alter table trades drop constraint trades_check`,
    create: sql`alter table trades add constraint trades_check
      check (platform_fee >= 0 and platform_fee <= total)`,
  },
  {
    drop: sql`drop index orders_live`,
    create: sql`create index orders_live on orders (token_id, priority)
      where status in ('open', 'partially_filled', 'pending_stop')`,
  },
  {
    drop: sql`drop index orders_gtd_expiry`,
    create: sql`create index orders_gtd_expiry on orders (expires_at)
      where expires_at is not null and status in ('open', 'partially_filled', 'pending_stop')`,
  },
  {
    drop: sql`drop index trades_settlement_claim`,
    create: sql`create index trades_settlement_claim on trades (created_at, id)
      where settlement_status in ('pending', 'processing')`,
  },
];

export async function down(db: Kysely<any>): Promise<void> {
  for (const { drop } of reworded) await drop.execute(db);
  for (const [table, columns] of byTable()) {
    const names = columns.map(({ column }) => column);
    await withoutTriggersOf(db, table, names, () =>
      sql`alter table ${sql.table(table)} ${sql.join([
        ...columns.map(
          ({ column, rule }) => sql`alter column ${sql.ref(column)} type ${sql.raw(rule.type)}`,
        ),
        ...columns.map(
          ({ column, rule }) =>
            sql`add constraint ${sql.id(`${table}_${column}_check`)}
              check (${rule.condition(sql.ref(column))})`,
        ),
      ])}`.execute(db),
    );
  }
  for (const { create } of reworded) await create.execute(db);
  for (const { domain } of rules) await sql`drop domain ${sql.id(domain)}`.execute(db);
}
