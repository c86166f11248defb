import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  // What the token's agent froze (docs/compliance.md "Agent actions"): the whole address, and a
  // number of units. No check against the balance: a sell matched before the freeze may still
  // settle (on chain the agent's freeze makes it fail), and a refused batch write would refuse
  // every order of the batch.
  await db.schema
    .alterTable('wallets')
    .addColumn('address_frozen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('frozen_quantity', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`frozen_quantity >= 0`),
    )
    .execute();
  await db.schema
    .createIndex('wallets_restricted')
    .on('wallets')
    .columns(['token_id', 'user_id'])
    .where(sql<boolean>`address_frozen or frozen_quantity > 0`)
    .execute();

  // One row per agent action: staff's proposal, an admin's approval where one is needed, and the
  // chain call as a job of the shared queue (src/lib/worker/job-queue.ts).
  await db.schema
    .createTable('agent_actions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(30)', (c) =>
      c.notNull().check(
        sql`kind in ('freeze_address', 'unfreeze_address', 'freeze_units', 'unfreeze_units',
            'pause', 'unpause', 'forced_transfer', 'revoke_verification')`,
      ),
    )
    .addColumn('token_id', 'uuid', (c) => c.references('tokens.id'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('to_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('quantity', 'bigint', (c) => c.check(sql`quantity > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'varchar(200)')
    .addColumn('status', 'varchar(20)', (c) =>
      c.notNull().check(sql`status in ('proposed', 'rejected', 'pending', 'done', 'failed')`),
    )
    .addColumn('proposed_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('chain_claim_id', 'uuid')
    .addColumn('chain_due_at', 'timestamptz')
    .addColumn('chain_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chain_waits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chain_error', 'text')
    .addColumn('tx_hash', 'varchar(66)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'agent_actions_four_eyes',
      sql`decided_by is null or kind <> 'forced_transfer' or decided_by <> proposed_by`,
    )
    .execute();
  await db.schema
    .createIndex('agent_actions_chain_due')
    .on('agent_actions')
    .columns(['chain_due_at'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('agent_actions_status')
    .on('agent_actions')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agent_actions').execute();
  await db.schema.dropIndex('wallets_restricted').execute();
  await db.schema
    .alterTable('wallets')
    .dropColumn('address_frozen')
    .dropColumn('frozen_quantity')
    .execute();
}
