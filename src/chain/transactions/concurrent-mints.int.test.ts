/** 50 mints at once through the API: all mined, each with its own nonce, balances exact. */
import type { Address } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { createTestDatabase } from '../../../test/support/database.js';
import { tokenAbi } from '../contracts/generated/index.js';
import type { Transaction } from '../../lib/chain-api.schemas.js';
import {
  call,
  deployToken,
  investors,
  startChainFixture,
  type ChainFixture,
} from '../testing/chain-fixture.js';

let f: ChainFixture;
let token: Address;
const holders = investors.slice(0, 5);

beforeAll(async () => {
  f = await startChainFixture({ testConfig, createTestDatabase });
  token = await deployToken(f.app, { name: 'Delta', symbol: 'DLT', decimals: 2 });
  for (const holder of holders) {
    await call(
      f.app,
      'POST',
      '/api/v1/register-identity',
      { investor_addr: holder, country_code: 826 },
      `register-${holder}`,
    );
  }
});
afterAll(async () => {
  await f?.stop();
});

it('mines 50 concurrent mints with distinct nonces', async () => {
  const startNonce = await f.independent.getTransactionCount({
    address: f.services.session.signer.address,
  });
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      call(
        f.app,
        'POST',
        '/api/v1/mint',
        { token_addr: token, to_addr: holders[i % holders.length], amount: String(i + 1) },
        `concurrent-${i}`,
      ),
    ),
  );
  expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
  const nonces = responses.map((r) => r.json<Transaction>().nonce).sort((a, b) => a - b);
  expect(nonces).toEqual(Array.from({ length: 50 }, (_, i) => startNonce + i));

  const rows = await f.database.db
    .selectFrom('gas_transactions')
    .select(['status', 'tx_hash'])
    .where('operation', '=', 'mint')
    .execute();
  expect(rows.filter((r) => r.status === 'mined')).toHaveLength(50);
  expect(new Set(rows.map((r) => r.tx_hash)).size).toBe(50);

  for (const [h, holder] of holders.entries()) {
    const expected = Array.from({ length: 50 }, (_, i) => i)
      .filter((i) => i % holders.length === h)
      .reduce((sum, i) => sum + BigInt(i + 1), 0n);
    expect(
      await f.independent.readContract({
        address: token,
        abi: tokenAbi,
        functionName: 'balanceOf',
        args: [holder],
      }),
    ).toBe(expected);
  }
});
