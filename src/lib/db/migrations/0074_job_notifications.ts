import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A job table announces a job as it is written ready and due: `pg_notify('tessera_jobs', <table>)`
 * (src/lib/worker/job-wakeups.ts), so its worker claims it at once rather than at its next poll.
 * Row triggers, after the write, only on the columns that make a row a job (its state, its due
 * time, and what the worker's further condition names): the trading batch's every update of a
 * token sets none of them and fires nothing. A claim moves the due time to the lease's end and a
 * failure to the backoff's: neither announces a job the worker could take now. PostgreSQL sends a
 * transaction's notifications at its commit, one per table however many rows it wrote.
 */
interface JobTable {
  table: string;
  /** the columns an update must set to fire the trigger */
  columns: string[];
  /** the row is a job: ready, and due */
  ready: string;
}

const due = (column: string) => `(new.${column} is null or new.${column} <= now())`;

const tables: JobTable[] = [
  {
    table: 'token_allocations',
    columns: ['status', 'on_chain_status', 'on_chain_due_at'],
    ready: `new.on_chain_status = 'pending' and new.status = 'confirmed' and ${due('on_chain_due_at')}`,
  },
  {
    table: 'tokens',
    columns: ['chain_sync', 'chain_sync_due_at', 'contract_address'],
    ready: `new.chain_sync = 'pending' and new.contract_address is not null and ${due('chain_sync_due_at')}`,
  },
  {
    table: 'token_compliance_rules',
    columns: ['chain_sync', 'chain_sync_due_at'],
    ready: `new.chain_sync = 'pending' and ${due('chain_sync_due_at')}`,
  },
  ...[
    'kyc_claim_revocations',
    'identity_country_updates',
    'outbound_emails',
    'dividend_chain_batches',
    'debt_burn_batches',
  ].map((table) => ({
    table,
    columns: ['status', 'due_at'],
    ready: `new.status = 'pending' and ${due('due_at')}`,
  })),
  {
    table: 'agent_actions',
    columns: ['status', 'chain_due_at'],
    ready: `new.status = 'pending' and ${due('chain_due_at')}`,
  },
  {
    table: 'share_splits',
    columns: ['job_state', 'due_at'],
    ready: `new.job_state = 'ready' and ${due('due_at')}`,
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function tessera_job_ready() returns trigger language plpgsql as $$
    begin
      perform pg_notify('tessera_jobs', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const { table, columns, ready } of tables) {
    await sql
      .raw(
        `create trigger ${table}_job_ready
         after insert or update of ${columns.join(', ')} on ${table}
         for each row when (${ready}) execute function tessera_job_ready()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of tables) {
    await sql.raw(`drop trigger ${table}_job_ready on ${table}`).execute(db);
  }
  await sql`drop function tessera_job_ready()`.execute(db);
}
