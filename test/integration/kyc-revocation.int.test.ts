/**
 * A user whose approved KYC is later rejected by the provider (an AML re-screen) loses the
 * on-chain KYC claim: the wallet becomes unverified on the token. A later approval and mint
 * issue a fresh claim.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { payloadDigest } from '../../src/lib/provider-signing.js';
import { startIssuanceSystem, type IssuanceSystem } from '../support/issuance.js';

describe('KYC claim revocation', () => {
  let s: IssuanceSystem;
  beforeAll(async () => {
    s = await startIssuanceSystem();
  }, 120_000);
  afterAll(() => s.close());

  const webhook = async (applicantId: string, createdAtMs: string, reviewResult: object) => {
    const body = JSON.stringify({
      applicantId,
      type: 'applicantReviewed',
      reviewStatus: 'completed',
      createdAtMs,
      reviewResult,
    });
    const response = await s.app.inject({
      method: 'POST',
      url: '/webhooks/provider',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-payload-digest': payloadDigest(s.config.provider.webhookSecret, body, 'HMAC_SHA256_HEX'),
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      },
    });
    expect(response.json()).toMatchObject({ ok: 1, outcome: 'applied' });
  };

  it('revokes the claim after a later rejection, and issues a fresh one after a new approval', async () => {
    const { issuer, businessId } = await s.issuerWithBusiness('rev@issuer.example', 0);
    const live = await s.liveOffering(issuer, businessId, 'REV', {
      price_per_token: '1.00',
      min_investment: '0',
    });
    const ann = await s.register('ann@example.com');
    const applicantId = 'cccccccccccccccccccccccc';
    await s.test.db
      .insertInto('kyc_applications')
      .values({
        id: newId(),
        user_id: ann.id,
        status: 'pending',
        verification_provider: 'provider',
        full_name: 'Ann',
        nationality: 'AE',
        provider_applicant_id: applicantId,
        provider_event_at: new Date('2026-01-01T00:00:00Z'),
      })
      .execute();
    await webhook(applicantId, '2026-02-01 00:00:00.000', { reviewAnswer: 'GREEN' });
    await s.deposit(ann, '100.00');

    const subscribeAndMint = async () => {
      const allocation = await s.subscribe(ann, live.id, 10);
      await s.confirm(live.id, [allocation.id]);
      await s.mintAll();
      return s.test.db
        .selectFrom('token_allocations')
        .select('on_chain_status')
        .where('id', '=', allocation.id)
        .executeTakeFirstOrThrow();
    };
    expect(await subscribeAndMint()).toEqual({ on_chain_status: 'minted' });
    const wallet = (
      await s.test.db
        .selectFrom('users')
        .select('wallet_address')
        .where('id', '=', ann.id)
        .executeTakeFirstOrThrow()
    ).wallet_address!;
    expect(await s.chain.isVerified(live.contract_address, wallet)).toBe(true);

    await webhook(applicantId, '2026-03-01 00:00:00.000', {
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      rejectLabels: ['SANCTIONS'],
    });
    while ((await s.workers.claimRevoker.tick()) > 0);
    expect(
      await s.test.db
        .selectFrom('kyc_claim_revocations')
        .select(['status', 'wallet_address'])
        .execute(),
    ).toEqual([{ status: 'revoked', wallet_address: wallet }]);
    expect(await s.chain.isVerified(live.contract_address, wallet)).toBe(false);

    // The provider clears the user again (a false positive): the next mint issues a fresh claim.
    await webhook(applicantId, '2026-04-01 00:00:00.000', { reviewAnswer: 'GREEN' });
    expect(await subscribeAndMint()).toEqual({ on_chain_status: 'minted' });
    expect(await s.chain.isVerified(live.contract_address, wallet)).toBe(true);
    expect(await s.chainBalance(live.contract_address, wallet)).toBe(20n * 10n ** 18n);
  }, 120_000);
});
