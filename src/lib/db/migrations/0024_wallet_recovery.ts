import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Wallet recovery (docs/compliance.md "Wallet recovery"): the new address an investor proved
 * with its key, and the agent action that replaces the lost address by it, approved by an admin
 * other than the staff who entered it. The lost address stays on the action (and in the token
 * movements), so it is never given to anyone else.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_recovery_addresses')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
    .addColumn('address', 'varchar(42)', (c) => c.notNull())
    .addColumn('linked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('agent_actions')
    .addColumn('old_address', 'varchar(42)')
    .addColumn('new_address', 'varchar(42)')
    .addColumn('identity_check', 'varchar(20)', (c) =>
      c.check(sql`identity_check in ('kyc', 'staff_review')`),
    )
    .execute();
  await sql`alter table agent_actions drop constraint agent_actions_kind_check`.execute(db);
  await sql`alter table agent_actions drop constraint agent_actions_four_eyes`.execute(db);
  await sql`
    alter table agent_actions add constraint agent_actions_kind_check check (kind in (
      'freeze_address', 'unfreeze_address', 'freeze_units', 'unfreeze_units', 'pause', 'unpause',
      'forced_transfer', 'revoke_verification', 'recover_wallet'))`.execute(db);
  await sql`
    alter table agent_actions add constraint agent_actions_four_eyes check (
      decided_by is null or kind not in ('forced_transfer', 'recover_wallet')
      or decided_by <> proposed_by)`.execute(db);
  await sql`
    alter table agent_actions add constraint agent_actions_recovery check (
      kind <> 'recover_wallet'
      or (old_address is not null and new_address is not null and identity_check is not null))`.execute(
    db,
  );
  // One recovery at a time per investor: entered, approved or failed (a retry resumes it).
  await sql`
    create unique index agent_actions_open_recovery on agent_actions (user_id)
    where kind = 'recover_wallet' and status in ('proposed', 'pending', 'failed')`.execute(db);
  await db.schema
    .createIndex('agent_actions_old_address')
    .on('agent_actions')
    .expression(sql`lower(old_address)`)
    .where(sql.ref('old_address'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from agent_actions where kind = 'recover_wallet'`.execute(db);
  await db.schema.dropIndex('agent_actions_old_address').execute();
  await db.schema.dropIndex('agent_actions_open_recovery').execute();
  await sql`alter table agent_actions drop constraint agent_actions_recovery`.execute(db);
  await sql`alter table agent_actions drop constraint agent_actions_four_eyes`.execute(db);
  await sql`alter table agent_actions drop constraint agent_actions_kind_check`.execute(db);
  await sql`
    alter table agent_actions add constraint agent_actions_kind_check check (kind in (
      'freeze_address', 'unfreeze_address', 'freeze_units', 'unfreeze_units', 'pause', 'unpause',
      'forced_transfer', 'revoke_verification'))`.execute(db);
  await sql`
    alter table agent_actions add constraint agent_actions_four_eyes check (
      decided_by is null or kind <> 'forced_transfer' or decided_by <> proposed_by)`.execute(db);
  await db.schema
    .alterTable('agent_actions')
    .dropColumn('old_address')
    .dropColumn('new_address')
    .dropColumn('identity_check')
    .execute();
  await db.schema.dropTable('wallet_recovery_addresses').execute();
}
