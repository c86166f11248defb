/**
 * Settlement on a real anvil with the real contracts and the real chain process: trades made
 * directly in the database (as the order service makes them: balances moved, a 'pending' history
 * row) between holders who bought in the primary offering, settled by the trading process's
 * processor ticked by the test, and read back from the chain.
 */
import { createPublicClient, createWalletClient, http, parseAbiItem, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/lib/db/database.js';
import { ChainClient } from '../../src/lib/chain-client.js';
import { newId } from '../../src/lib/ids.js';
import { createLogger } from '../../src/lib/logger.js';
import { tokenAbi } from '../../src/chain/contracts/generated/index.js';
import { buildTradingApp, type TradingApp } from '../../src/trading/app.js';
import { settlementProcessor } from '../../src/trading/settlement/settlement-processor.js';
import { startChainGate } from '../support/chain-gate.js';
import { setRules } from '../support/compliance.js';
import { recordTestTrade } from '../support/settlement.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';

const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

describe('settlement', () => {
  let s: IssuanceSystem;
  let trading: TradingApp;
  let tokenId: string;
  let tokenAddress: Address;
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;
  const publicClient = () =>
    createPublicClient({ chain: foundry, transport: http(s.anvil.rpcUrl) });

  beforeAll(async () => {
    // Waits after transient failures longer than any tick, so that only the test's clock ends them.
    s = await startIssuanceSystem({ CHAIN_RETRY_BASE_MS: '20000', CHAIN_RETRY_MAX_MS: '40000' });
    trading = await buildTradingApp({
      config: s.config,
      db: s.test.db,
      logger: createLogger('test', 'silent'),
      chain: s.chain,
      clock: s.clock,
    });
    const { issuer, businessId } = await s.issuerWithBusiness('ceo@settle.example');
    const token = await s.liveOffering(issuer, businessId, 'STL');
    tokenId = token.id;
    alice = await s.verified('alice@settle.example');
    bob = await s.verified('bob@settle.example');
    carol = await s.verified('carol@settle.example');
    for (const holder of [alice, bob, carol]) {
      await s.deposit(holder, '2000.00');
      const allocation = await s.subscribe(holder, tokenId, 100);
      await s.confirm(tokenId, [allocation.id]);
    }
    await s.mintAll();
    tokenAddress = (
      await s.test.db
        .selectFrom('tokens')
        .select('contract_address')
        .where('id', '=', tokenId)
        .executeTakeFirstOrThrow()
    ).contract_address as Address;
    // A deployed token starts paused (CHAIN.md); trading happens once it is live.
    await s.chain.unpause(tokenAddress, 'unpause-for-trading');
  }, 240_000);
  afterAll(async () => {
    await trading?.app.close();
    await s?.close();
  });

  const trade = (buyer: Actor, seller: Actor, quantity: number, token = tokenId) =>
    recordTestTrade(s.test.db, {
      buyerId: buyer.id,
      sellerId: seller.id,
      tokenId: token,
      quantity,
    });
  const row = (id: string) =>
    s.test.db.selectFrom('trades').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const historyRows = (id: string) =>
    s.test.db
      .selectFrom('trade_settlement_history')
      .select(['status', 'error'])
      .where('trade_id', '=', id)
      .orderBy('id')
      .execute();
  const history = async (id: string) => (await historyRows(id)).map((h) => h.status);
  /** moves the processor's clock to the end of the trade's wait after a transient failure */
  const endWait = async (id: string) => {
    const until = (await row(id)).lease_expires_at!;
    s.advanceClock(Math.max(0, until.getTime() - s.clock.now().getTime()) + 1);
  };
  const settleAll = async () => {
    while ((await trading.settlement.processor.tick()) > 0);
  };
  const walletOf = async (actor: Actor) =>
    (
      await s.test.db
        .selectFrom('users')
        .select('wallet_address')
        .where('id', '=', actor.id)
        .executeTakeFirstOrThrow()
    ).wallet_address as Address;
  const dbBalance = async (actor: Actor) =>
    BigInt(
      (
        await s.test.db
          .selectFrom('wallets')
          .select('balance')
          .where('user_id', '=', actor.id)
          .where('token_id', '=', tokenId)
          .executeTakeFirstOrThrow()
      ).balance,
    ) *
    10n ** 18n;
  /** quantity of the holder's trades not settled (moved in the database, not yet on chain) */
  const unsettled = async (actor: Actor) => {
    const rows = await s.test.db
      .selectFrom('trades')
      .select(['buyer_id', 'quantity'])
      .where('token_id', '=', tokenId)
      .where('settlement_status', '<>', 'settled')
      .where((eb) => eb.or([eb('buyer_id', '=', actor.id), eb('seller_id', '=', actor.id)]))
      .execute();
    return (
      rows.reduce(
        (sum, r) => sum + BigInt(r.buyer_id === actor.id ? r.quantity : -r.quantity),
        0n,
      ) *
      10n ** 18n
    );
  };
  /** every holder's balanceOf equals the database (trades refused by a pre-check left aside) */
  const expectChainEqualsDatabase = async () => {
    for (const holder of [alice, bob, carol]) {
      expect(await s.chainBalance(tokenAddress, await walletOf(holder))).toBe(
        (await dbBalance(holder)) - (await unsettled(holder)),
      );
    }
  };
  const call = (method: 'GET' | 'POST', url: string, token = s.admin.token) =>
    trading.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  const reconciliation = async () => {
    const response = await call('GET', '/api/v1/admin/reconciliation');
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  /** Transfer events of the token since `fromBlock`, as "from>to:amount" */
  const transfers = async (fromBlock: bigint) =>
    (await publicClient().getLogs({ address: tokenAddress, event: transferEvent, fromBlock })).map(
      (l) => `${l.args.from}>${l.args.to}:${l.args.value}`,
    );

  it('settles trades of several holders in one batch; balanceOf equals the database; reconciliation is empty', async () => {
    const ids = [
      await trade(bob, alice, 10),
      await trade(carol, bob, 5),
      await trade(alice, carol, 3),
    ];
    expect(await trading.settlement.processor.tick()).toBe(3);
    const rows = await Promise.all(ids.map(row));
    const hashes = new Set(rows.map((r) => r.tx_hash));
    expect(hashes.size).toBe(1);
    for (const r of rows) {
      expect(r).toMatchObject({
        settlement_status: 'settled',
        settlement_type: 'on_chain',
        settlement_attempts: 1,
        settlement_error: null,
        claimed_by: null,
      });
      expect(r.settled_at).toBeInstanceOf(Date);
      expect(await history(r.id)).toEqual(['pending', 'processing', 'settled']);
    }
    await expectChainEqualsDatabase();
    const report = await reconciliation();
    expect(report.mismatches).toEqual([]);
    expect(report.tokens).toEqual([
      expect.objectContaining({ symbol: 'STL', holders: 3, in_flight_trades: 0 }),
    ]);
  });

  it('counts unsettled trades as in flight, not as mismatches', async () => {
    const id = await trade(alice, bob, 2);
    const report = await reconciliation();
    expect(report.mismatches).toEqual([]);
    expect(report.tokens[0].in_flight_trades).toBe(1);
    await settleAll();
    expect((await row(id)).settlement_status).toBe('settled');
  });

  it('fails a trade whose holder is not verified with HOLDER_NOT_VERIFIED, never sent, and settles the others of the batch', async () => {
    const dave = await s.verified('dave@settle.example');
    await s.deposit(dave, '200.00');
    const allocation = await s.subscribe(dave, tokenId, 10);
    await s.confirm(tokenId, [allocation.id]);
    await s.mintAll();
    await s.chain.revokeKyc(await walletOf(dave), `revoke-dave`);
    const start = await publicClient().getBlockNumber();
    const refused = await trade(dave, alice, 1);
    const fine = await trade(bob, carol, 1);
    await settleAll();
    expect(await row(refused)).toMatchObject({
      settlement_status: 'failed',
      tx_hash: null,
      settlement_error: expect.stringMatching(/^HOLDER_NOT_VERIFIED: /),
    });
    expect(await history(refused)).toEqual(['pending', 'processing', 'failed']);
    expect((await row(fine)).settlement_status).toBe('settled');
    expect(await transfers(start + 1n)).toEqual([
      `${await walletOf(carol)}>${await walletOf(bob)}:${10n ** 18n}`,
    ]);
  });

  it('fails with TOKEN_PAUSED at once while the contract of a token not live is paused; staff list it and a retry settles it once', async () => {
    await s.chain.pause(tokenAddress, 'pause-for-settlement-test');
    const id = await trade(bob, alice, 4);
    await settleAll();
    expect(await row(id)).toMatchObject({
      settlement_status: 'failed',
      settlement_attempts: 1,
      settlement_error: expect.stringMatching(/^TOKEN_PAUSED: /),
    });
    expect(await trading.settlement.processor.tick()).toBe(0);
    const listed = await call('GET', '/api/v1/admin/settlement/failed?limit=100');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({ id, settlement_attempts: 1, settlement_status: 'failed' }),
    );
    await s.chain.unpause(tokenAddress, 'unpause-for-settlement-test');

    const investor = await call('POST', `/api/v1/admin/trades/${id}/retry-settlement`, alice.token);
    expect([investor.statusCode, investor.json().code]).toEqual([403, 'FORBIDDEN_ROLE']);
    const unknown = await call('POST', `/api/v1/admin/trades/${newId()}/retry-settlement`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'TRADE_NOT_FOUND']);
    const malformed = await call('POST', `/api/v1/admin/trades/not-a-uuid/retry-settlement`);
    expect(malformed.statusCode).toBe(400);

    const start = await publicClient().getBlockNumber();
    const retried = await call('POST', `/api/v1/admin/trades/${id}/retry-settlement`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id, settlement_status: 'processing' });
    const again = await call('POST', `/api/v1/admin/trades/${id}/retry-settlement`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'TRADE_NOT_FAILED']);
    await settleAll();
    expect(await row(id)).toMatchObject({
      settlement_status: 'settled',
      settlement_type: 'on_chain',
    });
    expect(await transfers(start + 1n)).toEqual([
      `${await walletOf(alice)}>${await walletOf(bob)}:${4n * 10n ** 18n}`,
    ]);
    const settledRetry = await call('POST', `/api/v1/admin/trades/${id}/retry-settlement`);
    expect(settledRetry.statusCode).toBe(409);
    await expectChainEqualsDatabase();
  });

  it('waits, pending, when settlement runs before the unpause that go-live queued, and settles once the contract is unpaused', async () => {
    const { issuer, businessId } = await s.issuerWithBusiness('ceo3@settle.example');
    const token = await s.liveOffering(issuer, businessId, 'GOL');
    const allocation = await s.subscribe(alice, token.id, 10);
    await s.confirm(token.id, [allocation.id]);
    await s.mintAll();
    // Go-live: the token is secondary in the database; the contract (deployed paused) is
    // unpaused by the platform's chain sync, which has not run yet.
    await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${token.id}/enable-secondary`, {}, s.admin.token),
    );
    await s.mintAll();
    const id = await trade(bob, alice, 2, token.id);
    await settleAll();
    expect(await row(id)).toMatchObject({
      settlement_status: 'pending',
      settlement_attempts: 0,
      settlement_waits: 1,
      settlement_error: expect.stringMatching(/^TOKEN_PAUSED: /),
    });
    while ((await s.workers.chainSync.tick()) > 0);
    await endWait(id);
    await settleAll();
    expect(await row(id)).toMatchObject({
      settlement_status: 'settled',
      settlement_type: 'on_chain',
      settlement_attempts: 1,
      settlement_waits: 0,
    });
    expect(await history(id)).toEqual([
      'pending',
      'processing',
      'pending',
      'processing',
      'settled',
    ]);
  });

  it('fails with WALLET_FROZEN when a wallet is frozen', async () => {
    const carolWallet = await walletOf(carol);
    // Sent by the platform signer while the chain process is stopped, so its nonces stay right.
    await s.stopChain();
    const signer = createWalletClient({
      chain: foundry,
      account: privateKeyToAccount(s.anvil.signerKey),
      transport: http(s.anvil.rpcUrl),
    });
    const freeze = (frozen: boolean) =>
      signer
        .writeContract({
          address: tokenAddress,
          abi: tokenAbi,
          functionName: 'setAddressFrozen',
          args: [carolWallet, frozen],
        })
        .then((hash) => publicClient().waitForTransactionReceipt({ hash, pollingInterval: 20 }));
    await freeze(true);
    await s.startChainAgain();
    const id = await trade(carol, alice, 1);
    await settleAll();
    expect(await row(id)).toMatchObject({
      settlement_status: 'failed',
      settlement_error: expect.stringMatching(/^WALLET_FROZEN: /),
    });
    await s.stopChain();
    await freeze(false);
    await s.startChainAgain();
  });

  it('fails with COMPLIANCE_REFUSED when the compliance contract refuses', async () => {
    const suite = await s.test.db
      .selectFrom('token_suites')
      .select('compliance')
      .where('token_address', '=', tokenAddress)
      .executeTakeFirstOrThrow();
    const compliance = suite.compliance as Address;
    const rpc = (method: string, params: unknown[]) =>
      fetch(s.anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then(async (r) => ((await r.json()) as { result: unknown }).result);
    const code = await rpc('eth_getCode', [compliance, 'latest']);
    // A compliance whose every answer is false (32 zero bytes): canTransfer refuses everything.
    await rpc('anvil_setCode', [compliance, '0x60206000f3']);
    const id = await trade(alice, bob, 1);
    await settleAll();
    await rpc('anvil_setCode', [compliance, code]);
    expect(await row(id)).toMatchObject({
      settlement_status: 'failed',
      settlement_error: expect.stringMatching(/^COMPLIANCE_REFUSED: /),
    });
  });

  it("fails with the rule's code a trade the token's rules refuse (forcedTransfer would not ask), never sent", async () => {
    const before = await s.chainBalance(tokenAddress, await walletOf(alice));
    const id = await trade(alice, carol, 3);
    // A maximum balance set after the trade was booked, one below what it leaves alice.
    const held = (await dbBalance(alice)) / 10n ** 18n;
    await setRules(s.test.db, tokenId, { max_balance_units: Number(held) - 1 });
    await settleAll();
    await s.test.db.deleteFrom('token_compliance_rules').where('token_id', '=', tokenId).execute();
    expect(await row(id)).toMatchObject({
      settlement_status: 'failed',
      settlement_error: expect.stringMatching(/^COMPLIANCE_MAX_BALANCE: /),
    });
    expect(await s.chainBalance(tokenAddress, await walletOf(alice))).toBe(before);
  });

  it('waits while the chain service is down, using no attempt however long, and settles by itself once it is back', async () => {
    await s.stopChain();
    const id = await trade(bob, alice, 4);
    const outages = 7;
    for (let waits = 1; waits <= outages; waits++) {
      expect(await trading.settlement.processor.tick()).toBe(1);
      expect(await row(id)).toMatchObject({
        settlement_status: 'pending',
        settlement_attempts: 0,
        settlement_waits: waits,
        settlement_error: expect.stringMatching(/^CHAIN_UNAVAILABLE: /),
      });
      // Not claimed again before its wait is over.
      expect(await trading.settlement.processor.tick()).toBe(0);
      await endWait(id);
    }
    await s.startChainAgain();
    const start = await publicClient().getBlockNumber();
    await settleAll();
    expect(await row(id)).toMatchObject({
      settlement_status: 'settled',
      settlement_type: 'on_chain',
      settlement_attempts: 1,
      settlement_waits: 0,
      settlement_error: null,
    });
    const rows = await historyRows(id);
    expect(rows.map((h) => h.status)).toEqual([
      'pending',
      ...Array.from({ length: outages }, () => ['processing', 'pending']).flat(),
      'processing',
      'settled',
    ]);
    // Each attempt's reason: every wait after the first 'pending' (the trade's making).
    const waits = rows.filter((h, index) => index > 0 && h.status === 'pending');
    expect(waits).toHaveLength(outages);
    for (const waiting of waits) expect(waiting.error).toMatch(/^CHAIN_UNAVAILABLE: /);
    expect(await transfers(start + 1n)).toEqual([
      `${await walletOf(alice)}>${await walletOf(bob)}:${4n * 10n ** 18n}`,
    ]);
    await expectChainEqualsDatabase();
  });

  it('settles every trade exactly once when the chain went down after the batch was sent', async () => {
    const gate = await startChainGate(s.config.urls.chain);
    const gated = settlementProcessor({
      db: s.test.db,
      chain: new ChainClient({ baseUrl: gate.url, serviceToken: s.config.auth.serviceToken }),
      clock: s.clock,
      logger: createLogger('test', 'silent'),
      batchSize: 200,
      leaseSeconds: s.config.issuance.workerLeaseSeconds,
      platformCountry: 'AE',
      transient: s.config.issuance.workerPolicy.transient,
    });
    try {
      const start = await publicClient().getBlockNumber();
      const first = [await trade(alice, bob, 1), await trade(bob, carol, 2)];
      gate.hold('/api/v1/batch-transfer');
      const ticking = gated.tick();
      await gate.arrived();
      gate.lose();
      await ticking;
      // A lost answer is transient: the trades wait, their batch key kept, no attempt used.
      for (const id of first) {
        expect(await row(id)).toMatchObject({
          settlement_status: 'pending',
          settlement_attempts: 0,
          settlement_batch_key: expect.stringMatching(/^settle:/),
        });
      }
      // the queue holds the key too: the resend's claim finds the batch's siblings through it
      const queued = await s.test.db
        .selectFrom('settlement_queue')
        .select(['trade_id', 'batch_key'])
        .where('trade_id', 'in', first)
        .orderBy('trade_id')
        .execute();
      expect(queued).toEqual(
        await Promise.all(
          [...first].sort().map(async (id) => ({
            trade_id: id,
            batch_key: (await row(id)).settlement_batch_key,
          })),
        ),
      );
      // Their transfer is on chain though not recorded: reconciliation asks the chain, no mismatch.
      expect((await reconciliation()).mismatches).toEqual([]);
      await s.stopChain();
      await s.startChainAgain();
      // A trade made meanwhile goes in a batch of its own; the first batch is sent again as it was.
      const later = await trade(carol, alice, 3);
      await endWait(first[0]!);
      await settleAll();
      for (const id of [...first, later]) {
        expect(await row(id)).toMatchObject({
          settlement_status: 'settled',
          settlement_attempts: 1,
        });
      }
      const [a, b, c] = await Promise.all([alice, bob, carol].map(walletOf));
      expect((await transfers(start + 1n)).sort()).toEqual(
        [
          `${b}>${a}:${10n ** 18n}`,
          `${c}>${b}:${2n * 10n ** 18n}`,
          `${a}>${c}:${3n * 10n ** 18n}`,
        ].sort(),
      );
      await expectChainEqualsDatabase();
    } finally {
      await gate.close();
    }
  });

  it('settles exactly once when the worker dies mid-batch and another takes over after the lease', async () => {
    const gate = await startChainGate(s.config.urls.chain);
    const deadDb = createDb(s.test.url, 2);
    const dying = settlementProcessor({
      db: deadDb,
      chain: new ChainClient({ baseUrl: gate.url, serviceToken: s.config.auth.serviceToken }),
      clock: s.clock,
      logger: createLogger('test', 'silent'),
      batchSize: 200,
      leaseSeconds: s.config.issuance.workerLeaseSeconds,
      platformCountry: 'AE',
      transient: s.config.issuance.workerPolicy.transient,
    });
    try {
      const start = await publicClient().getBlockNumber();
      const ids = [await trade(carol, bob, 2), await trade(alice, carol, 1)];
      gate.hold('/api/v1/batch-transfer');
      const ticking = dying.tick().catch(() => 'died');
      await gate.arrived();
      // The worker's process is gone: it can write nothing more; its transaction still goes out.
      await deadDb.destroy();
      gate.open();
      expect(await ticking).toBe('died');
      for (const id of ids) expect((await row(id)).settlement_status).toBe('processing');
      // The dead worker's transfer reached the chain: not a mismatch while its lease runs.
      expect((await reconciliation()).mismatches).toEqual([]);
      // Before the lease ends nobody takes the trades; after it, the next worker does.
      expect(await trading.settlement.processor.tick()).toBe(0);
      s.advanceClock((s.config.issuance.workerLeaseSeconds + 1) * 1000);
      await settleAll();
      for (const id of ids) expect((await row(id)).settlement_status).toBe('settled');
      const [a, b, c] = await Promise.all([alice, bob, carol].map(walletOf));
      expect((await transfers(start + 1n)).sort()).toEqual(
        [`${b}>${c}:${2n * 10n ** 18n}`, `${c}>${a}:${10n ** 18n}`].sort(),
      );
      await expectChainEqualsDatabase();
    } finally {
      await gate.close();
    }
  });

  it('names the holder after a transfer made on chain outside the platform', async () => {
    const a = await walletOf(alice);
    const b = await walletOf(bob);
    await s.chain.transfer(
      { token_addr: tokenAddress, from_addr: a, to_addr: b, amount: String(10n ** 18n) },
      'outside-transfer',
    );
    const report = await reconciliation();
    expect(report.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'balance', user_id: alice.id, wallet_address: a }),
        expect.objectContaining({ kind: 'balance', user_id: bob.id, wallet_address: b }),
      ]),
    );
    expect(report.mismatches).toHaveLength(2);
    const metrics = await trading.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/tessera_reconciliation_mismatches\{[^}]*\} 2/);
    const investor = await call('GET', '/api/v1/admin/reconciliation', alice.token);
    expect(investor.statusCode).toBe(403);
  });

  it('settles off_chain, without a chain call, a trade whose token has no contract', async () => {
    const { issuer, businessId } = await s.issuerWithBusiness('ceo2@settle.example');
    const token = await s.ok(
      s.call('POST', '/api/v1/tokens', s.tokenBody(businessId, 'OFF'), issuer.token),
      201,
    );
    const id = await trade(alice, bob, 1, token.id);
    await settleAll();
    expect(await row(id)).toMatchObject({
      settlement_status: 'settled',
      settlement_type: 'off_chain',
      tx_hash: null,
    });
  });
});
