/**
 * The platform process is killed (SIGKILL) in the middle of a split, then started again: every
 * holder ends scaled exactly once, on chain and in the database. The platform reaches the chain
 * service through a gate that holds its scale-holdings calls, so the test kills the process while
 * a batch is fixed in the database and its chain call is on its way (the call then reaches the
 * chain after all, as a dead process's last call may): the restart must recognise it, not mint
 * it again. It waits on events, never on a deadline of its own.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainGate } from '../support/chain-gate.js';
import { startPlatformProcess as startCrashPlatform } from '../support/crash-platform.js';
import { startIssuanceSystem, type IssuanceSystem } from '../support/issuance.js';
import {
  expectCashReconciles,
  expectChainEqualsDatabase,
  liveTokenWithHolders,
  proposeAndApprove,
  staffMember,
} from '../support/splits.js';

describe('a platform crash while splitting', () => {
  let s: IssuanceSystem;
  let child: ChildProcess | undefined;
  let gate: Awaited<ReturnType<typeof startChainGate>>;

  beforeAll(async () => {
    s = await startIssuanceSystem();
    gate = await startChainGate(s.config.urls.chain);
  }, 120_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await gate?.close();
    await s.close();
  });

  const startPlatformProcess = () =>
    startCrashPlatform(s, gate.url, {
      // two holders a batch: several batches, so the kill falls between two of them
      SPLIT_BATCH_SIZE: '2',
    });
  const split = (id: string) =>
    s.test.db.selectFrom('share_splits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** polls the database until the condition holds (the test's own timeout bounds it) */
  async function until(check: () => Promise<boolean>) {
    while (!(await check())) await new Promise((r) => setTimeout(r, 20));
  }

  it('scales every holder exactly once after a restart', async () => {
    const staff = await staffMember(s, 'crash@staff.example');
    const { issuer, tokenId } = await liveTokenWithHolders(s, 'CRSH', [5, 7, 9, 11, 13, 3]);
    await s.deposit(issuer, '100.00');
    const id = await proposeAndApprove(s, issuer, staff, tokenId, [3, 2]);
    // the effective moment brought forward: the process's workers run on the wall clock
    await s.test.db
      .updateTable('share_splits')
      .set({ effective_at: new Date(), due_at: new Date() })
      .where('id', '=', id)
      .execute();

    // Calls pass one by one until one arrives after a batch was sent: the runner sends a batch
    // right after fixing it, so the process now has a batch fixed and its call in flight.
    gate.hold('/api/v1/scale-holdings');
    child = await startPlatformProcess();
    for (;;) {
      await gate.arrived();
      const sent = await s.test.db
        .selectFrom('share_split_batches')
        .select('batch_no')
        .where('split_id', '=', id)
        .where('status', '=', 'sent')
        .execute();
      if (sent.length > 0) break;
      gate.pass();
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    const atCrash = await split(id);
    expect(atCrash.status).toBe('scaling');
    expect(atCrash.holders_scaled).toBeGreaterThan(0);
    expect(atCrash.holders_scaled).toBeLessThan(atCrash.holder_count);
    gate.open();

    child = await startPlatformProcess();
    await until(async () => (await split(id)).status === 'done');
    child.kill('SIGTERM');

    await expectChainEqualsDatabase(s, tokenId);
    await expectCashReconciles(s, id);
    const holders = await s.test.db
      .selectFrom('share_split_holders')
      .select(['user_id', 'status', 'batch_no'])
      .where('split_id', '=', id)
      .execute();
    expect(holders.every((h) => h.status === 'scaled')).toBe(true);
    // one register movement per holder, and one mined batchMint per batch
    const movements = await s.test.db
      .selectFrom('token_movements')
      .select('to_user_id')
      .where('source_id', '=', id)
      .execute();
    expect(movements.map((m) => m.to_user_id).sort()).toEqual(holders.map((h) => h.user_id).sort());
    const token = await s.tokenRow(tokenId);
    const mints = await s.test.db
      .selectFrom('gas_transactions')
      .select(['idempotency_key', 'status'])
      .where('operation', '=', 'batch_mint')
      .where('token_address', '=', token.contract_address)
      .execute();
    const batches = new Set(holders.map((h) => h.batch_no));
    expect(mints.map((m) => m.idempotency_key).sort()).toEqual(
      [...batches].map((n) => `split:${id}:${n}`).sort(),
    );
    expect(mints.every((m) => m.status === 'mined')).toBe(true);
    expect(token.halted_until).toEqual((await split(id)).finished_at);
  }, 240_000);
});
