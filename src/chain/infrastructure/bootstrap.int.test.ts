/**
 * The infrastructure bootstrap on a real anvil: deployed once with its gas recorded, reused by a
 * later start, and a chain that lost it (a fresh anvil with the old database) reported clearly.
 * Also the chain process as the launcher starts it, and a node that does not answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { AppError } from '../../lib/errors.js';
import { startEmbeddedAnvil, type EmbeddedAnvil } from '../../lib/embedded/anvil.js';
import { freePort } from '../../lib/embedded/ports.js';
import { createLogger } from '../../lib/logger.js';
import { openChainServices } from '../chain-services.js';
import { startChain } from '../main.js';
import { chainTestConfig, serviceToken } from '../testing/chain-fixture.js';
import { tREXFactoryAbi } from '../contracts/generated/index.js';

const logger = createLogger('chain-test', 'silent');
let anvil: EmbeddedAnvil;
let database: TestDatabase;

beforeAll(async () => {
  anvil = await startEmbeddedAnvil({ port: await freePort() });
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  await anvil?.stop();
});

describe('infrastructure bootstrap', () => {
  it('deploys the infrastructure once and reuses it on a later start', async () => {
    const config = chainTestConfig(testConfig, anvil.rpcUrl, database.url);
    const first = await openChainServices(config, database.db, logger);
    const { infrastructure, session } = first;
    const owner = await session.client.readContract({
      address: infrastructure.trexFactory,
      abi: tREXFactoryAbi,
      functionName: 'owner',
    });
    expect(owner).toBe(session.signer.address);
    const rows = await database.db
      .selectFrom('gas_transactions')
      .select(['status', 'payer_type', 'gas_used'])
      .where('operation', '=', 'infrastructure')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(rows.every((r) => r.status === 'mined' && r.payer_type === 'platform')).toBe(true);

    const second = await openChainServices(config, database.db, logger);
    expect(second.infrastructure).toEqual(infrastructure);
    const after = await database.db
      .selectFrom('gas_transactions')
      .select('id')
      .where('operation', '=', 'infrastructure')
      .execute();
    expect(after).toHaveLength(rows.length);
  });

  it('reports a chain that lost the infrastructure instead of sending calls into the void', async () => {
    const fresh = await startEmbeddedAnvil({ port: await freePort() });
    try {
      const config = chainTestConfig(testConfig, fresh.rpcUrl, database.url);
      const failure = await openChainServices(config, database.db, logger).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ code: 'CHAIN_INFRASTRUCTURE_MISSING', status: 503 });
      expect((failure as AppError).message).toMatch(/reset without its state/);
    } finally {
      await fresh.stop();
    }
  });

  it('fails to start with CHAIN_UNAVAILABLE when the node does not answer', async () => {
    const config = chainTestConfig(
      testConfig,
      `http://127.0.0.1:${await freePort()}`,
      database.url,
    );
    await expect(startChain(config, logger)).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
  });

  it('starts the chain process, serves the API behind the service token, and stops', async () => {
    const config = chainTestConfig(testConfig, anvil.rpcUrl, database.url, {
      CHAIN_PORT: String(await freePort()),
    });
    const running = await startChain(config, logger);
    try {
      expect(running.name).toBe('chain');
      const ready = await fetch(`${running.url}/readyz`);
      expect(await ready.json()).toMatchObject({ status: 'ready' });
      const unauthenticated = await fetch(`${running.url}/api/v1/identities/${anvilAddress}`);
      expect(unauthenticated.status).toBe(401);
      const identity = await fetch(`${running.url}/api/v1/identities/${anvilAddress}`, {
        headers: { authorization: `Bearer ${serviceToken}` },
      });
      expect(await identity.json()).toMatchObject({ registered: false, kyc_claim: 'none' });
    } finally {
      await running.stop();
    }
  });
});

const anvilAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
