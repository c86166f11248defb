/**
 * The chain goes back after the platform and trading recorded their outcomes, as a node restarted
 * from an older state file does (evm_revert here), with the chain process and the workers running
 * as in production: an allocation minted and two trades settled lose their blocks after the
 * chain process had already counted them final. Its watcher finds them gone and drives them again;
 * the business rows stay as they were (minted once, settled once) and the chain equals the
 * database again, with no staff action and no alert.
 */
import { createPublicClient, http, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { settlementWorkers } from '../../src/trading/settlement/settlement-workers.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';
import { recordTestTrade } from '../support/settlement.js';

describe('a chain that goes back after settlement and minting', () => {
  let s: IssuanceSystem;
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    s = await startIssuanceSystem({
      CHAIN_WATCH_INTERVAL_MS: '50',
      SETTLEMENT_TICK_MS: '50',
    });
  }, 240_000);
  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    await s?.close();
  });

  async function until(check: () => Promise<boolean>) {
    while (!(await check())) await new Promise((r) => setTimeout(r, 25));
  }

  it('mints and settles again, once, what the lost blocks held', async () => {
    const node = createPublicClient({ transport: http(s.anvil.rpcUrl) });
    const rpc = (method: string, params: unknown[] = []): Promise<unknown> =>
      node.request({ method, params } as never);
    const { issuer, businessId } = await s.issuerWithBusiness('ceo@rollback.example', 0);
    const token = await s.liveOffering(issuer, businessId, 'RLB');
    const holders: Actor[] = [];
    for (const name of ['alice', 'bob']) {
      const holder = await s.verified(`${name}@rollback.example`);
      await s.deposit(holder, '2000.00');
      holders.push(holder);
      await s.confirm(token.id, [(await s.subscribe(holder, token.id, 100)).id]);
    }
    await s.mintAll();
    await s.chain.unpause(token.contract_address, 'unpause-for-rollback-test');
    const [alice, bob] = holders as [Actor, Actor];
    const late = await s.verified('carol@rollback.example');
    await s.deposit(late, '2000.00');
    holders.push(late);
    const gasRows = () => s.test.db.selectFrom('gas_transactions').selectAll().execute();
    const allFinal = async () =>
      (await gasRows()).every((r) => r.status === 'mined' && r.confirmed_at !== null);
    await until(allFinal);

    const snapshot = (await rpc('evm_snapshot')) as Hash;
    const allocation = (await s.subscribe(late, token.id, 20)).id;
    await s.confirm(token.id, [allocation]);
    await s.mintAll();
    const trades = [
      await recordTestTrade(s.test.db, {
        buyerId: bob.id,
        sellerId: alice.id,
        tokenId: token.id,
        quantity: 5,
      }),
      await recordTestTrade(s.test.db, {
        buyerId: alice.id,
        sellerId: bob.id,
        tokenId: token.id,
        quantity: 2,
      }),
    ];
    const logger = createLogger('test', 'silent');
    running.push(
      settlementWorkers({ config: s.config, db: s.test.db, chain: s.chain, logger }).start(),
    );
    const tradeRows = () =>
      s.test.db.selectFrom('trades').selectAll().where('id', 'in', trades).execute();
    await until(async () => (await tradeRows()).every((t) => t.settlement_status === 'settled'));
    // the chain process counts them final (one confirmation) before the chain goes back
    await until(allFinal);
    const before = await gasRows();

    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    expect((await s.holderBalances(token, late.id)).chain).toBe(0n);

    const balancesAgree = async () => {
      for (const holder of holders) {
        const { database, chain } = await s.holderBalances(token, holder.id);
        if (database !== chain) return false;
      }
      return true;
    };
    await until(balancesAgree);
    await until(allFinal);

    for (const t of await tradeRows()) {
      expect(t).toMatchObject({ settlement_status: 'settled', settlement_attempts: 1 });
    }
    const minted = await s.test.db
      .selectFrom('token_allocations')
      .selectAll()
      .where('id', '=', allocation)
      .executeTakeFirstOrThrow();
    expect(minted).toMatchObject({ on_chain_status: 'minted', on_chain_attempts: 1 });
    const after = await gasRows();
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    const redriven = after.filter((r) => r.redrives > 0).map((r) => r.operation);
    expect(redriven).toEqual(expect.arrayContaining(['mint', 'batch_forced_transfer']));
    const alerts = await s.test.db
      .selectFrom('notifications')
      .select('kind')
      .where('kind', 'like', 'chain.%')
      .execute();
    expect(alerts).toEqual([]);
  }, 240_000);
});
