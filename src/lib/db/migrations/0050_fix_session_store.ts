import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The FIX gateway's durable session layer (docs/fix.md, "Session layer"): the next sequence
 * numbers on the session's row, every application message the gateway sent (a ResendRequest is answered from
 * it, after a restart too), and each order event reported on a session, so each is reported once
 * across disconnections, restarts and sequence resets.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('fix_sessions')
    .addColumn('next_sender_seq', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('next_target_seq', 'integer', (c) => c.notNull().defaultTo(1))
    // the UTC day of the last sequence reset: the first logon of a later day starts at 1 again
    .addColumn('sequence_day', 'date', (c) => c.notNull().defaultTo(sql`current_date`))
    .execute();
  await db.schema
    .createTable('fix_messages')
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('fix_sessions.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('msg_type', 'varchar(4)', (c) => c.notNull())
    // the message as sent (SOH-delimited), to be sent again with PossDupFlag
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('fix_messages_pk', ['session_id', 'seq'])
    .execute();
  await db.schema
    .createTable('fix_reported_events')
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('fix_sessions.id'))
    // order_status_history.id
    .addColumn('history_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fix_reported_events_pk', ['session_id', 'history_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fix_reported_events').execute();
  await db.schema.dropTable('fix_messages').execute();
  await db.schema
    .alterTable('fix_sessions')
    .dropColumn('next_sender_seq')
    .dropColumn('next_target_seq')
    .dropColumn('sequence_day')
    .execute();
}
