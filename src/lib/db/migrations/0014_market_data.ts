import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const money = sql`numeric(20, 2)`;
const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  // Candles kept with the trades (the writer upserts them in the batch's transaction), so a
  // restart keeps history and a read is one index range, not an aggregate over the trades.
  await db.schema
    .createTable('candles')
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('interval', 'varchar(3)', (c) =>
      c.notNull().check(sql`interval in ('1m', '5m', '1h', '1d')`),
    )
    .addColumn('start', 'timestamptz', (c) => c.notNull())
    .addColumn('open', money, (c) => c.notNull())
    .addColumn('high', money, (c) => c.notNull())
    .addColumn('low', money, (c) => c.notNull())
    .addColumn('close', money, (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addColumn('trades', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_pk', ['token_id', 'interval', 'start'])
    .execute();
  // History from before this migration, computed once from the trades.
  for (const [name, seconds] of [
    ['1m', 60],
    ['5m', 300],
    ['1h', 3600],
    ['1d', 86400],
  ] as const) {
    await sql`
      insert into candles (token_id, interval, start, open, high, low, close, volume, trades)
      select token_id, ${name},
        to_timestamp(floor(extract(epoch from created_at) / ${seconds}) * ${seconds}),
        (array_agg(price order by id))[1], max(price), min(price),
        (array_agg(price order by id desc))[1], sum(quantity), count(*)
      from trades group by 1, 3`.execute(db);
  }

  // Per-token surveillance thresholds; a token without a row uses the platform defaults.
  await db.schema
    .createTable('surveillance_thresholds')
    .addColumn('token_id', 'uuid', (c) => c.primaryKey().references('tokens.id'))
    .addColumn('spoofing_size_multiple', 'integer', (c) =>
      c.notNull().check(sql`spoofing_size_multiple >= 1`),
    )
    .addColumn('spoofing_max_lifetime_seconds', 'integer', (c) =>
      c.notNull().check(sql`spoofing_max_lifetime_seconds > 0`),
    )
    .addColumn('layering_min_levels', 'integer', (c) =>
      c.notNull().check(sql`layering_min_levels >= 2`),
    )
    .addColumn('layering_window_seconds', 'integer', (c) =>
      c.notNull().check(sql`layering_window_seconds > 0`),
    )
    .addColumn('wash_window_seconds', 'integer', (c) =>
      c.notNull().check(sql`wash_window_seconds > 0`),
    )
    .addColumn('wash_min_round_trips', 'integer', (c) =>
      c.notNull().check(sql`wash_min_round_trips >= 1`),
    )
    .addColumn('wash_price_tolerance_bps', 'integer', (c) =>
      c.notNull().check(sql`wash_price_tolerance_bps >= 0`),
    )
    .addColumn('updated_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('surveillance_alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('rule', 'varchar(12)', (c) =>
      c.notNull().check(sql`rule in ('spoofing', 'layering', 'wash_trade')`),
    )
    .addColumn('status', 'varchar(6)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed')`),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('evidence', 'jsonb', (c) => c.notNull())
    .addColumn('detected_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .addColumn('closed_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('note', 'text')
    .addCheckConstraint(
      'surveillance_alerts_closed',
      sql`(status = 'open') = (closed_at is null and closed_by is null and note is null)`,
    )
    .execute();
  await db.schema
    .createIndex('surveillance_alerts_status')
    .on('surveillance_alerts')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('surveillance_alerts_token')
    .on('surveillance_alerts')
    .columns(['token_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('surveillance_alerts').execute();
  await db.schema.dropTable('surveillance_thresholds').execute();
  await db.schema.dropTable('candles').execute();
}
