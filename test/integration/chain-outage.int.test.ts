/**
 * The chain node goes away (the RPC proxy in front of anvil stops listening) while trades wait
 * for settlement and allocations for their mint, with the trading and platform workers running
 * as in production. Nothing uses up its attempts and nothing fails; once the node is back every
 * trade settles and every allocation is minted with no staff action, and the chain equals the
 * database. Each wait is in the trade's settlement history with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { startPlatformWorkers } from '../../src/platform/workers.js';
import { settlementWorkers } from '../../src/trading/settlement/settlement-workers.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';
import { recordTestTrade } from '../support/settlement.js';

/** more transient failures in a row than the spec's five attempts */
const outageTries = 7;

describe('a chain node outage', () => {
  let s: IssuanceSystem;
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    s = await startIssuanceSystem(
      {
        CHAIN_RETRY_BASE_MS: '100',
        CHAIN_RETRY_MAX_MS: '1000',
        SETTLEMENT_TICK_MS: '50',
        WORKER_IDLE_MS: '50',
      },
      { rpcProxy: true },
    );
  }, 240_000);
  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    await s?.close();
  });

  /** polls the database until the condition holds (the test's own timeout bounds it) */
  async function until(check: () => Promise<boolean>) {
    while (!(await check())) await new Promise((r) => setTimeout(r, 20));
  }

  it('keeps trades and mints pending with no attempt used, and settles all of them by itself once the node is back', async () => {
    const { issuer, businessId } = await s.issuerWithBusiness('ceo@outage.example', 0);
    const token = await s.liveOffering(issuer, businessId, 'OUT');
    const holders: Actor[] = [];
    for (const name of ['alice', 'bob', 'carol']) {
      const holder = await s.verified(`${name}@outage.example`);
      await s.deposit(holder, '2000.00');
      holders.push(holder);
      await s.confirm(token.id, [(await s.subscribe(holder, token.id, 100)).id]);
    }
    await s.mintAll();
    await s.chain.unpause(token.contract_address, 'unpause-for-outage-test');
    const [alice, bob, carol] = holders as [Actor, Actor, Actor];
    const late = await s.verified('dave@outage.example');
    await s.deposit(late, '2000.00');
    holders.push(late);
    const allocation = (await s.subscribe(late, token.id, 20)).id;
    await s.confirm(token.id, [allocation]);
    const trades: string[] = [];
    for (const [buyer, seller, quantity] of [
      [bob, alice, 5],
      [carol, bob, 3],
      [alice, carol, 2],
      [bob, carol, 1],
    ] as const) {
      trades.push(
        await recordTestTrade(s.test.db, {
          buyerId: buyer.id,
          sellerId: seller.id,
          tokenId: token.id,
          quantity,
        }),
      );
    }

    await s.rpcProxy!.setMode('down');
    const logger = createLogger('test', 'silent');
    const deps = { config: s.config, db: s.test.db, chain: s.chain, logger };
    running.push(settlementWorkers(deps).start(), startPlatformWorkers(deps));
    const tradeRows = () =>
      s.test.db.selectFrom('trades').selectAll().where('id', 'in', trades).execute();
    const allocationRow = () =>
      s.test.db
        .selectFrom('token_allocations')
        .selectAll()
        .where('id', '=', allocation)
        .executeTakeFirstOrThrow();
    await until(
      async () =>
        (await tradeRows()).every((t) => t.settlement_waits >= outageTries) &&
        (await allocationRow()).on_chain_waits >= outageTries,
    );
    // The workers keep going: a row may be in its current try (claimed, one attempt counted).
    for (const t of await tradeRows()) {
      expect(['pending', 'processing']).toContain(t.settlement_status);
      expect(t.settlement_attempts).toBeLessThanOrEqual(1);
      expect(t.settlement_error).toMatch(/^CHAIN_UNAVAILABLE: /);
    }
    const waiting = await allocationRow();
    expect(['pending', 'minting']).toContain(waiting.on_chain_status);
    expect(waiting.on_chain_attempts).toBeLessThanOrEqual(1);

    await s.rpcProxy!.setMode('forward');
    await until(
      async () =>
        (await tradeRows()).every((t) => t.settlement_status === 'settled') &&
        (await allocationRow()).on_chain_status === 'minted',
    );
    for (const t of await tradeRows()) {
      expect(t).toMatchObject({
        settlement_type: 'on_chain',
        settlement_attempts: 1,
        settlement_waits: 0,
        settlement_error: null,
      });
      const history = await s.test.db
        .selectFrom('trade_settlement_history')
        .select(['status', 'error'])
        .where('trade_id', '=', t.id)
        .orderBy('id')
        .execute();
      const waits = history.filter((h, index) => index > 0 && h.status === 'pending');
      expect(waits.length).toBeGreaterThanOrEqual(outageTries);
      for (const wait of waits) expect(wait.error).toMatch(/^CHAIN_UNAVAILABLE: /);
      expect(history.at(-1)?.status).toBe('settled');
    }
    expect(await allocationRow()).toMatchObject({ on_chain_attempts: 1, on_chain_waits: 0 });

    for (const holder of holders) {
      const { database, chain } = await s.holderBalances(token, holder.id);
      expect(chain).toBe(database);
    }
  }, 240_000);
});
