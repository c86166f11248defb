/**
 * The job queue against the real PostgreSQL, on the KYC claim revocation table (any job table
 * behaves the same): the claim's lease, the fencing of a worker whose job was claimed again, and
 * the failure policy (attempts, doubling backoff, failed). The clock is the test's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { newId } from '../ids.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { jobQueue, type FailurePolicy, type JobTable } from './job-queue.js';

const logger = createLogger('test', 'silent');
const policy: FailurePolicy = {
  maxAttempts: 4,
  backoffSeconds: 10,
  maxBackoffSeconds: 25,
  transient: { baseMs: 2_000, maxMs: 6_000 },
};
const leaseSeconds = 240;
const revocationJobs: JobTable<'kyc_claim_revocations'> = {
  table: 'kyc_claim_revocations',
  state: 'status',
  ready: 'pending',
  failed: 'failed',
  claimId: 'claim_id',
  dueAt: 'due_at',
  attempts: 'attempts',
  waits: 'waits',
  error: 'last_error',
};

describe('jobQueue', () => {
  let test: TestDatabase;
  let userId: string;
  let now = new Date('2030-01-01T00:00:00Z');
  const clock = { now: () => now };
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const queue = () =>
    jobQueue(revocationJobs, { db: test.db, clock, logger, leaseSeconds, policy });

  beforeAll(async () => {
    test = await createTestDatabase();
    userId = (
      await test.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'treasury')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => test.drop());

  async function newJob(): Promise<string> {
    const id = newId();
    await test.db
      .insertInto('kyc_claim_revocations')
      .values({ id, user_id: userId, wallet_address: `0x${'1'.repeat(40)}` })
      .execute();
    return id;
  }
  const row = (id: string) =>
    test.db
      .selectFrom('kyc_claim_revocations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  async function clear() {
    await test.db.deleteFrom('kyc_claim_revocations').execute();
  }

  it('does not claim a job again while its lease runs, however slow the work', async () => {
    await clear();
    const id = await newJob();
    const first = await queue().claim();
    expect(first?.row).toMatchObject({ id, attempts: 1 });
    advance(leaseSeconds - 1);
    expect(await queue().claim()).toBeUndefined();
    expect(await queue().complete(first!, { status: 'revoked' })).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'revoked', claim_id: null, due_at: null });
  });

  it('fences out a worker whose lease ran out and whose job was claimed again', async () => {
    await clear();
    const id = await newJob();
    const first = (await queue().claim())!;
    advance(leaseSeconds + 1);
    const second = (await queue().claim())!;
    expect(second.row).toMatchObject({ id, attempts: 2 });
    expect(second.claimId).not.toBe(first.claimId);

    // The first worker's late answer, success or failure, writes nothing.
    expect(
      await queue().complete(first, { status: 'revoked', tx_hash: `0x${'f'.repeat(64)}` }),
    ).toBe(false);
    expect(await queue().fail(first, new Error('late'))).toBe('fenced');
    expect(await row(id)).toMatchObject({
      status: 'pending',
      claim_id: second.claimId,
      tx_hash: null,
      last_error: null,
    });

    expect(
      await queue().complete(second, { status: 'revoked', tx_hash: `0x${'a'.repeat(64)}` }),
    ).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'revoked', tx_hash: `0x${'a'.repeat(64)}` });
  });

  it('retries a failed attempt after a doubling backoff (capped), then fails it for good', async () => {
    await clear();
    const id = await newJob();
    const waits = [10, 20, 25];
    for (const [index, wait] of waits.entries()) {
      const job = (await queue().claim())!;
      expect(job.row.attempts).toBe(index + 1);
      expect(await queue().fail(job, new Error(`attempt ${index + 1}`))).toBe('retry');
      expect(await row(id)).toMatchObject({
        status: 'pending',
        claim_id: null,
        last_error: `attempt ${index + 1}`,
        due_at: new Date(now.getTime() + wait * 1000),
      });
      advance(wait - 1);
      expect(await queue().claim()).toBeUndefined();
      advance(1);
    }
    const last = (await queue().claim())!;
    expect(last.row.attempts).toBe(policy.maxAttempts);
    expect(await queue().fail(last, new Error('attempt 4'))).toBe('failed');
    expect(await row(id)).toMatchObject({
      status: 'failed',
      due_at: null,
      last_error: 'attempt 4',
    });
    advance(86_400);
    expect(await queue().claim()).toBeUndefined();
  });

  it('gives a transient failure its attempt back and waits, doubling (capped), however many in a row', async () => {
    await clear();
    const id = await newJob();
    const outage = new AppError('CHAIN_UNAVAILABLE', 'the node is down');
    // More transient failures than maxAttempts: none uses an attempt up.
    for (let index = 0; index < policy.maxAttempts + 3; index++) {
      const job = (await queue().claim())!;
      expect(job.row).toMatchObject({ attempts: 1, waits: index });
      expect(await queue().fail(job, outage)).toBe('wait');
      const waiting = await row(id);
      expect(waiting).toMatchObject({
        status: 'pending',
        attempts: 0,
        waits: index + 1,
        claim_id: null,
        last_error: 'CHAIN_UNAVAILABLE: the node is down',
      });
      const ceiling = Math.min(2_000 * 2 ** index, 6_000);
      const waitMs = waiting.due_at!.getTime() - now.getTime();
      expect(waitMs).toBeGreaterThanOrEqual(ceiling / 2);
      expect(waitMs).toBeLessThanOrEqual(ceiling);
      expect(await queue().claim()).toBeUndefined();
      advance(waitMs / 1000);
    }
    // A failure the chain would repeat counts again, from the first attempt, and resets the waits.
    const job = (await queue().claim())!;
    expect(await queue().fail(job, new Error('reverted'))).toBe('retry');
    expect(await row(id)).toMatchObject({ attempts: 1, waits: 0, status: 'pending' });
    advance(10);
    const done = (await queue().claim())!;
    expect(await queue().complete(done, { status: 'revoked' })).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'revoked', attempts: 2, waits: 0 });
  });

  it('runs a batch: each job once across concurrent workers, a throw recorded as an attempt', async () => {
    await clear();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await newJob());
    const refused = new Set(ids.filter((_id, index) => index % 5 === 0));
    const seen: string[] = [];
    const work = async (job: { id: string }) => {
      seen.push(job.id);
      await new Promise((resolve) => setImmediate(resolve));
      if (refused.has(job.id)) throw new Error('chain said no');
      return { status: 'revoked' };
    };
    const taken = await Promise.all([
      queue().runBatch(20, work),
      queue().runBatch(20, work),
      queue().runBatch(20, work),
    ]);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(20);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(seen).toHaveLength(20);
    const rows = await test.db.selectFrom('kyc_claim_revocations').selectAll().execute();
    expect(rows.filter((r) => r.status === 'revoked')).toHaveLength(16);
    expect(rows.filter((r) => r.status === 'pending')).toEqual(
      Array.from({ length: 4 }, () =>
        expect.objectContaining({ attempts: 1, last_error: 'chain said no', claim_id: null }),
      ),
    );
  });
});
