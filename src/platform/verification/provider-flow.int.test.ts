/**
 * KYC and KYB through the identity provider, against the real provider sandbox (automatic mode,
 * short decision delay) delivering signed webhooks to the real platform.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startVerificationSystem,
  type VerificationSystem,
} from '../../../test/support/provider.js';
import { startTestPlatform } from '../../../test/support/platform.js';
import { freePort } from '../../lib/embedded/ports.js';

const person = (first: string, over: Record<string, unknown> = {}) => ({
  first_name: first,
  last_name: 'Example',
  date_of_birth: '1985-06-15',
  nationality: 'AE',
  ...over,
});

describe('verification through the provider', () => {
  let s: VerificationSystem;
  beforeAll(async () => {
    s = await startVerificationSystem();
  });
  afterAll(() => s.close());

  const kycMe = (token: string) => s.call('GET', '/api/v1/kyc/me', undefined, token);
  const decided = (token: string) =>
    s.eventually(
      () => kycMe(token),
      (r) => r.json.status === 'approved' || r.json.status === 'rejected',
    );

  /** A user whose KYC the provider approved (GREEN). */
  async function verifiedUser(email: string, extra: Record<string, unknown> = {}) {
    const user = await s.user(email, extra);
    const submitted = await s.call('POST', '/api/v1/kyc/submit', person('Vera'), user.token);
    await s.submitForReview(submitted.json.applicantId as string);
    expect((await decided(user.token)).json.status).toBe('approved');
    return user;
  }

  it('approves an individual: applicant keyed by user id, token, GREEN webhook', async () => {
    const ann = await s.user('ann@example.com');
    const submitted = await s.call(
      'POST',
      '/api/v1/kyc/submit',
      person('Ann', { nationality: 'USA', country_of_residence: 'DE' }),
      ann.token,
    );
    expect(submitted.status).toBe(201);
    expect(submitted.json).toMatchObject({
      applicantId: expect.stringMatching(/^[0-9a-f]{24}$/),
      application: { status: 'pending', verification_provider: 'provider' },
    });
    const applicant = await s.provider(
      'GET',
      `/resources/applicants/${submitted.json.applicantId}/one`,
    );
    // The residence is the applicant's `country`, the nationality apart: both in the data it holds.
    expect(applicant.json).toMatchObject({
      externalUserId: ann.id,
      levelName: 'platform-individual-kyc',
      type: 'individual',
      fixedInfo: { country: 'DEU', nationality: 'USA' },
      info: { country: 'DEU', nationality: 'USA' },
    });

    const token = await s.call('GET', '/api/v1/kyc/provider-token', undefined, ann.token);
    expect(token.json).toMatchObject({
      token: expect.stringMatching(/^_act-/),
      widget_url: expect.stringContaining('/websdk?accessToken='),
    });
    expect((await kycMe(ann.token)).json.status).toBe('pending');

    await s.submitForReview(submitted.json.applicantId);
    const me = await decided(ann.token);
    expect(me.json).toMatchObject({
      status: 'approved',
      kyc_level: 2,
      // not classified yet: retail until staff approve a classification
      accreditation_status: 'retail',
      fatca_status: 'blocked',
      application: { status: 'approved' },
    });
    expect((await s.call('POST', '/api/v1/kyc/submit', person('Ann'), ann.token)).json.code).toBe(
      'KYC_ALREADY_APPROVED',
    );
    const staff = await s.staffToken();
    const status = await s.call(
      'GET',
      `/api/v1/admin/kyc/${submitted.json.application.id}/provider-status`,
      undefined,
      staff,
    );
    expect(status.json).toMatchObject({
      applicant_id: submitted.json.applicantId,
      review_status: 'completed',
      review_answer: 'GREEN',
      reject_labels: [],
    });
  });

  it('tells the applicant where the provider has it, from the created applicant to the decision', async () => {
    const cy = await s.user('cy@example.com');
    const submitted = await s.call('POST', '/api/v1/kyc/submit', person('Cy'), cy.token);
    expect((await kycMe(cy.token)).json).toMatchObject({ status: 'pending', stage: 'created' });

    // One step in the provider's widget: a document given, nothing submitted yet.
    const { widget_url } = (await s.call('GET', '/api/v1/kyc/provider-token', undefined, cy.token))
      .json as { widget_url: string };
    const widget = new URL(widget_url);
    const step = await fetch(`${widget.origin}/websdk/steps/IDENTITY`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        accessToken: widget.searchParams.get('accessToken')!,
        idDocType: 'PASSPORT',
        number: 'P-1',
        country: 'ARE',
      }).toString(),
      redirect: 'manual',
    });
    expect(step.status).toBe(303);
    expect((await kycMe(cy.token)).json).toMatchObject({
      status: 'pending',
      stage: 'documents_pending',
    });

    await s.submitForReview(submitted.json.applicantId);
    expect(['submitted', 'in_review', 'decided']).toContain((await kycMe(cy.token)).json.stage);
    expect((await decided(cy.token)).json).toMatchObject({ status: 'approved', stage: 'decided' });
  });

  it('refuses a second submission while one is open', async () => {
    const bo = await s.user('bo@example.com');
    expect((await s.call('POST', '/api/v1/kyc/submit', person('Bo'), bo.token)).status).toBe(201);
    const again = await s.call('POST', '/api/v1/kyc/submit', person('Bo'), bo.token);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('KYC_ALREADY_PENDING');
    expect(
      (
        await s.call(
          'POST',
          '/api/v1/kyc',
          {
            full_name: 'Bo',
            nationality: 'AE',
            date_of_birth: '1990-01-01',
            document_type: 'passport',
            document_number: 'X1',
          },
          bo.token,
        )
      ).status,
    ).toBe(409);
  });

  it('rejects an AML hit for good', async () => {
    const sam = await s.user('sam@example.com');
    const submitted = await s.call('POST', '/api/v1/kyc/submit', person('Sanctioned'), sam.token);
    await s.submitForReview(submitted.json.applicantId);
    const me = await decided(sam.token);
    expect(me.json).toMatchObject({
      status: 'rejected',
      can_submit: false,
      application: {
        reject_labels: ['SANCTIONS'],
        rejection_reason: 'SANCTIONS',
        can_resubmit: false,
      },
    });
    expect((await s.call('POST', '/api/v1/kyc/submit', person('Sam'), sam.token)).json.code).toBe(
      'KYC_REJECTED_FINAL',
    );
  });

  it('lets a RETRY rejection resubmit to the same applicant', async () => {
    const rita = await s.user('rita@example.com');
    const first = await s.call('POST', '/api/v1/kyc/submit', person('Retry'), rita.token);
    const applicantId = first.json.applicantId as string;
    await s.submitForReview(applicantId);
    const rejected = await decided(rita.token);
    expect(rejected.json).toMatchObject({
      status: 'rejected',
      can_submit: true,
      application: { reject_labels: ['UNSATISFACTORY_PHOTOS'], can_resubmit: true },
    });

    const second = await s.call('POST', '/api/v1/kyc/submit', person('Rita'), rita.token);
    expect(second.status).toBe(201);
    expect(second.json.applicantId).toBe(applicantId);
    expect((await kycMe(rita.token)).json.status).toBe('pending');
    await s.decide(applicantId, { reviewAnswer: 'GREEN' });
    expect((await decided(rita.token)).json.status).toBe('approved');
  });

  it('answers 502 and writes nothing when the provider is unreachable', async () => {
    const offline = await startTestPlatform({
      PROVIDER_BASE_URL: `http://127.0.0.1:${await freePort()}`,
      PROVIDER_TIMEOUT_MS: '2000',
    });
    try {
      const user = await offline.user('off@example.com');
      const res = await offline.call('POST', '/api/v1/kyc/submit', person('Off'), user.token);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
      expect(await offline.test.db.selectFrom('kyc_applications').selectAll().execute()).toEqual(
        [],
      );
      expect(
        (await offline.call('GET', '/api/v1/kyc/me', undefined, user.token)).json(),
      ).toMatchObject({ status: 'none', stage: null });
    } finally {
      await offline.close();
    }
  });

  it('approves an issuer KYB when the company and every required owner pass', async () => {
    const issuer = await s.user('ceo@acme.example', { role: 'issuer' });
    const early = await s.call(
      'POST',
      '/api/v1/kyb/submit',
      {
        company_name: 'Acme',
        registration_number: 'R1',
        country: 'AE',
        owners: [
          { first_name: 'A', last_name: 'B', ownership_pct: 50, role: 'ubo', nationality: 'AE' },
        ],
      },
      issuer.token,
    );
    expect(early.status).toBe(403);
    expect(early.json.code).toBe('KYC_REQUIRED');

    const submitted = await s.call('POST', '/api/v1/kyc/submit', person('Ceo'), issuer.token);
    await s.submitForReview(submitted.json.applicantId);
    expect((await decided(issuer.token)).json.status).toBe('approved');

    const kyb = await s.call(
      'POST',
      '/api/v1/kyb/submit',
      {
        company_name: 'Acme Holdings',
        registration_number: 'DXB-123',
        country: 'ARE',
        industry: 'Real estate',
        owners: [
          {
            first_name: 'Olga',
            last_name: 'Owner',
            ownership_pct: 40,
            role: 'ubo',
            nationality: 'AE',
          },
          {
            first_name: 'Omar',
            last_name: 'Owner',
            ownership_pct: 35.5,
            role: 'ubo',
            nationality: 'GB',
          },
          {
            first_name: 'Sid',
            last_name: 'Small',
            ownership_pct: 10,
            role: 'shareholder',
            nationality: 'FR',
          },
        ],
      },
      issuer.token,
    );
    expect(kyb.status).toBe(201);
    const owners = kyb.json.kyb_application.owners as {
      required: boolean;
      provider_applicant_id: string;
    }[];
    expect(owners.map((o) => o.required)).toEqual([true, true, false]);
    const company = await s.provider(
      'GET',
      `/resources/applicants/${kyb.json.companyApplicantId}/one`,
    );
    expect(company.json).toMatchObject({
      type: 'company',
      levelName: 'platform-issuer-kyb',
      fixedInfo: { companyInfo: { companyName: 'Acme Holdings', country: 'ARE' } },
    });
    expect((await s.call('GET', '/api/v1/me', undefined, issuer.token)).json.kyb_status).toBe(
      'pending',
    );

    const businessId = kyb.json.kyb_application.business_id as string;
    const token = await s.call(
      'GET',
      `/api/v1/kyb/provider-token?business_id=${businessId}`,
      undefined,
      issuer.token,
    );
    expect(token.json.token).toMatch(/^_act-/);
    await s.submitForReview(kyb.json.companyApplicantId);
    const me = await s.eventually(
      () => s.call('GET', '/api/v1/me', undefined, issuer.token),
      (r) => r.json.kyb_status === 'approved',
    );
    expect(me.json.kyb_status).toBe('approved');
    const mine = await s.call('GET', '/api/v1/kyb/me', undefined, issuer.token);
    expect(mine.json.data[0]).toMatchObject({
      status: 'approved',
      review_answer: 'GREEN',
      owners: [{ kyc_status: 'approved' }, { kyc_status: 'approved' }, { kyc_status: 'approved' }],
    });
    const permissions = await s.call('GET', '/api/v1/me/permissions', undefined, issuer.token);
    expect(permissions.json.issuer_actions).toEqual({ allowed: true, missing: null });
  });

  it('rejects a KYB when a required owner fails KYC', async () => {
    const corp = await verifiedUser('treasurer@fund.example', {
      role: 'investor',
      account_type: 'corporate',
    });
    const kyb = await s.call(
      'POST',
      '/api/v1/kyb/submit',
      {
        company_name: 'Fund One',
        registration_number: 'F-1',
        country: 'GB',
        owners: [
          {
            first_name: 'Clean',
            last_name: 'Owner',
            ownership_pct: 60,
            role: 'ubo',
            nationality: 'GB',
          },
          {
            first_name: 'Pep',
            last_name: 'Politician',
            ownership_pct: 30,
            role: 'ubo',
            nationality: 'GB',
          },
        ],
      },
      corp.token,
    );
    expect(kyb.status).toBe(201);
    await s.submitForReview(kyb.json.companyApplicantId);
    const mine = await s.eventually(
      () => s.call('GET', '/api/v1/kyb/me', undefined, corp.token),
      (r) => r.json.data[0]?.rejection_reason?.includes('Pep Politician') === true,
    );
    expect(mine.json.data[0].rejection_reason).toContain('Pep Politician');
    expect(
      (await s.call('GET', '/api/v1/me/permissions', undefined, corp.token)).json.place_orders,
    ).toEqual({ allowed: false, missing: 'KYB_REQUIRED' });
  });

  it('refuses KYB that is not applicable or adds up to more than 100%', async () => {
    const solo = await verifiedUser('solo@example.com');
    const owners = [
      { first_name: 'A', last_name: 'B', ownership_pct: 60, role: 'ubo', nationality: 'AE' },
    ];
    const notApplicable = await s.call(
      'POST',
      '/api/v1/kyb/submit',
      { company_name: 'X', registration_number: 'X', country: 'AE', owners },
      solo.token,
    );
    expect(notApplicable.status).toBe(403);
    expect(notApplicable.json.code).toBe('KYB_NOT_APPLICABLE');

    const corp = await verifiedUser('corp2@example.com', { account_type: 'corporate' });
    const before = await s.test.db.selectFrom('businesses').selectAll().execute();
    const over = await s.call(
      'POST',
      '/api/v1/kyb/submit',
      {
        company_name: 'X',
        registration_number: 'X',
        country: 'AE',
        owners: [...owners, { ...owners[0], ownership_pct: 40.01 }],
      },
      corp.token,
    );
    expect(over.status).toBe(422);
    expect(over.json).toMatchObject({ code: 'OWNERSHIP_OVER_100', total_pct: '100.01' });
    expect(await s.test.db.selectFrom('businesses').selectAll().execute()).toHaveLength(
      before.length,
    );
  });
});
