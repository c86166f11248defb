/**
 * A holder's country is where they reside (docs/compliance.md "Which country"), through the real
 * flows on a real anvil: the subscription refused under a blocked country of residence, the
 * identity registered on chain with the residence, a re-verification that moves the holder
 * moving the chain's country through its job and reporting to staff the holdings the new
 * country's rules do not allow, and the register, the charts and the holder counts agreeing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readComplianceState } from '../../src/lib/compliance/compliance-state.queries.js';
import { newId } from '../../src/lib/ids.js';
import {
  startIssuanceSystem,
  statusAndCode,
  type Actor,
  type IssuanceSystem,
} from '../support/issuance.js';

const us = 840;
const de = 276;

describe("a holder's country of residence", () => {
  let s: IssuanceSystem;
  let issuer: Actor;
  let blocked: { id: string; contract_address: string };
  let open: { id: string; contract_address: string };

  const walletOf = async (actor: Actor) =>
    (
      await s.test.db
        .selectFrom('users')
        .select('wallet_address')
        .where('id', '=', actor.id)
        .executeTakeFirstOrThrow()
    ).wallet_address!;
  const chainCountry = async (actor: Actor) =>
    (await s.chain.identityOf(await walletOf(actor))).country_code;
  const holdTokens = async (actor: Actor, tokenId: string, quantity: number) => {
    const allocation = await s.subscribe(actor, tokenId, quantity);
    await s.confirm(tokenId, [allocation.id]);
    await s.mintAll();
  };
  const countryJobs = async (userId: string) =>
    s.test.db
      .selectFrom('identity_country_updates')
      .select(['reason', 'status', 'previous_country', 'country', 'tx_hash'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const runCountryJobs = async () => {
    let taken = 0;
    for (let n; (n = await s.workers.identityCountry.tick()) > 0;) taken += n;
    return taken;
  };

  beforeAll(async () => {
    s = await startIssuanceSystem();
    let businessId: string;
    ({ issuer, businessId } = await s.issuerWithBusiness('ceo@residence.example', 0));
    const small = { total_supply: 10_000, price_per_token: '1.00', min_investment: '0' };
    blocked = await s.liveOffering(issuer, businessId, 'NOUS', {
      ...small,
      compliance_rules: { blocked_countries: ['US'] },
    });
    open = await s.liveOffering(issuer, businessId, 'OPEN', small);
    while ((await s.workers.complianceSync.tick()) > 0);
  }, 120_000);
  afterAll(() => s.close());

  it('refuses a German national resident in the US, and registers her on chain in the US', async () => {
    const eva = await s.verified('eva@residence.example', {}, 2, 'DE', 'US');
    await s.deposit(eva, '100.00');
    const before = await s.fiatBalance(eva.id);
    expect(
      await statusAndCode(
        s.call('POST', `/api/v1/tokens/${blocked.id}/subscribe`, { quantity: 5 }, eva.token),
      ),
    ).toBe('422 COMPLIANCE_COUNTRY_BLOCKED');
    expect(await s.fiatBalance(eva.id)).toBe(before);
    expect(
      await s.test.db
        .selectFrom('token_allocations')
        .select('id')
        .where('user_id', '=', eva.id)
        .execute(),
    ).toEqual([]);

    await holdTokens(eva, open.id, 5);
    expect(await chainCountry(eva)).toBe(us);
  }, 120_000);

  it('moves the chain’s country with a new residence and reports the holdings it does not allow', async () => {
    const max = await s.verified('max@residence.example', {}, 2, 'DE', 'DE');
    await s.deposit(max, '100.00');
    await holdTokens(max, blocked.id, 7);
    await holdTokens(max, open.id, 3);
    expect(await chainCountry(max)).toBe(de);
    // Approvals so far queued a job (max had no wallet at his first one): nothing to change.
    await runCountryJobs();
    const notificationsBefore = await s.test.db
      .selectFrom('notifications')
      .select('id')
      .where('subject_id', '=', max.id)
      .execute();

    // Max moves to the US: staff revoke his verification and he passes it again with the address.
    await s.ok(
      s.call(
        'POST',
        '/api/v1/admin/agent-actions',
        {
          kind: 'revoke_verification',
          user_id: max.id,
          reason: 'Proof of address expired',
          allow_reverification: true,
        },
        s.admin.token,
      ),
      201,
    );
    await s.verify(max, 'Max Muster', { nationality: 'DE', residence: 'US' });
    expect(await runCountryJobs()).toBe(1);
    expect(await chainCountry(max)).toBe(us);
    const [job] = (await countryJobs(max.id)).slice(-1);
    expect(job).toMatchObject({
      reason: 'verification',
      status: 'done',
      previous_country: de,
      country: us,
    });
    expect(job!.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);

    // Staff are told of the US-blocked holding (not of the open one); max is not.
    const notifications = await s.test.db
      .selectFrom('notifications')
      .select(['kind', 'audience', 'subject_type', 'message'])
      .where('subject_id', '=', max.id)
      .orderBy('id')
      .execute();
    expect(notifications.slice(notificationsBefore.length)).toEqual([
      {
        kind: 'holder.country_restricted',
        audience: 'reviewers',
        subject_type: 'user',
        message: expect.stringMatching(
          /now registered in US \(was DE\).*7 NOUS \(blocked_countries\)/,
        ),
      },
    ]);
    expect(notifications.at(-1)!.message).not.toContain('OPEN');
    const audit = await s.test.db
      .selectFrom('audit_logs')
      .select(['details'])
      .where('action', '=', 'identity.country_changed')
      .where('target_id', '=', max.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      previous_country: 'DE',
      country: 'US',
      restricted_holdings: [
        { token_id: blocked.id, symbol: 'NOUS', units: 7, code: 'COMPLIANCE_COUNTRY_BLOCKED' },
      ],
    });

    // The register, the charts and the evaluator's holder counts say the same country.
    const register = await s.ok(
      s.call('GET', `/api/v1/tokens/${blocked.id}/register`, undefined, issuer.token),
    );
    const line = register.holders.find((h: { user_id: string }) => h.user_id === max.id);
    expect(line.country).toBe('US');
    const charts = await s.ok(
      s.call('GET', `/api/v1/tokens/${blocked.id}/charts`, undefined, issuer.token),
    );
    const countries = new Map(
      charts.countries.map((c: { country: string; holders: number }) => [c.country, c.holders]),
    );
    const counted = await readComplianceState(s.test.db, blocked.id, [max.id], {
      count: 'booked',
      platformCountry: s.config.issuance.platformCountry,
    });
    expect(counted.holders.get(max.id)!.country).toBe(us);
    expect(counted.token.holdersByCountry.get(us)).toBe(countries.get('US'));
    const byRegister = new Map<string, number>();
    for (const h of register.holders as { country: string }[])
      byRegister.set(h.country, (byRegister.get(h.country) ?? 0) + 1);
    expect(byRegister).toEqual(countries);

    // A repeat sends nothing and reports nothing.
    await s.test.db
      .insertInto('identity_country_updates')
      .values({ id: newId(), user_id: max.id, reason: 'verification' })
      .execute();
    expect(await runCountryJobs()).toBe(1);
    expect((await countryJobs(max.id)).at(-1)).toMatchObject({
      status: 'done',
      previous_country: us,
      country: us,
      tx_hash: null,
    });
    expect(
      await s.test.db
        .selectFrom('audit_logs')
        .select('id')
        .where('action', '=', 'identity.country_changed')
        .where('target_id', '=', max.id)
        .execute(),
    ).toHaveLength(1);
  }, 180_000);

  it('brings an identity registered with the nationality in line through a backfill job', async () => {
    const zoe = await s.verified('zoe@residence.example', {}, 2, 'DE', 'US');
    const wallet = `0x${'5e'.repeat(20)}`;
    await s.test.db
      .updateTable('users')
      .set({ wallet_address: wallet })
      .where('id', '=', zoe.id)
      .execute();
    // As the platform registered wallets before: with the KYC nationality.
    await s.chain.registerIdentity(
      { investor_addr: wallet, country_code: de },
      `legacy-registration:${wallet}`,
    );
    expect(await chainCountry(zoe)).toBe(de);
    await s.test.db
      .insertInto('identity_country_updates')
      .values({ id: newId(), user_id: zoe.id, reason: 'backfill' })
      .execute();
    await runCountryJobs();
    expect(await chainCountry(zoe)).toBe(us);
    expect((await countryJobs(zoe.id)).at(-1)).toMatchObject({
      reason: 'backfill',
      status: 'done',
      previous_country: de,
      country: us,
    });
  }, 120_000);
});
