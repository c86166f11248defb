/**
 * Token dividends with the real chain: a real anvil, the real chain process and contracts. The
 * distributor moves the tokens in the database, the chain sender moves them on chain in batches;
 * every holder's balanceOf then equals the database, and a batch sent again transfers nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { creditWallet } from '../../src/platform/tokens/tokens.queries.js';
import { recordTokenMovements } from '../../src/lib/ledger/token-movements.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';

describe('token dividends on chain', () => {
  let s: IssuanceSystem;

  beforeAll(async () => {
    s = await startIssuanceSystem();
  }, 120_000);
  afterAll(() => s.close());

  it('ends with balanceOf equal to the database for every holder', async () => {
    const { issuer, businessId } = await s.issuerWithBusiness('tokdiv@issuer.example', 2);
    const live = await s.liveOffering(issuer, businessId, 'TDIV', {
      total_supply: 100_000,
      price_per_token: '1.00',
      min_investment: '0',
    });
    const investors: Actor[] = [];
    const allocations: string[] = [];
    for (let i = 0; i < 4; i++) {
      const investor = await s.verified(`tokdiv${i}@example.com`);
      await s.deposit(investor, '400.00');
      allocations.push((await s.subscribe(investor, live.id, 10 * (i + 1))).id);
      investors.push(investor);
    }
    await s.confirm(live.id, allocations);
    // the issuer's own tokens to pay the dividend with, minted like any allocation
    const issuerAllocation = newId();
    await s.test.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('token_allocations')
        .values({
          id: issuerAllocation,
          token_id: live.id,
          user_id: issuer.id,
          quantity: 500,
          amount: '0',
          price_per_token: '0',
          allocation_type: 'airdrop',
          status: 'confirmed',
        })
        .execute();
      await creditWallet(trx, issuer.id, live.id, 500, newId());
      await recordTokenMovements(trx, [
        {
          tokenId: live.id,
          kind: 'airdrop',
          fromUserId: null,
          toUserId: issuer.id,
          quantity: 500,
          sourceType: 'token_allocation',
          sourceId: issuerAllocation,
        },
      ]);
    });
    await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${live.id}/enable-secondary`, {}, s.admin.token),
    );
    await s.mintAll();
    while ((await s.workers.chainSync.tick()) > 0);

    const created = await s.ok(
      s.call(
        'POST',
        '/api/v1/dividends',
        { token_id: live.id, dividend_type: 'token', per_token_qty: 3, fee_pct: 0 },
        issuer.token,
      ),
      201,
    );
    // 10 + 20 + 30 + 40 held by the investors (the issuer and the treasury left out)
    expect(created).toMatchObject({ holder_count: 4, total_held: 100, total_quantity: 300 });
    await s.ok(s.call('POST', `/api/v1/dividends/${created.id}/submit`, {}, issuer.token));
    await s.ok(s.call('POST', `/api/v1/admin/dividends/${created.id}/approve`, {}, s.admin.token));
    await s.ok(
      s.call('POST', `/api/v1/admin/dividends/${created.id}/distribute`, {}, s.admin.token),
    );
    while ((await s.workers.dividends.tick()) > 0);
    while ((await s.workers.dividendChain.tick()) > 0);

    const batches = await s.test.db
      .selectFrom('dividend_chain_batches')
      .selectAll()
      .where('dividend_id', '=', created.id)
      .execute();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ status: 'sent', error: null });

    const expectChainMatchesDatabase = async () => {
      for (const holder of [...investors, issuer]) {
        const { database, chain } = await s.holderBalances(live, holder.id);
        expect(chain).toBe(database);
      }
    };
    await expectChainMatchesDatabase();
    const holdings = await s.test.db
      .selectFrom('wallets')
      .select(['user_id', 'balance'])
      .where('token_id', '=', live.id)
      .where(
        'user_id',
        'in',
        investors.map((i) => i.id),
      )
      .orderBy('balance')
      .execute();
    expect(holdings.map((h) => h.balance)).toEqual([40, 80, 120, 160]);

    // the batch sent again (a lost answer, a staff retry) reuses its key: nothing moves twice
    await s.test.db
      .updateTable('dividend_chain_batches')
      .set({ status: 'failed' })
      .where('dividend_id', '=', created.id)
      .execute();
    await s.ok(
      s.call('POST', `/api/v1/admin/dividends/${created.id}/retry-chain`, {}, s.admin.token),
    );
    while ((await s.workers.dividendChain.tick()) > 0);
    const again = await s.test.db
      .selectFrom('dividend_chain_batches')
      .selectAll()
      .where('dividend_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(again).toMatchObject({ status: 'sent', tx_hash: batches[0]!.tx_hash });
    await expectChainMatchesDatabase();
    const retryAgain = await s.call(
      'POST',
      `/api/v1/admin/dividends/${created.id}/retry-chain`,
      {},
      s.admin.token,
    );
    expect(retryAgain.json()).toMatchObject({ code: 'DIVIDEND_NO_FAILED_CHAIN_BATCH' });
  }, 240_000);
});
