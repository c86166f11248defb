import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The record of every token movement (src/lib/ledger/token-movements.ts), from which the investor
 * register at any instant is computed. Append-only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE, so the record can be audited. Backfilled from the movements recorded so far: confirmed
 * allocations (mints), trades (booked) and paid token dividends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('token_movements')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('to_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('from_address', 'varchar(42)')
    .addColumn('to_address', 'varchar(42)')
    .addColumn('quantity', 'numeric', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('source_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_id', 'uuid', (c) => c.notNull())
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('block_number', 'bigint')
    .addCheckConstraint(
      'token_movements_parties',
      sql`from_user_id is not null or to_user_id is not null`,
    )
    .execute();
  await db.schema
    .createIndex('token_movements_token_at')
    .on('token_movements')
    .columns(['token_id', 'at'])
    .execute();
  await sql`
    create function token_movements_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'token_movements is append-only' using errcode = 'P0001';
    end $$`.execute(db);
  await sql`
    create trigger token_movements_append_only before update or delete on token_movements
    for each row execute function token_movements_append_only()`.execute(db);
  await sql`
    create trigger token_movements_no_truncate before truncate on token_movements
    for each statement execute function token_movements_append_only()`.execute(db);

  await sql`
    insert into token_movements
      (token_id, kind, from_user_id, to_user_id, quantity, at, source_type, source_id, tx_hash)
    select token_id, kind, from_user_id, to_user_id, quantity, at, source_type, source_id, tx_hash
    from (
      select a.token_id,
        case a.allocation_type when 'go_live' then 'go_live' when 'airdrop' then 'airdrop'
          else 'primary_allocation' end as kind,
        null::uuid as from_user_id, a.user_id as to_user_id, a.quantity::numeric as quantity,
        coalesce(a.confirmed_at, a.created_at) as at, 'token_allocation' as source_type,
        a.id as source_id, a.on_chain_tx_hash as tx_hash
      from token_allocations a where a.status = 'confirmed' and a.quantity > 0
      union all
      select t.token_id, 'trade', t.seller_id, t.buyer_id, t.quantity, t.created_at, 'trade',
        t.id, t.tx_hash
      from trades t
      union all
      select d.token_id, 'token_dividend', d.issuer_id, p.user_id, p.quantity, p.paid_at,
        'dividend_payment', p.id, b.tx_hash
      from dividend_payments p
      join dividend_declarations d on d.id = p.dividend_id
      left join dividend_chain_batches b on b.id = p.chain_batch_id
      where d.dividend_type = 'token' and p.status = 'paid' and p.quantity > 0
    ) m
    order by at, source_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('token_movements').execute();
  await sql`drop function token_movements_append_only()`.execute(db);
}
