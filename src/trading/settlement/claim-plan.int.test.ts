/**
 * A claim of settlement reads only the trades it takes, however many trades were settled before
 * it: each trade is reached through a key (the queue's order, the trade's id, a batch key's or an
 * auction's index), never by reading the table, which grows with every trade ever made.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { testConfig } from '../../../test/support/config.js';
import { analyzedNodes } from '../../../test/support/plans.js';
import { recordTestTrade } from '../../../test/support/settlement.js';
import { startTestTrading, type TestTrading } from '../../../test/support/trading.js';
import { claimStatement } from './settlement.queries.js';

let sys: TestTrading;
beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  await sys.close();
});

describe('a settlement claim', () => {
  it('reads only the trades it takes among thousands settled', async () => {
    const token = await sys.token();
    const buyer = await sys.funded(token.id);
    const seller = await sys.funded(token.id);
    const trade = { buyerId: buyer.id, sellerId: seller.id, tokenId: token.id, quantity: 1 };
    const first = await recordTestTrade(sys.db, trade);
    // 5,000 settled copies of it and a backlog of 300 in the queue (more than a claim takes), and
    // the planner told how many there are
    const copies = (count: number, status: string) => sql`
      insert into trades
      select (jsonb_populate_record(t, jsonb_build_object(
        'id', gen_random_uuid(), 'settlement_status', ${status}::text))).*
      from trades t, generate_series(1, ${count}) where t.id = ${first}`;
    await copies(5000, 'settled').execute(sys.db);
    await copies(299, 'pending').execute(sys.db);
    await sql`insert into settlement_queue (trade_id, created_at)
      select id, created_at from trades
      where token_id = ${token.id} and settlement_status = 'pending' and id <> ${first}`.execute(
      sys.db,
    );
    await sql`analyze trades`.execute(sys.db);
    await sql`analyze settlement_queue`.execute(sys.db);
    const limit = testConfig().settlement.batchSize;

    const nodes = await analyzedNodes(
      sys.db,
      claimStatement({
        claimId: newId(),
        limit,
        now: new Date(),
        leaseSeconds: 60,
      }),
    );
    const update = nodes.find(
      (n) => n['Node Type'] === 'ModifyTable' && n['Relation Name'] === 'trades',
    );
    expect(update?.['Actual Rows']).toBe(limit);
    const scans = nodes.filter(
      (n) => n['Relation Name'] === 'trades' && /Scan/.test(n['Node Type']),
    );
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(Math.max(...scans.map((n) => n['Actual Rows'] * n['Actual Loops']))).toBeLessThanOrEqual(
      limit,
    );
  });
});
