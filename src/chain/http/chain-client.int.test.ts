/**
 * The typed client other processes use (src/lib/chain-client.ts) against the real chain process:
 * results, refusals carried as AppError with the chain's code, an unreachable service.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { createTestDatabase } from '../../../test/support/database.js';
import { ChainClient } from '../../lib/chain-client.js';
import { AppError } from '../../lib/errors.js';
import { freePort } from '../../lib/embedded/ports.js';
import { listen } from '../../lib/http/app.js';
import {
  investors,
  serviceToken,
  startChainFixture,
  type ChainFixture,
} from '../testing/chain-fixture.js';

let f: ChainFixture;
let client: ChainClient;
const [alice, bob, carol] = investors as [string, string, string];

beforeAll(async () => {
  f = await startChainFixture({ testConfig, createTestDatabase });
  const url = await listen(f.app, '127.0.0.1', await freePort());
  client = new ChainClient({ baseUrl: url, serviceToken });
});
afterAll(async () => {
  await f?.stop();
});

describe('ChainClient', () => {
  it('deploys, registers, mints, unpauses, transfers and reads', async () => {
    const suite = await client.deploy({
      token_id: randomUUID(),
      name: 'Epsilon',
      symbol: 'EPS',
      decimals: 0,
    });
    expect(suite.created).toBe(true);
    for (const investor of [alice, bob]) {
      const registered = await client.registerIdentity(
        { investor_addr: investor, country_code: 784 },
        `reg-${investor}`,
      );
      expect(registered.identity_addr).toMatch(/^0x/);
    }
    expect(await client.isVerified(suite.token_addr, alice)).toBe(true);
    expect((await client.identityOf(alice)).kyc_claim).toBe('valid');
    const minted = await client.mint(
      { token_addr: suite.token_addr, to_addr: alice, amount: '10' },
      'm-1',
    );
    expect(minted.payer_type).toBe('issuer');
    expect((await client.unpause(suite.token_addr, 'u-1')).paused).toBe(false);
    await client.transfer(
      { token_addr: suite.token_addr, from_addr: alice, to_addr: bob, amount: '4' },
      't-1',
    );
    await client.batchTransfer(
      {
        token_addr: suite.token_addr,
        transfers: [{ from_addr: bob, to_addr: alice, amount: '1' }],
      },
      'b-1',
    );
    expect((await client.balanceOf(suite.token_addr, bob)).balance).toBe('3');
    expect((await client.pause(suite.token_addr, 'p-1')).paused).toBe(true);

    const refusal = await client
      .mint({ token_addr: suite.token_addr, to_addr: carol, amount: '1' }, 'm-carol')
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'IDENTITY_NOT_VERIFIED', status: 422 });

    expect((await client.revokeKyc(bob, 'r-1')).tx_hash).toMatch(/^0x/);
    expect(await client.isVerified(suite.token_addr, bob)).toBe(false);
  });

  it('turns a wrong token and an unreachable service into AppErrors', async () => {
    const wrong = new ChainClient({ baseUrl: f.app.listeningOrigin, serviceToken: 'nope' });
    await expect(wrong.identityOf(alice)).rejects.toMatchObject({
      code: 'INVALID_SERVICE_CREDENTIAL',
    });
    const gone = new ChainClient({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      serviceToken,
    });
    await expect(gone.identityOf(alice)).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
  });
});
