/**
 * Splits and consolidations with the real chain: a real anvil, the real chain process and the
 * T-REX contracts. After each action every holder's balance (and frozen units) on chain equals
 * the database and the register, the cash in lieu reconciles to the cent, past prices read in
 * today's units, and the refusals answer their problem codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { Exact } from '../../src/lib/money.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';
import {
  expectCashReconciles,
  expectChainEqualsDatabase,
  liveTokenWithHolders,
  proposeAndApprove,
  staffMember,
} from '../support/splits.js';

// each test brings a token live on chain through the API: slow on a loaded machine
describe('splits and consolidations on chain', () => {
  let s: IssuanceSystem;
  let staff: Actor;

  beforeAll(async () => {
    s = await startIssuanceSystem();
    staff = await staffMember(s, 'splits@staff.example');
  }, 120_000);
  afterAll(() => s.close());

  /** the workers' clock past the effective moment, then the runner until it rests */
  async function runSplits() {
    s.advanceClock(61_000);
    while ((await s.workers.splits.tick()) > 0);
  }
  const splitRow = (id: string) =>
    s.test.db.selectFrom('share_splits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('refuses a bad ratio, a past date, a non-issuer and a self-approval with their codes', async () => {
    const { issuer, tokenId } = await liveTokenWithHolders(s, 'SPRJ', [5]);
    const other = await s.issuerWithBusiness('other@issuer.example', 0);
    const investor = await s.verified('sprj-investor@example.com');
    const body = (over: Record<string, unknown> = {}) => ({
      token_id: tokenId,
      ratio_new: 2,
      ratio_old: 1,
      effective_at: new Date(Date.now() + 60_000).toISOString(),
      reason: 'board resolution',
      ...over,
    });
    const refusal = async (url: string, payload: unknown, actor: Actor) => {
      const r = await s.call('POST', url, payload, actor.token);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      return [r.statusCode, r.json().code];
    };
    expect(await refusal('/api/v1/splits', body({ ratio_new: 4, ratio_old: 2 }), issuer)).toEqual([
      422,
      'SPLIT_RATIO_INVALID',
    ]);
    expect(await refusal('/api/v1/splits', body({ ratio_new: 3, ratio_old: 3 }), issuer)).toEqual([
      422,
      'SPLIT_RATIO_INVALID',
    ]);
    expect(await refusal('/api/v1/splits', body({ ratio_new: 0, ratio_old: 3 }), issuer)).toEqual([
      422,
      'SPLIT_RATIO_INVALID',
    ]);
    expect(
      await refusal(
        '/api/v1/splits',
        body({ effective_at: new Date(Date.now() - 1000).toISOString() }),
        issuer,
      ),
    ).toEqual([422, 'SPLIT_DATE_INVALID']);
    expect(await refusal('/api/v1/splits', body(), other.issuer)).toEqual([404, 'NOT_FOUND']);
    expect(await refusal('/api/v1/splits', body(), investor)).toEqual([403, 'FORBIDDEN_ROLE']);

    // staff may propose on the issuer's behalf, and may not approve it themselves
    const proposed = await s.ok(s.call('POST', '/api/v1/admin/splits', body(), staff.token), 201);
    expect(await refusal('/api/v1/splits', body(), issuer)).toEqual([409, 'SPLIT_IN_PROGRESS']);
    expect(
      await refusal(`/api/v1/admin/splits/${proposed.id}/decision`, { decision: 'approve' }, staff),
    ).toEqual([403, 'FOUR_EYES_REQUIRED']);
    expect(
      await refusal(
        `/api/v1/admin/splits/${proposed.id}/decision`,
        { decision: 'approve' },
        issuer,
      ),
    ).toEqual([403, 'FORBIDDEN_ROLE']);
    const rejected = await s.ok(
      s.call(
        'POST',
        `/api/v1/admin/splits/${proposed.id}/decision`,
        { decision: 'reject' },
        s.admin.token,
      ),
    );
    expect(rejected).toMatchObject({ status: 'rejected', decided_by: s.admin.id });
    expect(
      await refusal(
        `/api/v1/admin/splits/${proposed.id}/decision`,
        { decision: 'approve' },
        s.admin,
      ),
    ).toEqual([409, 'SPLIT_NOT_PROPOSED']);
    const audit = await s.test.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_id'])
      .where('target_id', '=', proposed.id)
      .orderBy('created_at')
      .execute();
    expect(audit).toEqual([
      { action: 'split.proposed', actor_id: staff.id },
      { action: 'split.rejected', actor_id: s.admin.id },
    ]);
  }, 120_000);

  it('splits 3:2 on chain and in the database, paying fractions in cash', async () => {
    const { issuer, investors, tokenId } = await liveTokenWithHolders(s, 'SPLT', [7, 15, 26]);
    await s.deposit(issuer, '100.00');
    const issuerBefore = await s.fiatBalance(issuer.id);
    const before = await Promise.all(investors.map((i) => s.fiatBalance(i.id)));
    const id = await proposeAndApprove(s, issuer, staff, tokenId, [3, 2]);
    expect(await splitRow(id)).toMatchObject({ status: 'approved', job_state: 'ready' });
    await runSplits();

    const split = await s.ok(s.call('GET', `/api/v1/splits/${id}`, undefined, issuer.token));
    // no trade yet: the reference price is the offering price, 1.00 per old token
    expect(split).toMatchObject({
      status: 'done',
      kind: 'split',
      ratio: '3:2',
      reference_price: '1',
      reference_source: 'offering',
      batches: split.batches_sent,
    });
    const balances = await s.test.db
      .selectFrom('wallets')
      .select(['user_id', 'balance'])
      .where('token_id', '=', tokenId)
      .where(
        'user_id',
        'in',
        investors.map((i) => i.id),
      )
      .execute();
    const byUser = new Map(balances.map((b) => [b.user_id, Number(b.balance)]));
    // 7 -> 10 (half a new token, a third of an old one: 0.33), 15 -> 22 (0.33), 26 -> 39
    expect(investors.map((i) => byUser.get(i.id))).toEqual([10, 22, 39]);
    const after = await Promise.all(investors.map((i) => s.fiatBalance(i.id)));
    expect(after.map((a, i) => new Exact(a).minus(before[i]!).toFixed(2))).toEqual([
      '0.33',
      '0.33',
      '0.00',
    ]);
    expect(await expectCashReconciles(s, id)).toBe('0.66');
    expect(new Exact(issuerBefore).minus(await s.fiatBalance(issuer.id)).toFixed(2)).toBe('0.66');
    await expectChainEqualsDatabase(s, tokenId);
    const token = await s.tokenRow(tokenId);
    // the halt ends at the finish and stays on record: a token with auctions reopens by a call
    expect(token.halted_until).toEqual((await splitRow(id)).finished_at);
    // 10,000 scaled to 15,000 (the issuer's team and reserve shares and the unsold supply too),
    // less the two half tokens paid in cash
    expect(Number(token.total_supply)).toBe(14_999);
    const movements = await s.test.db
      .selectFrom('token_movements')
      .select(['kind', 'to_user_id', 'quantity'])
      .where('source_id', '=', id)
      .execute();
    expect(movements.filter((m) => m.to_user_id === investors[0]!.id)).toEqual([
      { kind: 'split', to_user_id: investors[0]!.id, quantity: '3' },
    ]);
  }, 120_000);

  it('consolidates 1:10 with frozen units scaled on chain, at the NAV', async () => {
    const { issuer, investors, tokenId } = await liveTokenWithHolders(s, 'CONS', [25, 14, 40]);
    await s.deposit(issuer, '100.00');
    await s.ok(
      s.call(
        'POST',
        '/api/v1/admin/agent-actions',
        {
          kind: 'freeze_units',
          token_id: tokenId,
          user_id: investors[2]!.id,
          quantity: 35,
          reason: 'court order',
        },
        staff.token,
      ),
      201,
    );
    while ((await s.workers.agentActions.tick()) > 0);
    // a NAV recorded by the issuer (through the trading process's route in production)
    await s.test.db
      .insertInto('token_navs')
      .values({ id: newId(), token_id: tokenId, nav: '1.37', recorded_by: issuer.id })
      .execute();
    const id = await proposeAndApprove(s, issuer, staff, tokenId, [1, 10]);
    await runSplits();

    expect(await splitRow(id)).toMatchObject({ status: 'done', reference_source: 'nav' });
    const wallets = await s.test.db
      .selectFrom('wallets')
      .select(['user_id', 'balance', 'frozen_quantity'])
      .where('token_id', '=', tokenId)
      .where(
        'user_id',
        'in',
        investors.map((i) => i.id),
      )
      .execute();
    const byUser = new Map(
      wallets.map((w) => [w.user_id, [Number(w.balance), Number(w.frozen_quantity)]]),
    );
    expect(investors.map((i) => byUser.get(i.id))).toEqual([
      [2, 0],
      [1, 0],
      [4, 3],
    ]);
    // 5 old left of 25 and 4 of 14 at 1.37: 6.85 and 5.48
    expect(await expectCashReconciles(s, id)).toBe('12.33');
    await expectChainEqualsDatabase(s, tokenId);
    const navs = await s.test.db
      .selectFrom('token_navs')
      .select('nav')
      .where('token_id', '=', tokenId)
      .orderBy('created_at')
      .execute();
    expect(navs.map((n) => n.nav)).toEqual(['1.37', '13.70']);
  }, 120_000);

  it('fails a split whose issuer cannot pay the cash in lieu, and resumes trading', async () => {
    const { issuer, tokenId } = await liveTokenWithHolders(s, 'POOR', [25]);
    const balance = await s.fiatBalance(issuer.id);
    const id = await proposeAndApprove(s, issuer, staff, tokenId, [1, 10]);
    if (new Exact(balance).greaterThanOrEqualTo('5.00')) {
      await s.test.db
        .updateTable('users')
        .set({ fiat_balance: '1.00' })
        .where('id', '=', issuer.id)
        .execute();
    }
    await runSplits();
    const split = await splitRow(id);
    expect(split).toMatchObject({ status: 'failed', holder_count: 0 });
    expect(split.error).toMatch(/does not cover the cash in lieu of 5\.00/);
    expect((await s.tokenRow(tokenId)).halted_until).toEqual(split.finished_at);
    await expectChainEqualsDatabase(s, tokenId);
  }, 120_000);
});
