/**
 * The platform process is killed (SIGKILL) while it mints confirmed allocations, then started
 * again: every allocation ends minted exactly once, checked against the token contract. The
 * platform reaches the chain service through a gate that holds its mint calls, so the test knows
 * when the process is between two mints (a mint call arriving after one allocation was minted)
 * and kills it there, whatever the load: it waits on events, never on a deadline of its own.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainGate } from '../support/chain-gate.js';
import { startPlatformProcess as startCrashPlatform } from '../support/crash-platform.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';

describe('a platform crash while minting', () => {
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

  const startPlatformProcess = () => startCrashPlatform(s, gate.url);
  const statuses = async (tokenId: string) =>
    (
      await s.test.db
        .selectFrom('token_allocations')
        .select('on_chain_status')
        .where('token_id', '=', tokenId)
        .execute()
    ).map((a) => a.on_chain_status);
  /** polls the database until the condition holds (the test's own timeout bounds it) */
  async function until(check: () => Promise<boolean>) {
    while (!(await check())) await new Promise((r) => setTimeout(r, 20));
  }

  it('mints every allocation exactly once after a restart', async () => {
    const { issuer, businessId } = await s.issuerWithBusiness('crash@issuer.example', 0);
    const live = await s.liveOffering(issuer, businessId, 'CRASH', {
      price_per_token: '1.00',
      min_investment: '0',
    });
    const investors: Actor[] = [];
    for (let i = 0; i < 6; i++) {
      const investor = await s.verified(`crash${i}@example.com`);
      await s.deposit(investor, '500.00');
      investors.push(investor);
    }
    const ids: string[] = [];
    for (let round = 0; round < 8; round++) {
      for (const [i, investor] of investors.entries()) {
        ids.push((await s.subscribe(investor, live.id, 1 + i + round)).id);
      }
    }
    await s.confirm(live.id, ids);

    // Mint calls pass one by one until one arrives after an allocation was minted: the worker
    // finishes a job before it claims the next, so the process is now in the middle of its work.
    gate.hold('/api/v1/mint');
    child = await startPlatformProcess();
    for (;;) {
      await gate.arrived();
      if ((await statuses(live.id)).includes('minted')) break;
      gate.pass();
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    const atCrash = await statuses(live.id);
    expect(atCrash.filter((status) => status === 'minted').length).toBeGreaterThan(0);
    expect(atCrash.filter((status) => status !== 'minted').length).toBeGreaterThan(0);
    // The dead process's last mint call reaches the chain after all: the restart must find it.
    gate.open();

    child = await startPlatformProcess();
    await until(async () => (await statuses(live.id)).every((status) => status === 'minted'));
    child.kill('SIGTERM');

    for (const investor of investors) {
      const user = await s.test.db
        .selectFrom('users')
        .select('wallet_address')
        .where('id', '=', investor.id)
        .executeTakeFirstOrThrow();
      const owed = await s.test.db
        .selectFrom('token_allocations')
        .select((eb) => eb.fn.sum<string>('quantity').as('quantity'))
        .where('token_id', '=', live.id)
        .where('user_id', '=', investor.id)
        .executeTakeFirstOrThrow();
      expect(await s.chainBalance(live.contract_address, user.wallet_address!)).toBe(
        BigInt(owed.quantity) * 10n ** 18n,
      );
    }
    const mints = await s.test.db
      .selectFrom('gas_transactions')
      .select('tx_hash')
      .where('operation', '=', 'mint')
      .where('token_address', '=', live.contract_address)
      .execute();
    expect(mints).toHaveLength(ids.length);
  }, 240_000);
});
