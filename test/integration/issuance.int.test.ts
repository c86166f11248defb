/**
 * Businesses, tokens and the primary offering against the real PostgreSQL, a real anvil and the
 * real chain process with the ERC-3643 contracts: every refusal and every state move of issue 5.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIssuanceSystem,
  statusAndCode,
  type Actor,
  type IssuanceSystem,
} from '../support/issuance.js';

describe('issuance and the primary offering', () => {
  let s: IssuanceSystem;
  let issuer: Actor;
  let businessId: string;

  beforeAll(async () => {
    // Waits after transient failures longer than any tick, so that only the test's clock ends them.
    s = await startIssuanceSystem({ CHAIN_RETRY_BASE_MS: '20000', CHAIN_RETRY_MAX_MS: '40000' });
    ({ issuer, businessId } = await s.issuerWithBusiness('ceo@acme.example'));
  }, 120_000);
  afterAll(() => s.close());

  const code = statusAndCode;
  const balance = (id: string) => s.fiatBalance(id);
  const token = (id: string) => s.tokenRow(id);

  describe('businesses', () => {
    it('refuses registration below KYC level 2, without KYC, and by investors', async () => {
      const low = await s.verified('low@example.com', { role: 'issuer' }, 1);
      const none = await s.register('none@example.com', { role: 'issuer' });
      const investor = await s.verified('inv@example.com');
      const body = {
        name: 'X',
        registration_number: 'X',
        country: 'AE',
        platform_allocation_pct: 1,
      };
      expect(await code(s.call('POST', '/api/v1/businesses', body, low.token))).toBe(
        '403 KYC_LEVEL_TOO_LOW',
      );
      expect(await code(s.call('POST', '/api/v1/businesses', body, none.token))).toBe(
        '403 KYC_REQUIRED',
      );
      expect(await code(s.call('POST', '/api/v1/businesses', body, investor.token))).toBe(
        '403 FORBIDDEN_ROLE',
      );
      expect(
        await code(
          s.call(
            'POST',
            '/api/v1/businesses',
            { ...body, platform_allocation_pct: 101 },
            issuer.token,
          ),
        ),
      ).toBe('400 VALIDATION_FAILED');
      // a percent is exact to the cent: a third decimal is refused, never rounded
      for (const pct of [1.234, '1.234', '-1', 'ten']) {
        expect(
          await code(
            s.call(
              'POST',
              '/api/v1/businesses',
              { ...body, platform_allocation_pct: pct },
              issuer.token,
            ),
          ),
        ).toBe('400 VALIDATION_FAILED');
      }
    });

    it('activates only with KYB approved, once, by an admin', async () => {
      const other = await s.verified('other@example.com', { role: 'issuer' });
      const business = await s.ok(
        s.call(
          'POST',
          '/api/v1/businesses',
          { name: 'Other', registration_number: 'O-1', country: 'GB', platform_allocation_pct: 0 },
          other.token,
        ),
        201,
      );
      expect(business).toMatchObject({ status: 'pending', kyb_status: 'none', owner_id: other.id });
      expect(
        await code(
          s.call(
            'PATCH',
            `/api/v1/admin/businesses/${business.id}`,
            { status: 'active' },
            s.admin.token,
          ),
        ),
      ).toBe('409 KYB_NOT_APPROVED');
      expect(
        await code(
          s.call(
            'PATCH',
            `/api/v1/admin/businesses/${businessId}`,
            { status: 'active' },
            s.admin.token,
          ),
        ),
      ).toBe('409 BUSINESS_ALREADY_ACTIVE');
      expect(
        await code(
          s.call(
            'PATCH',
            `/api/v1/admin/businesses/${business.id}`,
            { status: 'active' },
            other.token,
          ),
        ),
      ).toBe('403 FORBIDDEN_ROLE');
      expect(
        await code(
          s.call(
            'PATCH',
            `/api/v1/admin/businesses/${business.id}`,
            { status: 'closed' },
            s.admin.token,
          ),
        ),
      ).toBe('400 VALIDATION_FAILED');
      // A token before the business is active.
      await s.test.db
        .updateTable('businesses')
        .set({ kyb_status: 'approved' })
        .where('id', '=', business.id)
        .execute();
      expect(
        await code(s.call('POST', '/api/v1/tokens', s.tokenBody(business.id, 'OTH'), other.token)),
      ).toBe('409 BUSINESS_NOT_ACTIVE');
      // Issuers see their own businesses only.
      expect(
        await code(s.call('GET', `/api/v1/businesses/${businessId}`, undefined, other.token)),
      ).toBe('404 NOT_FOUND');
      const mine = await s.ok(s.call('GET', '/api/v1/businesses', undefined, other.token));
      expect(mine.data.map((b: { id: string }) => b.id)).toEqual([business.id]);
    });
  });

  describe('tokens', () => {
    it('refuses bad token definitions and changes nothing', async () => {
      const before = (await s.test.db.selectFrom('tokens').select('id').execute()).length;
      const cases: [Record<string, unknown>, string][] = [
        [{ primary_offering_pct: 60, team_pct: 30, reserve_pct: 9 }, '422 PERCENTAGES_NOT_100'],
        [{ total_supply: 0 }, '400 VALIDATION_FAILED'],
        [{ total_supply: -5 }, '400 VALIDATION_FAILED'],
        [{ price_per_token: '0' }, '400 VALIDATION_FAILED'],
        [{ price_per_token: '-1.00' }, '400 VALIDATION_FAILED'],
        [{ price_per_token: 10 }, '400 VALIDATION_FAILED'],
        [{ symbol: 'WAYTOOLONGSYM' }, '400 VALIDATION_FAILED'],
        [{ symbol: 'lower' }, '400 VALIDATION_FAILED'],
        [{ decimals: 19 }, '400 VALIDATION_FAILED'],
        [{ raise_currency: 'EUR' }, '400 VALIDATION_FAILED'],
        [{ business_id: '0199a3c2-0000-7000-8000-000000000000' }, '404 NOT_FOUND'],
      ];
      for (const [over, expected] of cases) {
        expect(
          await code(
            s.call('POST', '/api/v1/tokens', s.tokenBody(businessId, 'BAD', over), issuer.token),
          ),
          JSON.stringify(over),
        ).toBe(expected);
      }
      expect((await s.test.db.selectFrom('tokens').select('id').execute()).length).toBe(before);
    });

    it('deploys once, keeps the addresses immutable, and lists the token for everyone', async () => {
      const created = await s.ok(
        s.call('POST', '/api/v1/tokens', s.tokenBody(businessId, 'ACME'), issuer.token),
        201,
      );
      expect(created).toMatchObject({
        status: 'draft',
        primary_supply: 600_000,
        tokens_available: 600_000,
        contract_address: null,
      });
      expect(
        await code(s.call('POST', '/api/v1/tokens', s.tokenBody(businessId, 'ACME'), issuer.token)),
      ).toBe('409 SYMBOL_TAKEN');
      expect(
        await code(
          s.call(
            'POST',
            `/api/v1/admin/tokens/${created.id}/start-offering`,
            {
              primary_start: new Date().toISOString(),
              primary_end: new Date(Date.now() + 60_000).toISOString(),
            },
            s.admin.token,
          ),
        ),
      ).toBe('409 TOKEN_NOT_DEPLOYED');
      expect(
        await code(s.call('POST', `/api/v1/admin/tokens/${created.id}/deploy`, {}, issuer.token)),
      ).toBe('403 FORBIDDEN_ROLE');

      const deployed = await s.ok(
        s.call('POST', `/api/v1/admin/tokens/${created.id}/deploy`, {}, s.admin.token),
      );
      expect(deployed.token).toMatchObject({
        status: 'primary',
        contract_address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        identity_registry_addr: expect.stringMatching(/^0x/),
      });
      expect(deployed.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(
        await code(s.call('POST', `/api/v1/admin/tokens/${created.id}/deploy`, {}, s.admin.token)),
      ).toBe('409 TOKEN_ALREADY_DEPLOYED');
      await expect(
        sql`update tokens set contract_address = '0x0000000000000000000000000000000000000001' where id = ${created.id}`.execute(
          s.test.db,
        ),
      ).rejects.toThrow(/immutable/);
      expect(await s.chainPaused(deployed.token.contract_address)).toBe(true);
      const gas = await s.test.db
        .selectFrom('gas_transactions')
        .selectAll()
        .where('tx_hash', '=', deployed.tx_hash)
        .executeTakeFirstOrThrow();
      expect(gas).toMatchObject({ payer_type: 'platform' });

      const stranger = await s.register('browser@example.com');
      const listed = await s.ok(
        s.call('GET', '/api/v1/tokens?status=primary', undefined, stranger.token),
      );
      expect(listed.data.map((t: { symbol: string }) => t.symbol)).toContain('ACME');
      expect(
        await s.ok(s.call('GET', `/api/v1/tokens/${created.id}`, undefined, stranger.token)),
      ).toMatchObject({ symbol: 'ACME', status: 'primary' });

      expect(
        await code(
          s.call(
            'POST',
            `/api/v1/admin/tokens/${created.id}/start-offering`,
            {
              primary_start: new Date(Date.now() + 60_000).toISOString(),
              primary_end: new Date().toISOString(),
            },
            s.admin.token,
          ),
        ),
      ).toBe('422 INVALID_WINDOW');
    });
  });

  describe('subscriptions', () => {
    let tokenId: string;
    let contract: string;
    let ann: Actor;

    beforeAll(async () => {
      const live = await s.liveOffering(issuer, businessId, 'SUBS', {
        total_supply: 10_000,
        price_per_token: '2.50',
        min_investment: '25.00',
      });
      tokenId = live.id;
      contract = live.contract_address;
      ann = await s.verified('ann@example.com');
      await s.deposit(ann, '1000.00');
    });

    it('refuses every subscription outside the rules and changes nothing', async () => {
      const unverified = await s.register('nokyc@example.com');
      const poor = await s.verified('poor@example.com');
      await s.deposit(poor, '30.00');
      const us = await s.verified('us@example.com', {}, 2, 'US');
      await s.deposit(us, '100.00');
      const before = { ann: await balance(ann.id), token: await token(tokenId) };
      const subscribe = (actor: Actor, quantity: number, id = tokenId) =>
        code(s.call('POST', `/api/v1/tokens/${id}/subscribe`, { quantity }, actor.token));
      expect(await subscribe(unverified, 20)).toBe('403 KYC_REQUIRED');
      expect(await subscribe(issuer, 20)).toBe('403 FORBIDDEN_ROLE');
      expect(await subscribe(ann, 9)).toBe('422 BELOW_MIN_INVESTMENT');
      expect(await subscribe(ann, 2001)).toBe('422 INVESTMENT_LIMIT_EXCEEDED'); // professional: 5000 USD
      expect(await subscribe(poor, 20)).toBe('422 INSUFFICIENT_FUNDS');
      expect(await subscribe(us, 20)).toBe('422 FATCA_BLOCKED');
      expect(
        await code(
          s.call('POST', `/api/v1/tokens/${tokenId}/subscribe`, { quantity: 0 }, ann.token),
        ),
      ).toBe('400 VALIDATION_FAILED');
      expect(
        await code(
          s.call('POST', `/api/v1/tokens/${tokenId}/subscribe`, { quantity: 1.5 }, ann.token),
        ),
      ).toBe('400 VALIDATION_FAILED');
      expect(
        await code(
          // text is taken only as canonical digits ("20"), as prices are
          s.call('POST', `/api/v1/tokens/${tokenId}/subscribe`, { quantity: '20.0' }, ann.token),
        ),
      ).toBe('400 VALIDATION_FAILED');
      expect(await subscribe(ann, 20, '0199a3c2-0000-7000-8000-000000000000')).toBe(
        '404 NOT_FOUND',
      );
      // Outside the window: an offering that has not started.
      await s.test.db
        .updateTable('tokens')
        .set({
          primary_start: new Date(Date.now() + 60_000),
          primary_end: new Date(Date.now() + 120_000),
        })
        .where('id', '=', tokenId)
        .execute();
      expect(await subscribe(ann, 20)).toBe('422 OFFERING_NOT_OPEN');
      await s.test.db
        .updateTable('tokens')
        .set({ primary_start: before.token.primary_start, primary_end: before.token.primary_end })
        .where('id', '=', tokenId)
        .execute();
      // Beyond the remaining supply (6000 offered).
      const whale = await s.verified('whale@example.com', {}, 3);
      await s.deposit(whale, '20000.00');
      expect(await subscribe(whale, 6001)).toBe('422 SUPPLY_EXHAUSTED');
      expect(await balance(ann.id)).toBe(before.ann);
      expect(await balance(whale.id)).toBe('20000.00');
      expect((await token(tokenId)).tokens_reserved).toBe(before.token.tokens_reserved);
    });

    it('holds the fiat, confirms once, and mints exactly the allocation on chain', async () => {
      const allocation = await s.subscribe(ann, tokenId, 40);
      expect(allocation).toMatchObject({
        status: 'pending_payment',
        on_chain_status: 'pending',
        amount: '100.00',
        allocation_type: 'primary',
      });
      expect(await balance(ann.id)).toBe('900.00');
      const issuerBefore = await balance(issuer.id);
      expect(await code(s.confirmPayment(tokenId, [allocation.id], issuer))).toBe(
        '403 FORBIDDEN_ROLE',
      );
      const confirmed = await s.confirm(tokenId, [allocation.id]);
      expect(confirmed.data[0]).toMatchObject({ status: 'confirmed', on_chain_status: 'pending' });
      expect(await code(s.confirmPayment(tokenId, [allocation.id]))).toBe(
        '409 ALLOCATION_NOT_PENDING',
      );
      expect(await balance(issuer.id)).toBe((Number(issuerBefore) + 100).toFixed(2));
      expect(await token(tokenId)).toMatchObject({ tokens_sold: 40, total_raised: '100.00' });
      const wallet = await s.test.db
        .selectFrom('wallets')
        .selectAll()
        .where('user_id', '=', ann.id)
        .where('token_id', '=', tokenId)
        .executeTakeFirstOrThrow();
      expect(wallet.balance).toBe(40);

      await s.mintAll();
      const minted = await s.test.db
        .selectFrom('token_allocations')
        .selectAll()
        .where('id', '=', allocation.id)
        .executeTakeFirstOrThrow();
      expect(minted).toMatchObject({ on_chain_status: 'minted', on_chain_error: null });
      expect(minted.on_chain_tx_hash).toMatch(/^0x/);
      const address = (
        await s.test.db
          .selectFrom('users')
          .select('wallet_address')
          .where('id', '=', ann.id)
          .executeTakeFirstOrThrow()
      ).wallet_address!;
      expect(await s.chainBalance(contract, address)).toBe(40n * 10n ** 18n);
      expect(await s.chain.isVerified(contract, address)).toBe(true);
      const gas = await s.test.db
        .selectFrom('gas_transactions')
        .select(['operation', 'payer_type', 'payer_ref'])
        .where('tx_hash', '=', minted.on_chain_tx_hash)
        .executeTakeFirstOrThrow();
      expect(gas).toMatchObject({ payer_type: 'issuer', payer_ref: businessId });
    });

    it('rejects a pending allocation with a refund, and nothing else', async () => {
      const allocation = await s.subscribe(ann, tokenId, 20);
      const held = await balance(ann.id);
      const reserved = (await token(tokenId)).tokens_reserved;
      const rejected = await s.ok(
        s.call('POST', `/api/v1/admin/allocations/${allocation.id}/reject`, {}, s.admin.token),
      );
      expect(rejected.status).toBe('rejected');
      expect(await balance(ann.id)).toBe((Number(held) + 50).toFixed(2));
      expect((await token(tokenId)).tokens_reserved).toBe(reserved - 20);
      expect(
        await code(
          s.call('POST', `/api/v1/admin/allocations/${allocation.id}/reject`, {}, s.admin.token),
        ),
      ).toBe('409 ALLOCATION_NOT_PENDING');
      expect(await code(s.confirmPayment(tokenId, [allocation.id]))).toBe(
        '409 ALLOCATION_NOT_PENDING',
      );
      const ledger = await s.test.db
        .selectFrom('fiat_ledger')
        .select(['kind', 'amount'])
        .where('reference_id', '=', allocation.id)
        .orderBy('id')
        .execute();
      expect(ledger).toEqual([
        { kind: 'subscription_hold', amount: '-50.00' },
        { kind: 'subscription_refund', amount: '50.00' },
      ]);
    });

    it('waits while the chain is down with no attempt used, and mints exactly once after it is back or after a staff retry', async () => {
      const bo = await s.verified('bo@example.com');
      await s.deposit(bo, '200.00');
      const allocation = await s.subscribe(bo, tokenId, 30);
      await s.confirm(tokenId, [allocation.id]);
      await s.stopChain();
      // A transient failure: no attempt used, however many; a jittered wait doubling to a cap.
      const { maxAttempts, transient } = s.config.issuance.workerPolicy;
      const mintRow = () =>
        s.test.db
          .selectFrom('token_allocations')
          .selectAll()
          .where('id', '=', allocation.id)
          .executeTakeFirstOrThrow();
      for (let waits = 1; waits <= maxAttempts + 1; waits++) {
        await s.mintAll();
        const row = await mintRow();
        expect(row).toMatchObject({
          on_chain_status: 'pending',
          on_chain_attempts: 0,
          on_chain_waits: waits,
          on_chain_claim_id: null,
          on_chain_error: expect.stringContaining('CHAIN_UNAVAILABLE'),
        });
        const ceiling = Math.min(transient.baseMs * 2 ** (waits - 1), transient.maxMs);
        const dueIn = row.on_chain_due_at!.getTime() - s.clock.now().getTime();
        expect(dueIn).toBeLessThanOrEqual(ceiling);
        // Not due yet: nothing is claimed before the wait ends.
        expect(await s.workers.minter.tick()).toBe(0);
        s.advanceClock(ceiling);
      }
      await s.startChainAgain();
      await s.mintAll();
      expect(await mintRow()).toMatchObject({
        on_chain_status: 'minted',
        on_chain_attempts: 1,
        on_chain_waits: 0,
        on_chain_error: null,
      });
      // As a failure the chain would repeat leaves it (its answer lost): staff retry it.
      await s.test.db
        .updateTable('token_allocations')
        .set({ on_chain_status: 'failed', on_chain_error: 'CHAIN_NOT_AUTHORIZED: no agent role' })
        .where('id', '=', allocation.id)
        .execute();
      const failed = await s.ok(
        s.call('GET', '/api/v1/admin/allocations?on_chain_status=failed', undefined, s.admin.token),
      );
      expect(failed.data).toEqual([
        expect.objectContaining({
          id: allocation.id,
          status: 'confirmed',
          on_chain_status: 'failed',
          on_chain_error: expect.stringContaining('CHAIN_NOT_AUTHORIZED'),
          // Staff read the subscriber by email, not only the id.
          user: expect.objectContaining({ id: bo.id, email: 'bo@example.com' }),
        }),
      ]);
      expect(await token(tokenId)).toMatchObject({ tokens_sold: 70 });

      expect(
        await code(
          s.call('POST', `/api/v1/admin/allocations/${allocation.id}/retry`, {}, issuer.token),
        ),
      ).toBe('403 FORBIDDEN_ROLE');
      await s.ok(
        s.call('POST', `/api/v1/admin/allocations/${allocation.id}/retry`, {}, s.admin.token),
      );
      expect(
        await code(
          s.call('POST', `/api/v1/admin/allocations/${allocation.id}/retry`, {}, s.admin.token),
        ),
      ).toBe('409 ALLOCATION_NOT_FAILED');
      await s.mintAll();
      // A second retry of the same allocation (as after a lost answer) finds the first mint.
      await s.test.db
        .updateTable('token_allocations')
        .set({ on_chain_status: 'pending' })
        .where('id', '=', allocation.id)
        .execute();
      await s.mintAll();
      const address = (
        await s.test.db
          .selectFrom('users')
          .select('wallet_address')
          .where('id', '=', bo.id)
          .executeTakeFirstOrThrow()
      ).wallet_address!;
      expect(await s.chainBalance(contract, address)).toBe(30n * 10n ** 18n);
      expect(
        await s.ok(
          s.call(
            'GET',
            '/api/v1/admin/allocations?on_chain_status=failed',
            undefined,
            s.admin.token,
          ),
        ),
      ).toMatchObject({ data: [] });
    });

    it('creates offering rounds for the issuer only, and subscribes within them', async () => {
      const other = await s.verified('rounds@example.com', { role: 'issuer' });
      const round = {
        name: 'Seed',
        starts_at: new Date(Date.now() - 1000).toISOString(),
        ends_at: new Date(Date.now() + 60_000).toISOString(),
        max_quantity: 100,
        price_per_token: '2.00',
      };
      expect(
        await code(s.call('POST', `/api/v1/tokens/${tokenId}/rounds`, round, other.token)),
      ).toBe('403 KYB_REQUIRED');
      const created = await s.ok(
        s.call('POST', `/api/v1/tokens/${tokenId}/rounds`, round, issuer.token),
        201,
      );
      const allocation = await s.ok(
        s.call(
          'POST',
          `/api/v1/tokens/${tokenId}/subscribe`,
          { quantity: 60, round_id: created.id },
          ann.token,
        ),
        201,
      );
      expect(allocation).toMatchObject({
        round_id: created.id,
        price_per_token: '2.00',
        amount: '120.00',
      });
      expect(
        await code(
          s.call(
            'POST',
            `/api/v1/tokens/${tokenId}/subscribe`,
            { quantity: 41, round_id: created.id },
            ann.token,
          ),
        ),
      ).toBe('422 SUPPLY_EXHAUSTED');
    });
  });

  it('never oversells: 200 simultaneous subscriptions for a supply that fits 100', async () => {
    const live = await s.liveOffering(issuer, businessId, 'RACE', {
      total_supply: 1000,
      primary_offering_pct: 100,
      team_pct: 0,
      reserve_pct: 0,
      price_per_token: '5.00',
      min_investment: '0',
    });
    const investors: Actor[] = [];
    for (let i = 0; i < 20; i++) {
      const investor = await s.verified(`race${i}@example.com`);
      await s.deposit(investor, '600.00');
      investors.push(investor);
    }
    // 200 subscriptions of 10 tokens (50.00 each), 10 per investor; 1000 tokens fit 100 of them.
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        s.call(
          'POST',
          `/api/v1/tokens/${live.id}/subscribe`,
          { quantity: 10 },
          investors[i % 20]!.token,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(100);
    expect(new Set(results.filter((r) => r.statusCode !== 201).map((r) => r.json().code))).toEqual(
      new Set(['SUPPLY_EXHAUSTED']),
    );
    for (const investor of investors) {
      const held = await s.test.db
        .selectFrom('token_allocations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', investor.id)
        .where('token_id', '=', live.id)
        .executeTakeFirstOrThrow();
      expect(await balance(investor.id)).toBe((600 - 50 * Number(held.n)).toFixed(2));
    }

    // Overdraw race: 20 subscriptions of 50.00 against a balance of 100.00.
    const lean = await s.verified('lean@example.com');
    await s.deposit(lean, '100.00');
    const roomy = await s.liveOffering(issuer, businessId, 'ROOMY', {
      price_per_token: '5.00',
      min_investment: '0',
    });
    const overdraw = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.call('POST', `/api/v1/tokens/${roomy.id}/subscribe`, { quantity: 10 }, lean.token),
      ),
    );
    expect(overdraw.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(new Set(overdraw.filter((r) => r.statusCode !== 201).map((r) => r.json().code))).toEqual(
      new Set(['INSUFFICIENT_FUNDS']),
    );
    expect(await balance(lean.id)).toBe('0.00');
    const negative = await s.test.db
      .selectFrom('users')
      .select('id')
      .where('fiat_balance', '<', '0')
      .execute();
    expect(negative).toEqual([]);

    const pending = await s.test.db
      .selectFrom('token_allocations')
      .select('id')
      .where('token_id', '=', live.id)
      .execute();
    expect(pending).toHaveLength(100);
    await s.confirm(
      live.id,
      pending.map((a) => a.id),
    );
    const sums = await s.test.db
      .selectFrom('token_allocations')
      .select((eb) => [
        eb.fn.sum<string>('quantity').as('quantity'),
        eb.fn.sum<string>('amount').as('amount'),
      ])
      .where('token_id', '=', live.id)
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    expect(await token(live.id)).toMatchObject({
      tokens_sold: 1000,
      tokens_reserved: 1000,
      total_raised: '5000.00',
    });
    expect(sums).toEqual({ quantity: '1000', amount: '5000.00' });
  }, 120_000);

  it('goes live: go-live allocation, success fee, contract unpaused; then pause, resume, delist and maturity', async () => {
    const live = await s.liveOffering(issuer, businessId, 'LIVE', {
      total_supply: 100_000,
      price_per_token: '1.00',
      min_investment: '0',
    });
    const cy = await s.verified('cy@example.com');
    await s.deposit(cy, '500.00');
    const allocation = await s.subscribe(cy, live.id, 500);
    const consequences = () =>
      s.ok(s.call('GET', `/api/v1/admin/tokens/${live.id}/consequences`, undefined, s.admin.token));
    expect(await consequences()).toMatchObject({
      pending_payments: 1,
      go_live_blocked_by: 'PAYMENTS_PENDING',
    });
    await s.confirm(live.id, [allocation.id]);
    // What the confirmation states is what go-live then does.
    expect(await consequences()).toEqual({
      total_raised: '500.00',
      success_fee_bps: 100,
      success_fee: '5.00',
      go_live_quantity: 2000,
      team_quantity: 30000,
      reserve_quantity: 10000,
      issuer_locked_until: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      holders: 1,
      pending_payments: 0,
      go_live_blocked_by: null,
    });
    const treasury = await s.test.db
      .selectFrom('users')
      .select(['id', 'fiat_balance'])
      .where('role', '=', 'treasury')
      .executeTakeFirstOrThrow();
    const issuerBefore = await balance(issuer.id);

    expect(
      await code(s.call('POST', `/api/v1/admin/tokens/${live.id}/pause`, {}, s.admin.token)),
    ).toBe('409 TOKEN_STATE_CONFLICT');
    const secondary = await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${live.id}/enable-secondary`, {}, s.admin.token),
    );
    expect(secondary).toMatchObject({
      status: 'secondary',
      trading_mode: 'full_orderbook',
      success_fee: '5.00',
      chain_sync: 'pending',
    });
    expect(
      await code(
        s.call('POST', `/api/v1/admin/tokens/${live.id}/enable-secondary`, {}, s.admin.token),
      ),
    ).toBe('409 TOKEN_STATE_CONFLICT');
    expect(await balance(issuer.id)).toBe((Number(issuerBefore) - 5).toFixed(2));
    expect(await balance(treasury.id)).toBe((Number(treasury.fiat_balance) + 5).toFixed(2));
    const goLive = await s.test.db
      .selectFrom('token_allocations')
      .selectAll()
      .where('token_id', '=', live.id)
      .where('allocation_type', '=', 'go_live')
      .executeTakeFirstOrThrow();
    expect(goLive).toMatchObject({ user_id: treasury.id, quantity: 2000, status: 'confirmed' });

    await s.mintAll();
    while ((await s.workers.chainSync.tick()) > 0);
    expect(await s.chainPaused(live.contract_address)).toBe(false);
    const treasuryAddress = (
      await s.test.db
        .selectFrom('users')
        .select('wallet_address')
        .where('id', '=', treasury.id)
        .executeTakeFirstOrThrow()
    ).wallet_address!;
    expect(await s.chainBalance(live.contract_address, treasuryAddress)).toBe(2000n * 10n ** 18n);
    // the issuer's team (30 %) and reserve (10 %) shares, locked up a year by default
    const issuerShares = await s.test.db
      .selectFrom('token_allocations')
      .select(['allocation_type', 'quantity', 'on_chain_status', 'locked_until'])
      .where('token_id', '=', live.id)
      .where('user_id', '=', issuer.id)
      .orderBy('allocation_type')
      .execute();
    expect(issuerShares).toMatchObject([
      { allocation_type: 'reserve', quantity: 10_000, on_chain_status: 'minted' },
      { allocation_type: 'team', quantity: 30_000, on_chain_status: 'minted' },
    ]);
    const lockedFor = issuerShares[0]!.locked_until!.getTime() - Date.now();
    expect(Math.round(lockedFor / 86_400_000)).toBe(365);
    expect(await s.holderBalances(live, issuer.id)).toEqual({
      database: 40_000n * 10n ** 18n,
      chain: 40_000n * 10n ** 18n,
    });

    expect(
      (await s.ok(s.call('POST', `/api/v1/admin/tokens/${live.id}/pause`, {}, s.admin.token)))
        .status,
    ).toBe('paused');
    while ((await s.workers.chainSync.tick()) > 0);
    expect(await s.chainPaused(live.contract_address)).toBe(true);
    expect(
      (await s.ok(s.call('POST', `/api/v1/admin/tokens/${live.id}/resume`, {}, s.admin.token)))
        .status,
    ).toBe('secondary');
    while ((await s.workers.chainSync.tick()) > 0);
    expect(await s.chainPaused(live.contract_address)).toBe(false);
    expect(
      (await s.ok(s.call('POST', `/api/v1/admin/tokens/${live.id}/delist`, {}, s.admin.token)))
        .status,
    ).toBe('delisted');
    expect(
      await code(s.call('POST', `/api/v1/admin/tokens/${live.id}/resume`, {}, s.admin.token)),
    ).toBe('409 TOKEN_STATE_CONFLICT');
    while ((await s.workers.chainSync.tick()) > 0);
    expect(await s.chainPaused(live.contract_address)).toBe(true);

    const maturing = await s.liveOffering(issuer, businessId, 'MAT', {
      maturity_date: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await s.test.db
      .updateTable('tokens')
      .set({ maturity_date: new Date(Date.now() - 1000) })
      .where('id', '=', maturing.id)
      .execute();
    while ((await s.workers.chainSync.tick()) > 0);
    expect(await token(maturing.id)).toMatchObject({ status: 'matured', chain_sync: 'synced' });
  }, 120_000);
});
