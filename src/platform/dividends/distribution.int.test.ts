/**
 * The distribution under load on the real database: random balances, several distributors
 * running at once. Money is conserved to the cent, every holder is paid exactly once, and the
 * stablecoin and token variants move what they should.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fiatOf,
  fund,
  insertHolder,
  liveToken,
  totalFiat,
} from '../../../test/support/dividends.js';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { createLogger } from '../../lib/logger.js';
import { Exact } from '../../lib/money.js';
import { insertWallet } from '../portfolio/testing/token-fixture.js';
import { dividendDistributor } from './dividend-distributor.js';

/** A seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('distribution', () => {
  let p: TestPlatform;
  let admin: Session;
  const logger = createLogger('test', 'silent');
  const post = (url: string, token: string, body: unknown = {}) => p.call('POST', url, body, token);

  beforeAll(async () => {
    p = await startTestPlatform();
    admin = await p.admin();
  });
  afterAll(() => p.close());

  async function setUp(symbol: string, holders: number, seed: number) {
    const issuer = await p.user(`${symbol.toLowerCase()}@issuer.example`, { role: 'issuer' });
    const tokenId = await liveToken(p.test.db, issuer.id, symbol);
    const next = random(seed);
    const ids: string[] = [];
    for (let i = 0; i < holders; i++) {
      ids.push(await insertHolder(p.test.db, tokenId, 1 + Math.floor(next() * 100_000)));
    }
    return { issuer, tokenId, holders: ids, next };
  }

  async function approveAndStart(issuer: Session, body: Record<string, unknown>) {
    const created = await post('/api/v1/dividends', issuer.token, body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    await post(`/api/v1/dividends/${id}/submit`, issuer.token);
    expect((await post(`/api/v1/admin/dividends/${id}/approve`, admin.token)).statusCode).toBe(200);
    expect((await post(`/api/v1/admin/dividends/${id}/distribute`, admin.token)).statusCode).toBe(
      200,
    );
    return id;
  }

  /** `workers` distributors at once, each until it finds nothing to claim. */
  async function runConcurrently(workers: number, batchSize: number) {
    await Promise.all(
      Array.from({ length: workers }, async () => {
        const worker = dividendDistributor({ db: p.test.db, logger, batchSize });
        while ((await worker.tick()) > 0);
      }),
    );
  }

  const declaration = (id: string) =>
    p.test.db
      .selectFrom('dividend_declarations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('conserves fiat to the cent and pays each holder once under concurrent workers', async () => {
    const { issuer, tokenId, holders, next } = await setUp('CONS', 240, 20261123);
    await fund(p.test.db, issuer.id, '100000000.00');
    const perToken = new Exact(Math.floor(next() * 1e6) + 1).dividedBy(1e6).toString();
    const before = await totalFiat(p.test.db);
    const id = await approveAndStart(issuer, {
      token_id: tokenId,
      dividend_type: 'fiat',
      per_token_usd: perToken,
      fee_pct: '2.75',
    });
    await runConcurrently(4, 7);

    const d = await declaration(id);
    expect(d).toMatchObject({ status: 'distributed', holder_count: 240, held_usd: '0.00' });
    expect(await totalFiat(p.test.db)).toBe(before);
    const payments = await p.test.db
      .selectFrom('dividend_payments')
      .selectAll()
      .where('dividend_id', '=', id)
      .execute();
    const sum = (pick: (row: (typeof payments)[number]) => string) =>
      payments.reduce((total, row) => total.plus(pick(row)), new Exact(0));
    expect(
      sum((r) => r.net_amount)
        .plus(sum((r) => r.fee_amount))
        .plus(d.remainder_usd)
        .eq(d.total_gross_usd),
    ).toBe(true);
    expect(sum((r) => r.fee_amount).eq(d.total_fee_usd)).toBe(true);
    // the issuer paid exactly the gross less the remainder
    expect(new Exact('100000000.00').minus(await fiatOf(p.test.db, issuer.id)).toFixed(2)).toBe(
      new Exact(d.total_gross_usd).minus(d.remainder_usd).toFixed(2),
    );
    // one credit per paid holder, each the payment's net, never two
    const credits = await p.test.db
      .selectFrom('fiat_ledger')
      .innerJoin('dividend_payments', 'dividend_payments.id', 'fiat_ledger.reference_id')
      .select(['fiat_ledger.user_id', 'fiat_ledger.amount', 'dividend_payments.net_amount'])
      .where('dividend_payments.dividend_id', '=', id)
      .execute();
    const withNet = payments.filter((r) => new Exact(r.net_amount).greaterThan(0));
    expect(credits).toHaveLength(withNet.length);
    expect(new Set(credits.map((c) => c.user_id)).size).toBe(credits.length);
    expect(credits.every((c) => c.amount === c.net_amount)).toBe(true);
    for (const holder of holders.slice(0, 20)) {
      const payment = payments.find((r) => r.user_id === holder)!;
      expect(await fiatOf(p.test.db, holder)).toBe(payment.net_amount);
    }
  });

  it('pays stablecoin dividends into USDC balances through their ledger', async () => {
    const { issuer, tokenId } = await setUp('USDC', 30, 7);
    await fund(p.test.db, issuer.id, '100000000.00');
    const before = await totalFiat(p.test.db);
    const id = await approveAndStart(issuer, {
      token_id: tokenId,
      dividend_type: 'stablecoin',
      per_token_usd: '0.0137',
      fee_pct: 1,
    });
    await runConcurrently(2, 4);
    const d = await declaration(id);
    expect(d.status).toBe('distributed');
    const balances = await p.test.db
      .selectFrom('user_balances')
      .innerJoin('dividend_payments', 'dividend_payments.user_id', 'user_balances.user_id')
      .select(['user_balances.currency', 'user_balances.balance', 'dividend_payments.net_amount'])
      .where('dividend_payments.dividend_id', '=', id)
      .execute();
    expect(balances).toHaveLength(30);
    expect(balances.every((b) => b.currency === 'USDC' && b.balance === b.net_amount)).toBe(true);
    expect(
      await p.test.db
        .selectFrom('balance_ledger')
        .select('id')
        .where('kind', '=', 'dividend')
        .execute(),
    ).toHaveLength(30);
    // fiat: the issuer paid gross less remainder; only the fee stayed in fiat (the treasury's)
    expect(new Exact(before).minus(await totalFiat(p.test.db)).toFixed(2)).toBe(d.total_net_usd);
  });

  it("moves token dividends from the issuer's held tokens and queues them for the chain", async () => {
    const { issuer, tokenId, holders } = await setUp('TDIV', 150, 3);
    await p.test.db
      .updateTable('tokens')
      .set({ contract_address: '0x00000000000000000000000000000000000000aa' })
      .where('id', '=', tokenId)
      .execute();
    const held = await p.test.db
      .selectFrom('wallets')
      .select((eb) => eb.fn.sum<string>('balance').as('total'))
      .where('token_id', '=', tokenId)
      .executeTakeFirstOrThrow();
    const needed = 2 * Number(held.total);
    await insertWallet(p.test.db, issuer.id, tokenId, needed - 1);
    const body = { token_id: tokenId, dividend_type: 'token', per_token_qty: 2, fee_pct: 0 };
    const created = await post('/api/v1/dividends', issuer.token, body);
    const id = created.json<{ id: string }>().id;
    expect(created.json()).toMatchObject({ total_quantity: needed, total_gross_usd: '0.00' });
    await post(`/api/v1/dividends/${id}/submit`, issuer.token);
    const short = await post(`/api/v1/admin/dividends/${id}/approve`, admin.token);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_TOKEN_BALANCE' });
    await p.test.db
      .updateTable('wallets')
      .set((eb) => ({ balance: eb('balance', '+', 1) }))
      .where('user_id', '=', issuer.id)
      .execute();
    await post(`/api/v1/admin/dividends/${id}/approve`, admin.token);
    await post(`/api/v1/admin/dividends/${id}/distribute`, admin.token);
    const issuerWallet = () =>
      p.test.db
        .selectFrom('wallets')
        .select(['balance', 'locked_balance'])
        .where('user_id', '=', issuer.id)
        .executeTakeFirstOrThrow();
    expect(await issuerWallet()).toEqual({ balance: needed, locked_balance: needed });
    await runConcurrently(3, 40);

    expect(await declaration(id)).toMatchObject({ status: 'distributed', held_quantity: 0 });
    expect(await issuerWallet()).toEqual({ balance: 0, locked_balance: 0 });
    const payments = await p.test.db
      .selectFrom('dividend_payments')
      .innerJoin('wallets', (join) =>
        join
          .onRef('wallets.user_id', '=', 'dividend_payments.user_id')
          .on('wallets.token_id', '=', tokenId),
      )
      .select([
        'dividend_payments.token_balance',
        'dividend_payments.quantity',
        'dividend_payments.chain_batch_id',
        'wallets.balance',
      ])
      .where('dividend_payments.dividend_id', '=', id)
      .execute();
    expect(payments).toHaveLength(holders.length);
    expect(payments.every((row) => row.balance === row.token_balance * 3)).toBe(true);
    expect(payments.every((row) => row.chain_batch_id !== null)).toBe(true);
    const batches = await p.test.db
      .selectFrom('dividend_chain_batches')
      .select('status')
      .where('dividend_id', '=', id)
      .execute();
    // at most 100 transfers each; claims of 40 make batches of at most 40
    expect(batches.length).toBeGreaterThanOrEqual(4);
    expect(batches.every((b) => b.status === 'pending')).toBe(true);
  });
});
