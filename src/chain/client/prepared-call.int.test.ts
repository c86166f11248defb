/**
 * The gas limit of a call, on a real anvil behind the proxy: one eth_simulateV1 and no estimate
 * while the node simulates, the estimate when it answers that it has no eth_simulateV1, and in both
 * cases a call the contracts refuse fails with the code of its revert reason, nothing sent.
 */
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { createTestDatabase } from '../../../test/support/database.js';
import type { PauseResponse } from '../../lib/chain-api.schemas.js';
import { AppError } from '../../lib/errors.js';
import { tokenAbi } from '../contracts/generated/index.js';
import {
  call,
  deployToken,
  investors,
  startChainFixture,
  type ChainFixture,
} from '../testing/chain-fixture.js';
import { prepareCall } from './prepared-call.js';

let f: ChainFixture;
let token: Address;

beforeAll(async () => {
  f = await startChainFixture({ testConfig, createTestDatabase }, { withProxy: true });
  token = await deployToken(f.app, { name: 'Delta', symbol: 'DLT', decimals: 0 });
});
afterAll(async () => {
  await f?.stop();
});

/** The requests of each method the node received while `work` ran. */
async function requestsDuring(work: () => Promise<unknown>) {
  const methods = ['eth_simulateV1', 'eth_estimateGas', 'eth_fillTransaction'] as const;
  const before = methods.map((m) => f.proxy!.count(m));
  await work();
  const [simulate, estimate, fill] = methods.map((m, i) => f.proxy!.count(m) - before[i]!);
  return { simulate, estimate: estimate! + fill! };
}

/** Prepares (un)pause, then has the chain API send it: the limit against the gas it used. */
async function limitAndUse(paused: boolean) {
  const functionName = paused ? 'pause' : 'unpause';
  let limit = 0n;
  const requests = await requestsDuring(async () => {
    ({ gas: limit } = await prepareCall(f.services.session, {
      address: token,
      abi: tokenAbi,
      functionName,
      args: [],
    }));
  });
  const sent = await call(
    f.app,
    'POST',
    `/api/v1/${functionName}`,
    { token_addr: token },
    randomUUID(),
  );
  expect(sent.statusCode).toBe(200);
  return { limit, used: BigInt(sent.json<PauseResponse>().transaction!.gas_used), requests };
}

const mintToUnregistered = () =>
  prepareCall(f.services.session, {
    address: token,
    abi: tokenAbi,
    functionName: 'mint',
    args: [investors[0]!, 5n],
  });

describe('the gas limit of a call', () => {
  it.each([
    ['comes from one simulation, no estimate', 'forward', 0],
    ['comes from the estimate on a node without eth_simulateV1', 'no-simulate', 1],
  ] as const)('%s, and covers the gas the transaction uses', async (_, mode, estimates) => {
    await f.proxy!.setMode(mode);
    // pause and unpause in turn: each test sends one of them
    const { limit, used, requests } = await limitAndUse(mode === 'no-simulate');
    expect(requests).toEqual({ simulate: 1, estimate: estimates });
    expect(limit).toBeGreaterThan(used);
    expect(limit).toBeLessThan(used * 2n);
  });

  it.each(['forward', 'no-simulate'] as const)(
    'fails a call the contracts refuse with the code of its reason (%s)',
    async (mode) => {
      await f.proxy!.setMode(mode);
      const sent = await f.independent.getTransactionCount({
        address: f.services.session.signer.address,
      });
      const error = await mintToUnregistered().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'IDENTITY_NOT_VERIFIED' });
      expect(
        await f.independent.getTransactionCount({ address: f.services.session.signer.address }),
      ).toBe(sent);
    },
  );
});
