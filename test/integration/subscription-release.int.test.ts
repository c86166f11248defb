/**
 * Held subscription money and the token's status (issue 18 item 9), against the real PostgreSQL,
 * anvil and chain process: payments are confirmed only during the primary offering, go-live is
 * refused while payments are pending, and delisting or maturity refunds every subscription still
 * awaiting payment through the ledger, in the transaction that moves the status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIssuanceSystem,
  statusAndCode,
  type Actor,
  type IssuanceSystem,
} from '../support/issuance.js';

describe('held subscriptions and the token status', () => {
  let s: IssuanceSystem;
  let issuer: Actor;
  let businessId: string;
  let ann: Actor;
  let ben: Actor;

  beforeAll(async () => {
    s = await startIssuanceSystem();
    ({ issuer, businessId } = await s.issuerWithBusiness('release@issuer.example', 0));
    ann = await s.verified('ann@release.example');
    ben = await s.verified('ben@release.example');
    await s.deposit(ann, '400.00');
    await s.deposit(ben, '400.00');
  }, 120_000);
  afterAll(() => s.close());

  const code = statusAndCode;
  const balance = (id: string) => s.fiatBalance(id);
  const token = (id: string) => s.tokenRow(id);
  const allocation = (id: string) =>
    s.test.db
      .selectFrom('token_allocations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const ledgerOf = (allocationId: string) =>
    s.test.db
      .selectFrom('fiat_ledger')
      .select(['kind', 'amount'])
      .where('reference_id', '=', allocationId)
      .orderBy('id')
      .execute();
  /** every user's fiat balance: what a refund must move is exactly the held amount */
  const totalFiat = async () =>
    (
      await s.test.db
        .selectFrom('users')
        .select((eb) => eb.fn.sum<string>('fiat_balance').as('total'))
        .executeTakeFirstOrThrow()
    ).total;
  const offering = (symbol: string, over: Record<string, unknown> = {}) =>
    s.liveOffering(issuer, businessId, symbol, {
      price_per_token: '1.00',
      min_investment: '0',
      ...over,
    });

  it('refuses go-live while payments are pending, and changes nothing', async () => {
    const live = await offering('GOLV');
    const paid = await s.subscribe(ann, live.id, 100);
    await s.confirm(live.id, [paid.id]);
    const waiting = await s.subscribe(ben, live.id, 50);
    const before = await token(live.id);
    const issuerBalance = await balance(issuer.id);

    const refused = await s.call(
      'POST',
      `/api/v1/admin/tokens/${live.id}/enable-secondary`,
      {},
      s.admin.token,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PAYMENTS_PENDING', pending_allocations: 1 });
    expect(await token(live.id)).toEqual(before);
    expect(await balance(issuer.id)).toBe(issuerBalance);

    await s.ok(s.call('POST', `/api/v1/admin/allocations/${waiting.id}/reject`, {}, s.admin.token));
    const secondary = await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${live.id}/enable-secondary`, {}, s.admin.token),
    );
    // The success fee (1%) is on everything raised: nothing can be confirmed after it.
    expect(secondary).toMatchObject({ status: 'secondary', success_fee: '1.00' });
    expect(await token(live.id)).toMatchObject({ total_raised: '100.00', tokens_reserved: 100 });
  });

  it('confirms payments only while the token is in its primary offering', async () => {
    const live = await offering('CONF');
    const waiting = await s.subscribe(ann, live.id, 30);
    // A token that left its offering by any road (here set directly) takes no payment.
    for (const status of ['secondary', 'paused', 'delisted', 'matured'] as const) {
      await s.test.db.updateTable('tokens').set({ status }).where('id', '=', live.id).execute();
      const before = await token(live.id);
      const refused = await s.confirmPayment(live.id, [waiting.id]);
      expect(`${refused.statusCode} ${refused.json().code}`).toBe('409 TOKEN_STATE_CONFLICT');
      expect(await token(live.id)).toEqual(before);
      expect(await allocation(waiting.id)).toMatchObject({ status: 'pending_payment' });
    }
    await s.test.db
      .updateTable('tokens')
      .set({ status: 'primary' })
      .where('id', '=', live.id)
      .execute();
    await s.confirm(live.id, [waiting.id]);
    expect(await token(live.id)).toMatchObject({ tokens_sold: 30, total_raised: '30.00' });
  });

  it('delisting refunds every pending subscription through the ledger, and keeps confirmed ones', async () => {
    const live = await offering('DLST');
    const round = await s.ok(
      s.call(
        'POST',
        `/api/v1/tokens/${live.id}/rounds`,
        {
          name: 'Seed',
          starts_at: new Date(Date.now() - 1000).toISOString(),
          ends_at: new Date(Date.now() + 60_000).toISOString(),
          max_quantity: 500,
          price_per_token: '2.00',
        },
        issuer.token,
      ),
      201,
    );
    const paid = await s.subscribe(ann, live.id, 40);
    await s.confirm(live.id, [paid.id]);
    const annBefore = await balance(ann.id);
    const benBefore = await balance(ben.id);
    const total = await totalFiat();
    const pendingAnn = await s.subscribe(ann, live.id, 25);
    const pendingBen = await s.subscribe(ben, live.id, 10, round.id);
    expect(await balance(ben.id)).toBe((Number(benBefore) - 20).toFixed(2));

    const delisted = await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${live.id}/delist`, {}, s.admin.token),
    );
    expect(delisted.status).toBe('delisted');
    expect(await token(live.id)).toMatchObject({ tokens_reserved: 40, tokens_sold: 40 });
    expect(await balance(ann.id)).toBe(annBefore);
    expect(await balance(ben.id)).toBe(benBefore);
    expect(await totalFiat()).toBe(total);
    for (const held of [pendingAnn, pendingBen]) {
      expect(await allocation(held.id)).toMatchObject({
        status: 'rejected',
        rejected_by: s.admin.id,
      });
      expect(await ledgerOf(held.id)).toEqual([
        { kind: 'subscription_hold', amount: `-${held.amount}` },
        { kind: 'subscription_refund', amount: held.amount },
      ]);
      const walletTransaction = await s.test.db
        .selectFrom('wallet_transactions')
        .select('status')
        .where('reference_id', '=', held.id)
        .executeTakeFirstOrThrow();
      expect(walletTransaction.status).toBe('cancelled');
    }
    expect(await allocation(paid.id)).toMatchObject({ status: 'confirmed' });
    const seed = await s.test.db
      .selectFrom('offering_rounds')
      .select('quantity_reserved')
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(seed.quantity_reserved).toBe(0);
    expect(await code(s.confirmPayment(live.id, [pendingAnn.id]))).toBe('409 TOKEN_STATE_CONFLICT');
    const audit = await s.test.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'token.delist')
      .where('target_id', '=', live.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ released: 2, refunded: '45.00' });
  });

  it('maturity refunds every pending subscription through the ledger, in the same transaction', async () => {
    const live = await offering('MATR', {
      maturity_date: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const annBefore = await balance(ann.id);
    const total = await totalFiat();
    const held = await s.subscribe(ann, live.id, 60);
    expect(await balance(ann.id)).toBe((Number(annBefore) - 60).toFixed(2));

    // The workers' clock passes the maturity date.
    s.advanceClock(2 * 3_600_000);
    while ((await s.workers.chainSync.tick()) > 0);
    expect(await token(live.id)).toMatchObject({
      status: 'matured',
      tokens_reserved: 0,
      chain_sync: 'synced',
    });
    expect(await balance(ann.id)).toBe(annBefore);
    expect(await totalFiat()).toBe(total);
    expect(await allocation(held.id)).toMatchObject({ status: 'rejected', rejected_by: null });
    expect(await ledgerOf(held.id)).toEqual([
      { kind: 'subscription_hold', amount: '-60.00' },
      { kind: 'subscription_refund', amount: '60.00' },
    ]);
    const audit = await s.test.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'token.matured')
      .where('target_id', '=', live.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ from: 'primary', released: 1, refunded: '60.00' });
    expect(await code(s.confirmPayment(live.id, [held.id]))).toBe('409 TOKEN_STATE_CONFLICT');
  });
});
