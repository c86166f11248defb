/**
 * A worker whose lease ran out while it waited for the chain, and whose job another worker then
 * claimed and finished, writes nothing when its own answer finally comes (issue 18 item 11): the
 * outcome is fenced by the claim id. Real PostgreSQL, anvil and chain process; the first worker's
 * chain calls pass through a gate that holds them; the workers' clock is moved past the lease.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainClient } from '../../src/lib/chain-client.js';
import { createLogger } from '../../src/lib/logger.js';
import { platformWorkers } from '../../src/platform/workers.js';
import { startChainGate } from '../support/chain-gate.js';
import { startIssuanceSystem, type IssuanceSystem } from '../support/issuance.js';

describe('a re-claimed job', () => {
  let s: IssuanceSystem;
  let gate: Awaited<ReturnType<typeof startChainGate>>;

  beforeAll(async () => {
    s = await startIssuanceSystem();
    gate = await startChainGate(s.config.urls.chain);
  }, 120_000);
  afterAll(async () => {
    await gate?.close();
    await s?.close();
  });

  it('cannot have its outcome written by the worker that lost it', async () => {
    const { issuer, businessId } = await s.issuerWithBusiness('fence@issuer.example', 0);
    const live = await s.liveOffering(issuer, businessId, 'FENCE');
    await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${live.id}/enable-secondary`, {}, s.admin.token),
    );
    const row = () =>
      s.test.db
        .selectFrom('tokens')
        .selectAll()
        .where('id', '=', live.id)
        .executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ status: 'secondary', chain_sync: 'pending' });

    // The slow worker: another platform process whose chain calls wait at the gate.
    const slow = platformWorkers({
      config: s.config,
      db: s.test.db,
      chain: new ChainClient({ baseUrl: gate.url, serviceToken: s.config.auth.serviceToken }),
      logger: createLogger('test', 'silent'),
      clock: s.clock,
    });
    gate.hold('/api/v1/unpause');
    const slowTick = slow.chainSync.tick();
    await gate.arrived();
    expect(await row()).toMatchObject({ chain_sync_attempts: 1 });

    // Its lease runs out; this process's worker claims the job again and finishes it.
    s.advanceClock((s.config.issuance.workerLeaseSeconds + 1) * 1000);
    expect(await s.workers.chainSync.tick()).toBe(1);
    const finished = await row();
    expect(finished).toMatchObject({
      chain_sync: 'synced',
      chain_sync_attempts: 2,
      chain_sync_claim_id: null,
      chain_sync_error: null,
    });
    expect(await s.chainPaused(live.contract_address)).toBe(false);

    // The slow worker's call now fails: its failure is not recorded over the finished job.
    gate.fail();
    expect(await slowTick).toBe(1);
    expect(await row()).toEqual(finished);
  });
});
