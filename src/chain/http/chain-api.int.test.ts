/**
 * The chain API end to end on a real anvil with the real T-REX and ONCHAINID contracts: two token
 * suites, identities with KYC claims, mint, forced transfers, refusals, revocation. Balances and
 * verification are checked by reading the contracts directly.
 */
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { createTestDatabase } from '../../../test/support/database.js';
import { identityRegistryAbi, tokenAbi } from '../contracts/generated/index.js';
import type { Problem } from '../../lib/http/problem.js';
import { call, investors, startChainFixture, type ChainFixture } from '../testing/chain-fixture.js';
import type {
  DeployResponse,
  RegisterIdentityResponse,
  Transaction,
} from '../../lib/chain-api.schemas.js';

let f: ChainFixture;
const [alice, bob, carol, dave] = investors as [Address, Address, Address, Address];
const tokenA = { token_id: randomUUID(), name: 'Alpha Real Estate', symbol: 'ALPHA', decimals: 18 };
const tokenB = { token_id: randomUUID(), name: 'Beta Fund', symbol: 'BETA', decimals: 0 };
let suiteA: { token_addr: Address; identity_registry_addr: Address };
let suiteB: { token_addr: Address; identity_registry_addr: Address };

beforeAll(async () => {
  f = await startChainFixture({ testConfig, createTestDatabase });
});
afterAll(async () => {
  await f?.stop();
});

const balance = (token: Address, wallet: Address) =>
  f.independent.readContract({
    address: token,
    abi: tokenAbi,
    functionName: 'balanceOf',
    args: [wallet],
  });
const verified = (registry: Address, wallet: Address) =>
  f.independent.readContract({
    address: registry,
    abi: identityRegistryAbi,
    functionName: 'isVerified',
    args: [wallet],
  });
const signerNonce = () =>
  f.independent.getTransactionCount({ address: f.services.session.signer.address });

describe('service credential and input validation', () => {
  it('refuses a request without or with a wrong service token (401)', async () => {
    const none = await f.app.inject({ method: 'POST', url: '/api/v1/deploy', payload: tokenA });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'INVALID_SERVICE_CREDENTIAL' });
    const wrong = await f.app.inject({
      method: 'GET',
      url: `/api/v1/identities/${alice}`,
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it.each([
    ['a malformed address', { token_addr: '0x1234', to_addr: alice, amount: '1' }],
    ['a bad checksum', { token_addr: alice.replace('C8', 'c8'), to_addr: alice, amount: '1' }],
    ['a negative amount', { token_addr: alice, to_addr: alice, amount: '-5' }],
    ['a fractional amount', { token_addr: alice, to_addr: alice, amount: '1.5' }],
    ['a zero amount', { token_addr: alice, to_addr: alice, amount: '0' }],
    ['a numeric amount', { token_addr: alice, to_addr: alice, amount: 5 }],
    ['an unknown field', { token_addr: alice, to_addr: alice, amount: '1', memo: 'x' }],
  ])('answers 400 for %s', async (_case, body) => {
    const response = await call(f.app, 'POST', '/api/v1/mint', body, 'k-400');
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().code).toBe('VALIDATION_FAILED');
  });

  it('requires an idempotency key on mutating routes', async () => {
    const response = await call(f.app, 'POST', '/api/v1/mint', {
      token_addr: alice,
      to_addr: alice,
      amount: '1',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('token suites', () => {
  it('deploys two suites sharing the identity registry storage; a repeat returns the suite', async () => {
    const a = await call(f.app, 'POST', '/api/v1/deploy', tokenA);
    expect(a.statusCode).toBe(200);
    const deployedA = a.json<DeployResponse>();
    suiteA = deployedA as typeof suiteA;
    expect(deployedA).toMatchObject({ created: true, token_id: tokenA.token_id });
    expect(deployedA.transaction?.payer_type).toBe('platform');
    const b = await call(f.app, 'POST', '/api/v1/deploy', tokenB);
    const deployedB = b.json<DeployResponse>();
    suiteB = deployedB as typeof suiteB;
    expect(deployedB.identity_registry_storage_addr).toBe(deployedA.identity_registry_storage_addr);
    expect(suiteB.token_addr).not.toBe(suiteA.token_addr);

    const repeat = await call(f.app, 'POST', '/api/v1/deploy', tokenA);
    expect(repeat.json()).toMatchObject({
      created: false,
      token_addr: suiteA.token_addr,
      tx_hash: deployedA.tx_hash,
    });
    const symbol = await f.independent.readContract({
      address: suiteB.token_addr,
      abi: tokenAbi,
      functionName: 'symbol',
    });
    expect(symbol).toBe('BETA');
    expect(
      await f.independent.readContract({
        address: suiteA.token_addr,
        abi: tokenAbi,
        functionName: 'paused',
      }),
    ).toBe(true);
  });
});

describe('identities, mint and transfers', () => {
  it('registers identities with a KYC claim, verified on both tokens; a repeat sends nothing', async () => {
    for (const investor of [alice, bob, carol]) {
      const response = await call(
        f.app,
        'POST',
        '/api/v1/register-identity',
        { investor_addr: investor, country_code: 276, payer_ref: 'biz-1' },
        `register-${investor}`,
      );
      expect(response.statusCode).toBe(200);
      const registered = response.json<RegisterIdentityResponse>();
      expect(registered.transactions).toHaveLength(3);
      expect(registered.transactions[0]?.payer_type).toBe('issuer');
    }
    expect(await verified(suiteA.identity_registry_addr, alice)).toBe(true);
    expect(await verified(suiteB.identity_registry_addr, alice)).toBe(true);
    expect(await verified(suiteA.identity_registry_addr, dave)).toBe(false);

    const before = await signerNonce();
    const repeat = await call(
      f.app,
      'POST',
      '/api/v1/register-identity',
      { investor_addr: alice, country_code: 276 },
      'register-again',
    );
    expect(repeat.json()).toMatchObject({ transactions: [], country_code: 276 });
    expect(await signerNonce()).toBe(before);

    const identity = await call(f.app, 'GET', `/api/v1/identities/${alice}`);
    expect(identity.json()).toMatchObject({
      registered: true,
      kyc_claim: 'valid',
      country_code: 276,
    });
  });

  it('mints to a verified wallet, once per idempotency key', async () => {
    const body = {
      token_addr: suiteA.token_addr,
      to_addr: alice,
      amount: '1000',
      payer_ref: 'biz-1',
    };
    const first = await call(f.app, 'POST', '/api/v1/mint', body, 'mint-alice-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      operation: 'mint',
      payer_type: 'issuer',
      payer_ref: 'biz-1',
    });
    const minted = first.json<Transaction>();
    expect(BigInt(minted.cost_wei)).toBe(
      BigInt(minted.gas_used) * BigInt(minted.effective_gas_price),
    );
    const again = await call(f.app, 'POST', '/api/v1/mint', body, 'mint-alice-1');
    expect(again.json<Transaction>().tx_hash).toBe(first.json<Transaction>().tx_hash);
    expect(await balance(suiteA.token_addr, alice)).toBe(1000n);

    const reused = await call(
      f.app,
      'POST',
      '/api/v1/mint',
      { ...body, amount: '7' },
      'mint-alice-1',
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json<Problem>().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses a mint to an unverified wallet without sending anything', async () => {
    const before = await signerNonce();
    const response = await call(
      f.app,
      'POST',
      '/api/v1/mint',
      { token_addr: suiteA.token_addr, to_addr: dave, amount: '5' },
      'mint-dave',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json<Problem>().code).toBe('IDENTITY_NOT_VERIFIED');
    expect(await signerNonce()).toBe(before);
    const row = await f.database.db
      .selectFrom('gas_transactions')
      .selectAll()
      .where('idempotency_key', '=', 'mint-dave')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'failed',
      tx_hash: null,
      error_code: 'IDENTITY_NOT_VERIFIED',
    });
  });

  it('refuses an unknown token (404)', async () => {
    const response = await call(
      f.app,
      'POST',
      '/api/v1/mint',
      { token_addr: dave, to_addr: alice, amount: '5' },
      'mint-unknown',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json<Problem>().code).toBe('TOKEN_NOT_FOUND');
  });

  it('refuses a transfer while the token is paused, then transfers once unpaused', async () => {
    const transfer = {
      token_addr: suiteA.token_addr,
      from_addr: alice,
      to_addr: bob,
      amount: '300',
    };
    const paused = await call(f.app, 'POST', '/api/v1/transfer', transfer, 'settle-1');
    expect(paused.statusCode).toBe(422);
    expect(paused.json<Problem>().code).toBe('TOKEN_PAUSED');

    const unpause = await call(
      f.app,
      'POST',
      '/api/v1/unpause',
      { token_addr: suiteA.token_addr },
      'unpause-a',
    );
    expect(unpause.json()).toMatchObject({ paused: false });
    expect(unpause.json<Transaction>().tx_hash).toMatch(/^0x/);

    const settled = await call(f.app, 'POST', '/api/v1/transfer', transfer, 'settle-1');
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({ operation: 'forced_transfer', payer_type: 'platform' });
    expect(await balance(suiteA.token_addr, alice)).toBe(700n);
    expect(await balance(suiteA.token_addr, bob)).toBe(300n);
  });

  it('names the reason of a refused transfer and sends nothing', async () => {
    const before = await signerNonce();
    const cases: Array<[object, number, string]> = [
      [{ from_addr: alice, to_addr: dave, amount: '1' }, 422, 'IDENTITY_NOT_VERIFIED'],
      [{ from_addr: bob, to_addr: alice, amount: '301' }, 422, 'INSUFFICIENT_TOKEN_BALANCE'],
    ];
    for (const [i, [movement, status, code]] of cases.entries()) {
      const response = await call(
        f.app,
        'POST',
        '/api/v1/transfer',
        { token_addr: suiteA.token_addr, ...movement },
        `refused-${i}`,
      );
      expect(response.statusCode).toBe(status);
      expect(response.json<Problem>().code).toBe(code);
    }
    const freeze = await f.signerWallet.writeContract({
      address: suiteA.token_addr,
      abi: tokenAbi,
      functionName: 'setAddressFrozen',
      args: [carol, true],
    });
    // Mined before the nonce is read, or the read may not count it yet.
    await f.independent.waitForTransactionReceipt({ hash: freeze, pollingInterval: 20 });
    const frozenBefore = await signerNonce();
    const frozen = await call(
      f.app,
      'POST',
      '/api/v1/transfer',
      { token_addr: suiteA.token_addr, from_addr: alice, to_addr: carol, amount: '1' },
      'refused-frozen',
    );
    expect(frozen.json<Problem>().code).toBe('WALLET_FROZEN');
    expect(await signerNonce()).toBe(frozenBefore);
    expect(frozenBefore).toBe(before + 1);
  });

  it('settles a batch in one transaction, checking running balances', async () => {
    const tooMuch = await call(
      f.app,
      'POST',
      '/api/v1/batch-transfer',
      {
        token_addr: suiteA.token_addr,
        transfers: [
          { from_addr: alice, to_addr: bob, amount: '500' },
          { from_addr: alice, to_addr: bob, amount: '201' },
        ],
      },
      'batch-too-much',
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_TOKEN_BALANCE', transfer_index: 1 });

    const batch = await call(
      f.app,
      'POST',
      '/api/v1/batch-transfer',
      {
        token_addr: suiteA.token_addr,
        transfers: [
          { from_addr: alice, to_addr: bob, amount: '100' },
          { from_addr: bob, to_addr: alice, amount: '50' },
        ],
      },
      'batch-1',
    );
    expect(batch.statusCode).toBe(200);
    expect(batch.json<Transaction>().operation).toBe('batch_forced_transfer');
    expect(await balance(suiteA.token_addr, alice)).toBe(650n);
    expect(await balance(suiteA.token_addr, bob)).toBe(350n);
    const read = await call(f.app, 'GET', `/api/v1/tokens/${suiteA.token_addr}/balances/${bob}`);
    expect(read.json()).toMatchObject({ balance: '350', frozen: '0' });
  });

  it('revokes a KYC claim: unverified on every token, transfers to it refused', async () => {
    const revoked = await call(
      f.app,
      'POST',
      '/api/v1/revoke-kyc',
      { investor_addr: bob },
      'revoke-bob',
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<Transaction>().tx_hash).toMatch(/^0x/);
    expect(await verified(suiteA.identity_registry_addr, bob)).toBe(false);
    expect(await verified(suiteB.identity_registry_addr, bob)).toBe(false);
    const viaApi = await call(f.app, 'GET', `/api/v1/tokens/${suiteB.token_addr}/verified/${bob}`);
    expect(viaApi.json<{ verified: boolean }>().verified).toBe(false);

    const again = await call(
      f.app,
      'POST',
      '/api/v1/revoke-kyc',
      { investor_addr: bob },
      'revoke-bob-2',
    );
    expect(again.json<{ transaction: unknown }>().transaction).toBeNull();

    const refused = await call(
      f.app,
      'POST',
      '/api/v1/transfer',
      { token_addr: suiteA.token_addr, from_addr: alice, to_addr: bob, amount: '1' },
      'to-revoked',
    );
    expect(refused.json<Problem>().code).toBe('IDENTITY_NOT_VERIFIED');

    const reverified = await call(
      f.app,
      'POST',
      '/api/v1/register-identity',
      { investor_addr: bob, country_code: 276 },
      'register-bob-again',
    );
    expect(reverified.statusCode, reverified.body).toBe(200);
    const reregistered = reverified.json<RegisterIdentityResponse>();
    expect(reregistered.transactions.map((t) => t.operation)).toEqual(['add_kyc_claim']);
    expect(await verified(suiteA.identity_registry_addr, bob)).toBe(true);
  });

  it('records every transaction with its gas and payer', async () => {
    const rows = await f.database.db
      .selectFrom('gas_transactions')
      .select(['operation', 'status', 'payer_type', 'gas_used', 'cost_wei', 'tx_hash'])
      .where('status', '=', 'mined')
      .execute();
    const payers = new Map(rows.map((r) => [r.operation, r.payer_type]));
    expect(Object.fromEntries(payers)).toMatchObject({
      infrastructure: 'platform',
      deploy_suite: 'platform',
      create_identity: 'issuer',
      add_kyc_claim: 'issuer',
      register_identity: 'issuer',
      mint: 'issuer',
      forced_transfer: 'platform',
      batch_forced_transfer: 'platform',
      unpause: 'platform',
      revoke_kyc_claim: 'platform',
    });
    for (const row of rows) {
      expect(BigInt(row.gas_used!)).toBeGreaterThan(21_000n);
      expect(row.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    }
  });
});
