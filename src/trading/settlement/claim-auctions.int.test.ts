/**
 * Settlement claims keep a batch sent before whole, and an auction (docs/auctions.md, "Settlement") when several
 * processors claim at once, as one per trading node does: on the real database, processors race
 * with claims smaller than an auction, round after round, and every auction ends up in exactly
 * one claim, whole. Without the claims' serialisation, a processor's oldest rows could be locked
 * while another's auction siblings were gathered, splitting the auction between two claims (two
 * chain transactions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { recordTestTrade } from '../../../test/support/settlement.js';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';
import { claimTrades } from './settlement.queries.js';

const auctions = 20;
const tradesPerAuction = 10;
const processors = 4;
const rounds = 30;

let sys: TestTrading;
beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

describe('claiming auction trades', () => {
  it('gives each auction whole to one claim while processors race', async () => {
    const token = await sys.token();
    const buyer = await sys.funded(token.id);
    const seller = await sys.funded(token.id);
    for (let auction = 0; auction < auctions; auction += 1) {
      const auctionId = newId();
      // an uncross writes its trades at one instant
      const at = new Date(Date.UTC(2026, 0, 5, 9, 0, auction));
      for (let i = 0; i < tradesPerAuction; i += 1) {
        const id = await recordTestTrade(sys.db, {
          buyerId: buyer.id,
          sellerId: seller.id,
          tokenId: token.id,
          quantity: 1,
          at,
        });
        await sys.db
          .updateTable('trades')
          .set({ auction_id: auctionId })
          .where('id', '=', id)
          .execute();
      }
    }
    const split: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      await sys.db
        .updateTable('trades')
        .set({
          settlement_status: 'pending',
          claimed_by: null,
          lease_expires_at: null,
          settlement_attempts: 0,
        })
        .execute();
      const now = sys.clock.now();
      // each claims fewer trades than an auction has, so most claims take siblings
      await Promise.all(
        Array.from({ length: processors }, () =>
          claimTrades(sys.db, { claimId: newId(), limit: 7, now, leaseSeconds: 60 }),
        ),
      );
      const rows = await sys.db.selectFrom('trades').select(['auction_id', 'claimed_by']).execute();
      const claimsOf = new Map<string, Set<string | null>>();
      for (const row of rows) {
        const claims = claimsOf.get(row.auction_id!) ?? new Set();
        claimsOf.set(row.auction_id!, claims.add(row.claimed_by));
      }
      for (const [auctionId, claims] of claimsOf) {
        // claimed by one processor, or (not reached this round) by none
        if (claims.size > 1) split.push(`round ${round}: auction ${auctionId}`);
      }
    }
    expect(split).toEqual([]);
  });

  it('takes a batch sent before whole, with a claim smaller than the batch', async () => {
    // the trades before are someone else's claim
    const now = sys.clock.now();
    await claimTrades(sys.db, { claimId: newId(), limit: 10_000, now, leaseSeconds: 600 });
    const token = await sys.token();
    const buyer = await sys.funded(token.id);
    const seller = await sys.funded(token.id);
    const trade = (second: number) =>
      recordTestTrade(sys.db, {
        buyerId: buyer.id,
        sellerId: seller.id,
        tokenId: token.id,
        quantity: 1,
        at: new Date(Date.UTC(2026, 0, 6, 9, 0, second)),
      });
    const [alone, first, second] = [await trade(0), await trade(1), await trade(2)];
    const key = `settle:${newId()}`;
    await sys.db
      .updateTable('trades')
      .set({ settlement_batch_key: key })
      .where('id', 'in', [first, second])
      .execute();
    await sys.db
      .updateTable('settlement_queue')
      .set({ batch_key: key })
      .where('trade_id', 'in', [first, second])
      .execute();
    const claim = async () =>
      (
        await claimTrades(sys.db, {
          claimId: newId(),
          limit: 1,
          now,
          leaseSeconds: 60,
        })
      ).map((t) => t.id);
    const ours = (ids: string[]) => ids.filter((id) => [alone, first, second].includes(id));
    expect(ours(await claim())).toEqual([alone]);
    expect(ours(await claim())).toEqual([first, second]);
    expect(ours(await claim())).toEqual([]);
  });
});
