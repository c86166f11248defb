/**
 * The job tables announce their jobs (migration 0074) and a listener wakes each table's loops:
 * only for a row written ready and due, and again after its connection was lost. Notifications
 * reach a listener in commit order, so a later announcement's arrival shows an earlier write
 * announced nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { jobTableOf } from '../../platform/workers.js';
import { newId } from '../ids.js';
import { createLogger } from '../logger.js';
import { listenForJobs, type JobWakeups } from './job-wakeups.js';

let test: TestDatabase;
let wakeups: JobWakeups;

beforeAll(async () => {
  test = await createTestDatabase();
  wakeups = listenForJobs(test.url, createLogger('test', 'silent'), { retryMs: 20 });
});
afterAll(async () => {
  await wakeups.stop();
  await test.drop();
});

async function email(dueAt: Date | null = null): Promise<string> {
  const id = newId();
  await test.db
    .insertInto('outbound_emails')
    .values({
      id,
      user_id: null,
      to_address: 'reader@example.com',
      kind: 'test',
      subject: 'Hello',
      text_body: 'Hello',
      html_body: '<p>Hello</p>',
      due_at: dueAt,
    })
    .execute();
  return id;
}

describe('job announcements', () => {
  it('has every queue worker woken by a trigger of its table', async () => {
    const triggers = await sql<{ tgname: string }>`
      select tgname from pg_trigger where tgname like '%_job_ready'`.execute(test.db);
    const names = triggers.rows.map((row) => row.tgname).sort();
    expect(names).toEqual(
      Object.values(jobTableOf)
        .map((table) => `${table}_job_ready`)
        .sort(),
    );
  });

  it('wake the loops of a table for a row written ready and due, not for one due later', async () => {
    let woken = 0;
    const off = wakeups.on('outbound_emails', () => (woken += 1));
    // the listener may be woken once as it connects
    await new Promise((resolve) => setTimeout(resolve, 200));
    woken = 0;
    const first = await email();
    await expect.poll(() => woken).toBe(1);

    await email(new Date(Date.now() + 3_600_000));
    // a write of columns that do not make it a job (the worker's own outcome, say)
    await test.db
      .updateTable('outbound_emails')
      .set({ subject: 'Hello again' })
      .where('id', '=', first)
      .execute();
    // a claim: the due time moves to the lease's end
    await test.db
      .updateTable('outbound_emails')
      .set({ due_at: new Date(Date.now() + 60_000) })
      .where('id', '=', first)
      .execute();
    await email();
    await expect.poll(() => woken).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(woken).toBe(2);
    off();
  });

  it('listen again after their connection is lost, waking every loop once back', async () => {
    let woken = 0;
    const off = wakeups.on('agent_actions', () => (woken += 1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    woken = 0;
    const killed = await sql<{ pid: number }>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where datname = current_database() and query = 'listen tessera_jobs'`.execute(test.db);
    expect(killed.rows).toHaveLength(1);
    // back: whatever was announced meanwhile is looked for
    await expect.poll(() => woken).toBe(1);
    const offEmails = wakeups.on('outbound_emails', () => (woken += 10));
    await email();
    await expect.poll(() => woken).toBe(11);
    offEmails();
    off();
  });
});
