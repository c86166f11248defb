import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The issuer's team and reserve shares (team_pct, reserve_pct) are allocations of their own types
 * to the issuer at go-live, minted by the allocation worker, and locked up to a date of their own
 * (`locked_until`, docs/decisions/platform.md "Issuance").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table token_allocations drop constraint token_allocations_allocation_type_check`.execute(
    db,
  );
  await sql`alter table token_allocations add constraint token_allocations_allocation_type_check
    check (allocation_type in ('primary', 'secondary', 'airdrop', 'go_live', 'team', 'reserve'))`.execute(
    db,
  );
  await db.schema
    .alterTable('token_allocations')
    .addColumn('locked_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('token_allocations').dropColumn('locked_until').execute();
  await sql`delete from token_allocations where allocation_type in ('team', 'reserve')`.execute(db);
  await sql`alter table token_allocations drop constraint token_allocations_allocation_type_check`.execute(
    db,
  );
  await sql`alter table token_allocations add constraint token_allocations_allocation_type_check
    check (allocation_type in ('primary', 'secondary', 'airdrop', 'go_live'))`.execute(db);
}
