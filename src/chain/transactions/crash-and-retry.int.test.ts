/**
 * Failures around a send, on a real anvil behind a failure-injecting proxy: the node unreachable
 * (nothing recorded as sent), the node dying after a send and coming back with its state (the
 * retry finds the mined transaction and sends nothing), a send the node never saw (rebroadcast
 * with the same hash, sent anew when its nonce went to another transaction of ours, or not sent
 * at all when its nonce is used by nothing of ours: the outcome unknown), a receipt timeout. Every check of the chain reads anvil directly.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Address, Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { createTestDatabase } from '../../../test/support/database.js';
import type { Problem } from '../../lib/http/problem.js';
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
let stateDir: string;
let token: Address;
const [alice, bob] = investors as [Address, Address];

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-chain-state-'));
  f = await startChainFixture(
    { testConfig, createTestDatabase },
    {
      statePath: path.join(stateDir, 'anvil.json'),
      withProxy: true,
      env: { CHAIN_RECEIPT_TIMEOUT_MS: '800' },
    },
  );
  token = await deployToken(f.app, { name: 'Gamma', symbol: 'GAM', decimals: 0 });
  for (const investor of [alice, bob]) {
    await call(
      f.app,
      'POST',
      '/api/v1/register-identity',
      { investor_addr: investor, country_code: 250 },
      `register-${investor}`,
    );
  }
});
afterAll(async () => {
  await f?.stop();
  await rm(stateDir, { recursive: true, force: true });
});

const balance = (wallet: Address) =>
  f.independent.readContract({
    address: token,
    abi: tokenAbi,
    functionName: 'balanceOf',
    args: [wallet],
  });
const sentCount = () =>
  f.independent.getTransactionCount({ address: f.services.session.signer.address });
const row = (key: string) =>
  f.database.db
    .selectFrom('gas_transactions')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
const mint = (key: string, to: Address, amount: string) =>
  call(f.app, 'POST', '/api/v1/mint', { token_addr: token, to_addr: to, amount }, key);

describe('failures around a send', () => {
  it('answers 503 when the node is unreachable and records nothing as sent', async () => {
    await f.proxy!.setMode('down');
    const response = await mint('unreachable', alice, '5');
    expect(response.statusCode).toBe(503);
    expect(response.json<Problem>().code).toBe('CHAIN_UNAVAILABLE');
    expect(await row('unreachable')).toMatchObject({ status: 'failed', tx_hash: null });

    await f.proxy!.setMode('forward');
    const retry = await mint('unreachable', alice, '5');
    expect(retry.statusCode).toBe(200);
    expect(await balance(alice)).toBe(5n);
  });

  it('finds the mined transaction after the node died after a send and came back', async () => {
    const before = await balance(alice);
    const nonceBefore = await sentCount();
    await f.proxy!.setMode('lose-send-response');
    const lost = await mint('crash-1', alice, '40');
    expect(lost.statusCode).toBe(503);
    const lostProblem = lost.json<Problem & { tx_hash: Hash }>();
    expect(lostProblem.code).toBe('CHAIN_UNAVAILABLE');
    expect(await row('crash-1')).toMatchObject({ status: 'sent', tx_hash: lostProblem.tx_hash });
    // Asked what became of it, the chain service asks the node: mined, though recorded as sent.
    const outcome = await call(f.app, 'GET', '/api/v1/transactions/mint/crash-1');
    expect(outcome.json()).toEqual({
      operation: 'mint',
      idempotency_key: 'crash-1',
      status: 'mined',
      tx_hash: lostProblem.tx_hash,
    });
    const unknown = await call(f.app, 'GET', '/api/v1/transactions/mint/never-sent');
    expect(unknown.json()).toMatchObject({ status: 'unknown', tx_hash: null });
    const badOperation = await call(f.app, 'GET', '/api/v1/transactions/launch/crash-1');
    expect(badOperation.statusCode).toBe(400);

    // The node stops (dumping its state) and the retry meets a dead node: still nothing resent.
    await f.proxy!.setMode('forward');
    await f.stopAnvil();
    const whileDown = await mint('crash-1', alice, '40');
    expect(whileDown.statusCode).toBe(503);
    expect(await row('crash-1')).toMatchObject({ status: 'sent', tx_hash: lostProblem.tx_hash });

    await f.startAnvil();
    const retry = await mint('crash-1', alice, '40');
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Transaction>().tx_hash).toBe(lostProblem.tx_hash);
    expect(await balance(alice)).toBe(before + 40n);
    expect(await sentCount()).toBe(nonceBefore + 1);
    expect(await row('crash-1')).toMatchObject({ status: 'mined', attempts: 1 });
  });

  it('rebroadcasts the same transaction when the node never received it', async () => {
    const before = await balance(bob);
    await f.proxy!.setMode('lose-send');
    const lost = await mint('lost-1', bob, '3');
    const hash = lost.json<Problem & { tx_hash: Hash }>().tx_hash;
    expect(lost.statusCode).toBe(503);
    await f.proxy!.setMode('forward');
    const retry = await mint('lost-1', bob, '3');
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Transaction>().tx_hash).toBe(hash);
    expect(await balance(bob)).toBe(before + 3n);
  });

  it('sends anew when the lost transaction can never be mined (its nonce went to another)', async () => {
    const before = await balance(bob);
    await f.proxy!.setMode('lose-send');
    const lost = await mint('lost-2', bob, '10');
    const lostHash = lost.json<Problem & { tx_hash: Hash }>().tx_hash;
    const lostNonce = (await row('lost-2')).nonce;
    await f.proxy!.setMode('forward');
    const other = await mint('other-2', bob, '1');
    expect(other.json<Transaction>().nonce).toBe(lostNonce);

    const retry = await mint('lost-2', bob, '10');
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Transaction>().tx_hash).not.toBe(lostHash);
    expect(await balance(bob)).toBe(before + 11n);
  });

  it("sends nothing when the lost transaction's nonce is used by nothing of ours (outcome unknown)", async () => {
    // The node restarted from a state that kept a transaction's effects and nonce but not its
    // block (or a reorg): our hash is unknown to it, its nonce is used, and no other row of ours
    // holds that nonce. The call may have run: it must not be sent again.
    const before = await balance(bob);
    await f.proxy!.setMode('lose-send');
    const lost = await mint('lost-3', bob, '6');
    expect(lost.statusCode).toBe(503);
    const lostNonce = Number((await row('lost-3')).nonce);
    await f.proxy!.setMode('forward');
    await f.independent.request({
      method: 'anvil_setNonce',
      params: [f.services.session.signer.address, `0x${(lostNonce + 1).toString(16)}`],
    } as never);
    const nonceBefore = await sentCount();

    const retry = await mint('lost-3', bob, '6');
    expect(retry.statusCode).toBe(409);
    expect(retry.json<Problem>().code).toBe('CHAIN_OUTCOME_UNKNOWN');
    expect(await sentCount()).toBe(nonceBefore);
    expect(await balance(bob)).toBe(before);
    expect(await row('lost-3')).toMatchObject({
      status: 'failed',
      error_code: 'CHAIN_OUTCOME_UNKNOWN',
    });

    // A later retry with the same key (a worker, a staff retry) refuses again: still nothing sent.
    const again = await mint('lost-3', bob, '6');
    expect(again.json<Problem>().code).toBe('CHAIN_OUTCOME_UNKNOWN');
    expect(await sentCount()).toBe(nonceBefore);
    expect(await balance(bob)).toBe(before);
  });

  it('answers CHAIN_TIMEOUT when no block comes, and the retry finds the receipt', async () => {
    await f.independent.request({ method: 'evm_setAutomine', params: [false] } as never);
    const slow = await mint('slow-1', alice, '2');
    expect(slow.statusCode).toBe(504);
    expect(slow.json<Problem>().code).toBe('CHAIN_TIMEOUT');
    await f.independent.request({ method: 'evm_setAutomine', params: [true] } as never);
    await f.independent.request({ method: 'evm_mine', params: [] } as never);
    const before = await sentCount();
    const retry = await mint('slow-1', alice, '2');
    expect(retry.statusCode).toBe(200);
    expect(await sentCount()).toBe(before);
  });
});
