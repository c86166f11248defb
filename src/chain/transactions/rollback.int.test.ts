/**
 * A chain that goes back after a receipt was recorded (anvil's evm_snapshot / evm_revert, as a node
 * restarted from an older state or a reorganisation does): the confirmation watcher notices the
 * lost block and drives the transaction again, so a mint, a pause, a settlement batch and an agent's
 * forced transfer each take effect exactly once; a lost transaction whose nonce something else took
 * is undecided, alerted and counted, and so is one without a receipt for too long. Every check of
 * the chain reads anvil directly.
 */
import { randomUUID } from 'node:crypto';
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
let token: Address;
const [alice, bob, carol] = investors as [Address, Address, Address];

beforeAll(async () => {
  f = await startChainFixture(
    { testConfig, createTestDatabase },
    { env: { CHAIN_WATCH_INTERVAL_MS: '10', CHAIN_CONFIRMATIONS: '1' } },
  );
  token = await deployToken(f.app, { name: 'Rollback', symbol: 'RBK', decimals: 0 });
  for (const investor of [alice, bob, carol]) {
    await call(
      f.app,
      'POST',
      '/api/v1/register-identity',
      { investor_addr: investor, country_code: 250 },
      `register-${investor}`,
    );
  }
  await call(f.app, 'POST', '/api/v1/unpause', { token_addr: token }, 'unpause-setup');
  expect((await mint('mint-setup', alice, '100')).statusCode).toBe(200);
  await watchUntilQuiet();
});
afterAll(async () => {
  await f?.stop();
});

const rpc = (method: string, params: unknown[] = []): Promise<unknown> =>
  f.independent.request({ method, params } as never);
const snapshot = async () => (await rpc('evm_snapshot')) as Hash;
const revert = async (id: Hash) => expect(await rpc('evm_revert', [id])).toBe(true);

const paused = () =>
  f.independent.readContract({ address: token, abi: tokenAbi, functionName: 'paused' });
const balance = (wallet: Address) =>
  f.independent.readContract({
    address: token,
    abi: tokenAbi,
    functionName: 'balanceOf',
    args: [wallet],
  });
const row = (key: string) =>
  f.database.db
    .selectFrom('gas_transactions')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
const mint = (key: string, to: Address, amount: string) =>
  call(f.app, 'POST', '/api/v1/mint', { token_addr: token, to_addr: to, amount }, key);
const receiptOf = (hash: string) => f.independent.getTransactionReceipt({ hash: hash as Hash });

/** Rounds of the watcher until every recorded transaction is final (bounded). */
async function watchUntilQuiet(): Promise<void> {
  for (let round = 0; round < 200; round++) {
    await f.services.watcher.tick();
    const open = await f.database.db
      .selectFrom('gas_transactions')
      .select('id')
      .where('confirmed_at', 'is', null)
      .where('status', 'in', ['sent', 'mined', 'reverted'])
      .execute();
    if (open.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  throw new Error('transactions still not final after 200 rounds');
}

/** The recorded transaction is mined once, final, in a block the chain holds, sent back once. */
async function expectFinalOnChain(key: string): Promise<void> {
  const recorded = await row(key);
  expect(recorded.status).toBe('mined');
  expect(recorded.confirmed_at).not.toBeNull();
  expect(recorded.redrives).toBe(1);
  const receipt = await receiptOf(recorded.tx_hash!);
  expect(receipt.status).toBe('success');
  expect(receipt.blockHash).toBe(recorded.block_hash);
  expect(Number(receipt.blockNumber)).toBe(recorded.block_number);
}

describe('a chain that goes back after the receipt was recorded', () => {
  it('records the block hash and makes a transaction final once its block is confirmed', async () => {
    const response = await mint('mint-final', bob, '1');
    expect(response.statusCode).toBe(200);
    const recorded = await row('mint-final');
    expect(recorded.confirmed_at).toBeNull();
    expect(recorded.block_hash).toBe((await receiptOf(recorded.tx_hash!)).blockHash);
    await watchUntilQuiet();
    expect((await row('mint-final')).confirmed_at).not.toBeNull();
  });

  it('mints again, once, what a lost block minted', async () => {
    const before = await balance(carol);
    const snap = await snapshot();
    const response = await mint('mint-lost', carol, '11');
    expect(response.statusCode).toBe(200);
    const first = response.json<Transaction>();
    await revert(snap);
    expect(await balance(carol)).toBe(before);

    await watchUntilQuiet();
    expect(await balance(carol)).toBe(before + 11n);
    await expectFinalOnChain('mint-lost');
    // the same signed bytes: the same hash, which can run only once
    expect((await row('mint-lost')).tx_hash).toBe(first.tx_hash);

    const again = await mint('mint-lost', carol, '11');
    expect(again.statusCode).toBe(200);
    await watchUntilQuiet();
    expect(await balance(carol)).toBe(before + 11n);
  });

  it('transfers a lost settlement batch again, once', async () => {
    const [a, b, c] = [await balance(alice), await balance(bob), await balance(carol)];
    const snap = await snapshot();
    const response = await call(
      f.app,
      'POST',
      '/api/v1/batch-transfer',
      {
        token_addr: token,
        transfers: [
          { from_addr: alice, to_addr: bob, amount: '5' },
          { from_addr: alice, to_addr: carol, amount: '7' },
        ],
      },
      'settle:rollback',
    );
    expect(response.statusCode).toBe(200);
    await revert(snap);
    expect(await balance(alice)).toBe(a);

    await watchUntilQuiet();
    expect(await balance(alice)).toBe(a - 12n);
    expect(await balance(bob)).toBe(b + 5n);
    expect(await balance(carol)).toBe(c + 7n);
    await expectFinalOnChain('settle:rollback');
    const status = await call(
      f.app,
      'GET',
      '/api/v1/transactions/batch_forced_transfer/settle%3Arollback',
    );
    expect(status.json<{ status: string }>().status).toBe('mined');
  });

  it("sends an agent's lost forced transfer anew when its nonce went to a later transaction of ours", async () => {
    const [a, c] = [await balance(alice), await balance(carol)];
    const snap = await snapshot();
    const ordered = await call(
      f.app,
      'POST',
      '/api/v1/agent-transfer',
      { token_addr: token, from_addr: alice, to_addr: carol, amount: '3' },
      'agent-transfer-lost',
    );
    expect(ordered.statusCode).toBe(200);
    const lostHash = ordered.json<Transaction>().tx_hash;
    const lostNonce = ordered.json<Transaction>().nonce;
    await revert(snap);
    // a send after the rollback, before the watcher's round, with the nonce read again from the
    // node: it takes the lost transaction's nonce, so that one can never run
    f.services.sender.forgetNonce();
    const later = await mint('mint-after-rollback', bob, '2');
    expect(later.statusCode).toBe(200);
    expect(later.json<Transaction>().nonce).toBe(lostNonce);

    await watchUntilQuiet();
    expect(await balance(alice)).toBe(a - 3n);
    expect(await balance(carol)).toBe(c + 3n);
    await expectFinalOnChain('agent-transfer-lost');
    expect((await row('agent-transfer-lost')).tx_hash).not.toBe(lostHash);
  });

  it('serves a request sent with the pre-rollback nonce once the lost transaction is back', async () => {
    const before = await balance(bob);
    const snap = await snapshot();
    expect((await mint('mint-lost-first', bob, '4')).statusCode).toBe(200);
    await revert(snap);
    // the allocator still counts the lost nonce as used: this one waits behind a gap in the pool
    const waiting = mint('mint-behind-gap', bob, '6');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await watchUntilQuiet();
    expect((await waiting).statusCode).toBe(200);
    await watchUntilQuiet();
    expect(await balance(bob)).toBe(before + 10n);
    await expectFinalOnChain('mint-lost-first');
  });

  it('pauses again a token whose pause was lost (the pause sync)', async () => {
    expect(await paused()).toBe(false);
    const snap = await snapshot();
    expect(
      (await call(f.app, 'POST', '/api/v1/pause', { token_addr: token }, 'pause-lost')).statusCode,
    ).toBe(200);
    await revert(snap);
    expect(await paused()).toBe(false);

    await watchUntilQuiet();
    expect(await paused()).toBe(true);
    await expectFinalOnChain('pause-lost');
  });

  it('alerts staff and counts the transaction when its nonce went to something not ours', async () => {
    const before = await balance(bob);
    const snap = await snapshot();
    expect((await mint('mint-undecided', bob, '8')).statusCode).toBe(200);
    const lost = await row('mint-undecided');
    await revert(snap);
    // the signer's key used outside the chain service takes the freed nonce
    await f.signerWallet.sendTransaction({ to: f.signerWallet.account.address, value: 0n });

    await watchUntilQuiet();
    expect(await balance(bob)).toBe(before);
    const failed = await row('mint-undecided');
    expect(failed.status).toBe('failed');
    expect(failed.error_code).toBe('CHAIN_OUTCOME_UNKNOWN');
    expect(failed.error_detail).toContain(lost.tx_hash!);
    expect(failed.alert).toBe('undecided');

    const notifications = await f.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('subject_id', '=', failed.id)
      .execute();
    expect(notifications.map((n) => n.kind)).toEqual(['chain.transaction_undecided']);
    expect(notifications[0]!.audience).toBe('reviewers');

    const metrics = await f.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/chain_transactions_undecided\{alert="undecided"[^}]*\} 1/);

    // a retry under the same key sends nothing
    const retry = await mint('mint-undecided', bob, '8');
    expect(retry.statusCode).toBe(409);
    expect(retry.json<Problem>().code).toBe('CHAIN_OUTCOME_UNKNOWN');
    expect(await balance(bob)).toBe(before);
  });

  it('alerts staff about a transaction without a receipt past CHAIN_PENDING_ALERT_MS', async () => {
    // signed far ahead of the chain's nonce: it waits in the pool, and nothing fills the gap
    const { signer, chainId } = f.services.session;
    const nonce = (await f.independent.getTransactionCount({ address: signer.address })) + 50;
    const raw = await f.signerWallet.signTransaction({
      to: signer.address,
      value: 0n,
      nonce,
      gas: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 1n,
    });
    const hash = await f.independent.sendRawTransaction({ serializedTransaction: raw });
    const id = randomUUID();
    await f.database.db
      .insertInto('gas_transactions')
      .values({
        id,
        chain_id: chainId,
        operation: 'mint',
        idempotency_key: 'mint-stalled',
        request_hash: 'stalled',
        token_address: token,
        payer_type: 'issuer',
        status: 'sent',
        from_address: signer.address,
        nonce,
        tx_hash: hash,
        raw_transaction: raw,
        sent_at: new Date(Date.now() - 10 * 60_000),
      })
      .execute();

    await f.services.watcher.tick();
    expect((await row('mint-stalled')).alert).toBe('stalled');
    const notifications = await f.database.db
      .selectFrom('notifications')
      .select('kind')
      .where('subject_id', '=', id)
      .execute();
    expect(notifications).toEqual([{ kind: 'chain.transaction_stalled' }]);
    const metrics = await f.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/chain_transactions_undecided\{alert="stalled"[^}]*\} 1/);
  });
});
