import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { newId } from '../../lib/ids.js';
import { payloadDigest, type DigestAlgorithm } from '../../lib/provider-signing.js';

describe('POST /webhooks/provider', () => {
  let p: TestPlatform;
  let ann: Session;
  const applicantId = 'aaaaaaaaaaaaaaaaaaaaaaaa';

  beforeAll(async () => {
    p = await startTestPlatform();
    ann = await p.user('ann@example.com');
    await p.test.db
      .insertInto('kyc_applications')
      .values({
        id: newId(),
        user_id: ann.id,
        status: 'pending',
        verification_provider: 'provider',
        full_name: 'Ann Example',
        nationality: 'AE',
        provider_applicant_id: applicantId,
        provider_event_at: new Date('2026-01-01T00:00:00Z'),
      })
      .execute();
    await p.test.db
      .updateTable('users')
      .set({ kyc_status: 'pending' })
      .where('id', '=', ann.id)
      .execute();
  });
  afterAll(() => p.close());

  const send = (body: string, headers: Record<string, string>) =>
    p.app.inject({
      method: 'POST',
      url: '/webhooks/provider',
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const signed = (payload: object, alg: DigestAlgorithm = 'HMAC_SHA256_HEX') => {
    const body = JSON.stringify(payload);
    return send(body, {
      'x-payload-digest': payloadDigest(p.config.provider.webhookSecret, body, alg),
      'x-payload-digest-alg': alg,
    });
  };
  const event = (type: string, createdAtMs: string, extra: object = {}) => ({
    applicantId,
    inspectionId: 'i1',
    correlationId: 'req-1',
    levelName: 'platform-individual-kyc',
    type,
    sandboxMode: 'false',
    createdAtMs,
    clientId: 'c',
    applicantType: 'individual',
    ...extra,
  });
  const green = event('applicantReviewed', '2026-02-01 10:00:00.000', {
    reviewStatus: 'completed',
    reviewResult: { reviewAnswer: 'GREEN' },
  });
  const state = async () => ({
    user: (
      await p.test.db
        .selectFrom('users')
        .select('kyc_status')
        .where('id', '=', ann.id)
        .executeTakeFirstOrThrow()
    ).kyc_status,
    events: (await p.test.db.selectFrom('provider_webhook_events').select('id').execute()).length,
  });

  it('refuses a forged, missing or unknown-algorithm digest with 401 and changes nothing', async () => {
    const body = JSON.stringify(green);
    const before = await state();
    const attempts = [
      send(body, {}),
      send(body, { 'x-payload-digest-alg': 'HMAC_SHA256_HEX' }),
      send(body, {
        'x-payload-digest': payloadDigest('not-the-secret', body, 'HMAC_SHA256_HEX'),
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      }),
      send(body, {
        'x-payload-digest': payloadDigest(p.config.provider.webhookSecret, body, 'HMAC_SHA256_HEX'),
        'x-payload-digest-alg': 'HMAC-SHA256',
      }),
      send(body, {
        'x-payload-digest': payloadDigest(p.config.provider.webhookSecret, body, 'HMAC_SHA256_HEX'),
        'x-payload-digest-alg': 'HMAC_SHA1_HEX',
      }),
      // Re-serialised JSON is not the signed body.
      send(JSON.stringify(green, null, 2), {
        'x-payload-digest': payloadDigest(p.config.provider.webhookSecret, body, 'HMAC_SHA256_HEX'),
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect(await state()).toEqual(before);
  });

  it('moves a submitted applicant to in_review, applies GREEN once, and acknowledges the replay', async () => {
    expect(
      (
        await signed(
          event('applicantPending', '2026-02-01 09:00:00.000', { reviewStatus: 'pending' }),
          'HMAC_SHA1_HEX',
        )
      ).json(),
    ).toEqual({ ok: 1, outcome: 'applied' });
    expect((await state()).user).toBe('in_review');
    expect((await signed(green, 'HMAC_SHA512_HEX')).json()).toEqual({ ok: 1, outcome: 'applied' });
    expect((await state()).user).toBe('approved');
    const replay = await signed(green, 'HMAC_SHA512_HEX');
    expect(replay.json()).toEqual({ ok: 1, outcome: 'duplicate' });
    const audits = await p.test.db
      .selectFrom('audit_logs')
      .select('id')
      .where('action', '=', 'kyc.provider_reviewed')
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('never lets a late pending overwrite the final result', async () => {
    const late = await signed(
      event('applicantPending', '2026-02-01 09:30:00.000', { reviewStatus: 'pending' }),
    );
    expect(late.json()).toEqual({ ok: 1, outcome: 'stale' });
    const newerButNotAVerdict = await signed(
      event('applicantOnHold', '2026-02-02 09:30:00.000', { reviewStatus: 'onHold' }),
    );
    expect(newerButNotAVerdict.json()).toEqual({ ok: 1, outcome: 'no_change' });
    expect((await state()).user).toBe('approved');
    const me = (await p.call('GET', '/api/v1/kyc/me', undefined, ann.token)).json();
    expect(me).toMatchObject({
      status: 'approved',
      accreditation_status: 'retail',
      fatca_status: 'clear',
    });
  });

  it('acknowledges and ignores webhooks for unknown applicants and bodies without an applicant', async () => {
    const before = await state();
    expect((await signed({ ...green, applicantId: 'bbbbbbbbbbbbbbbbbbbbbbbb' })).json()).toEqual({
      ok: 1,
      outcome: 'unknown_applicant',
    });
    expect((await signed({ type: 'applicantCreated' })).json()).toEqual({
      ok: 1,
      outcome: 'ignored',
    });
    expect((await state()).user).toBe(before.user);
    const body = '[1,2]';
    const notObject = await send(body, {
      'x-payload-digest': payloadDigest(p.config.provider.webhookSecret, body, 'HMAC_SHA256_HEX'),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    });
    expect(notObject.statusCode).toBe(400);
  });

  it('lets a later provider verdict (e.g. an AML re-screen) reject an approved user', async () => {
    const red = event('applicantReviewed', '2026-03-01 10:00:00.000', {
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['PEP'] },
    });
    expect((await signed(red)).json()).toEqual({ ok: 1, outcome: 'applied' });
    expect((await state()).user).toBe('rejected');
  });
});

describe('manual KYB review and the verification gates', () => {
  let p: TestPlatform;
  let staff: Session;
  beforeAll(async () => {
    p = await startTestPlatform();
    staff = await p.staff();
  });
  afterAll(() => p.close());

  const kyc = {
    full_name: 'Ivy Issuer',
    nationality: 'AE',
    date_of_birth: '1980-01-01',
    document_type: 'passport',
    document_number: 'P1',
  };
  const kybBody = {
    company_name: 'Ivy Co',
    registration_number: 'IVY-1',
    country: 'AE',
    owners: [
      {
        first_name: 'Ivy',
        last_name: 'Issuer',
        ownership_pct: 100,
        role: 'ubo',
        nationality: 'AE',
      },
    ],
  };
  const permissions = async (token: string) =>
    (await p.call('GET', '/api/v1/me/permissions', undefined, token)).json<
      Record<string, { allowed: boolean; missing: string | null }>
    >();

  it('walks an issuer from nothing to KYB approved, the gates opening step by step', async () => {
    const ivy = await p.user('ivy@example.com', { role: 'issuer' });
    expect(await permissions(ivy.token)).toMatchObject({
      view_portfolio: { allowed: false, missing: 'KYC_REQUIRED' },
      register_business: { allowed: false, missing: 'KYC_REQUIRED' },
      issuer_actions: { allowed: false, missing: 'KYC_REQUIRED' },
      place_orders: { allowed: false, missing: 'FORBIDDEN_ROLE' },
    });
    expect((await p.call('POST', '/api/v1/kyb', kybBody, ivy.token)).json()).toMatchObject({
      code: 'KYC_REQUIRED',
    });

    const application = (await p.call('POST', '/api/v1/kyc', kyc, ivy.token)).json<{
      id: string;
    }>();
    await p.call(
      'POST',
      `/api/v1/admin/kyc/${application.id}/review`,
      { decision: 'approve' },
      staff.token,
    );
    expect(await permissions(ivy.token)).toMatchObject({
      view_portfolio: { allowed: true },
      register_business: { allowed: true },
      move_fiat: { allowed: false, missing: 'KYB_REQUIRED' },
      issuer_actions: { allowed: false, missing: 'KYB_REQUIRED' },
    });

    const kyb = await p.call('POST', '/api/v1/kyb', kybBody, ivy.token);
    expect(kyb.statusCode).toBe(201);
    const businessId = kyb.json<{ business_id: string }>().business_id;
    expect(
      (
        await p.call('POST', '/api/v1/kyb', { ...kybBody, business_id: businessId }, ivy.token)
      ).json(),
    ).toMatchObject({ code: 'KYB_ALREADY_PENDING' });
    const notes = (
      await p.call('GET', '/api/v1/admin/notifications', undefined, staff.token)
    ).json<{ data: { kind: string }[] }>();
    expect(notes.data.map((n) => n.kind)).toContain('kyb.submitted');

    const investor = await p.user('nosy@example.com');
    expect(
      (
        await p.call(
          'POST',
          `/api/v1/admin/businesses/${businessId}/kyb-review`,
          { decision: 'approve' },
          investor.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await p.call(
          'POST',
          `/api/v1/admin/businesses/${businessId}/kyb-review`,
          { decision: 'reject' },
          staff.token,
        )
      ).json(),
    ).toMatchObject({ code: 'REJECTION_REASON_REQUIRED' });
    const approved = await p.call(
      'POST',
      `/api/v1/admin/businesses/${businessId}/kyb-review`,
      { decision: 'approve', review_notes: 'registry checked' },
      staff.token,
    );
    expect(approved.json()).toMatchObject({
      status: 'approved',
      kyb_status: 'approved',
      reviewed_by: staff.id,
    });
    expect(
      (
        await p.call(
          'POST',
          `/api/v1/admin/businesses/${businessId}/kyb-review`,
          { decision: 'approve' },
          staff.token,
        )
      ).statusCode,
    ).toBe(409);
    expect((await p.call('GET', '/api/v1/me', undefined, ivy.token)).json()).toMatchObject({
      kyb_status: 'approved',
    });
    expect(await permissions(ivy.token)).toMatchObject({
      issuer_actions: { allowed: true, missing: null },
      move_fiat: { allowed: true },
    });
  });

  it("hides other users' businesses", async () => {
    const a = await p.user('a@example.com', { account_type: 'corporate' });
    const b = await p.user('b@example.com', { account_type: 'corporate' });
    for (const u of [a, b]) {
      const id = (await p.call('POST', '/api/v1/kyc', kyc, u.token)).json<{ id: string }>().id;
      await p.call('POST', `/api/v1/admin/kyc/${id}/review`, { decision: 'approve' }, staff.token);
    }
    const mine = (await p.call('POST', '/api/v1/kyb', kybBody, a.token)).json<{
      business_id: string;
    }>();
    const theirs = await p.call(
      'POST',
      '/api/v1/kyb',
      { ...kybBody, business_id: mine.business_id },
      b.token,
    );
    expect(theirs.statusCode).toBe(404);
    expect(
      (
        await p.call(
          'GET',
          `/api/v1/kyb/provider-token?business_id=${mine.business_id}`,
          undefined,
          b.token,
        )
      ).statusCode,
    ).toBe(404);
  });
});
