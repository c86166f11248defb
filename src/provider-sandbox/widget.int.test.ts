import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/config.js';
import { manualClock } from '../lib/clock.js';
import { hexEquals, payloadDigest } from '../lib/provider-signing.js';
import { startSandbox, WebhookReceiver, type RunningSandbox } from './test-harness.js';

const kyc = 'platform-individual-kyc';

describe('widget and operator pages', () => {
  let sandbox: RunningSandbox;
  const clock = manualClock(new Date());
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    const webhookUrl = await receiver.start();
    sandbox = await startSandbox(
      testConfig({
        PROVIDER_SANDBOX_WEBHOOK_URL: webhookUrl,
        PROVIDER_SANDBOX_DIGEST_ALG: 'HMAC_SHA512_HEX',
        PROVIDER_SANDBOX_DECISION_DELAY_MS: '20',
      }),
      { clock },
    );
  });
  afterAll(async () => {
    await sandbox.stop();
    await receiver.stop();
  });

  const form = (
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    fetch(sandbox.url + path, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const widget = async (token: string) => {
    const response = await fetch(`${sandbox.url}/websdk?accessToken=${encodeURIComponent(token)}`);
    return { status: response.status, html: await response.text() };
  };
  const tokenFor = async (userId: string) =>
    (
      await sandbox.call('POST', '/resources/accessTokens/sdk', {
        userId,
        levelName: kyc,
        ttlInSecs: 600,
      })
    ).json.token as string;

  it('walks a person through document, selfie and liveness to an automatic GREEN with signed webhooks', async () => {
    const created = await sandbox.call('POST', `/resources/applicants?levelName=${kyc}`, {
      externalUserId: 'walker',
      type: 'individual',
      fixedInfo: { firstName: 'Grace', lastName: 'Hopper', country: 'USA' },
    });
    const id = created.json.id as string;
    const token = await tokenFor('walker');

    let page = await widget(token);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Identity document');
    expect(page.html).toContain('Simulate capture');

    const identity = await form('/websdk/steps/IDENTITY', {
      accessToken: token,
      idDocType: 'PASSPORT',
      number: 'X1234567',
      country: 'USA',
    });
    expect(identity.status).toBe(303);
    expect(identity.headers.get('location')).toBe(
      `/websdk?accessToken=${encodeURIComponent(token)}`,
    );
    expect((await widget(token)).html).toContain('Take selfie');
    expect((await form('/websdk/steps/SELFIE', { accessToken: token })).status).toBe(303);
    expect((await widget(token)).html).toContain('Run liveness check');
    expect((await form('/websdk/steps/LIVENESS', { accessToken: token })).status).toBe(303);
    page = await widget(token);
    expect(page.html).toContain('Submit for review');
    expect((await form('/websdk/submit', { accessToken: token })).status).toBe(303);

    await receiver.waitFor(() => receiver.of(id).length === 3);
    expect(receiver.of(id).map((w) => [w.type, w.reviewStatus])).toEqual([
      ['applicantCreated', 'init'],
      ['applicantPending', 'pending'],
      ['applicantReviewed', 'completed'],
    ]);
    const reviewed = receiver.received.find(
      (w) => w.json.applicantId === id && w.json.type === 'applicantReviewed',
    );
    expect(reviewed?.json).toMatchObject({
      externalUserId: 'walker',
      levelName: kyc,
      applicantType: 'individual',
      sandboxMode: true,
      clientId: 'tessera-sandbox',
      reviewResult: { reviewAnswer: 'GREEN' },
    });
    expect(reviewed?.json.createdAtMs).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    expect(reviewed?.json.correlationId).toMatch(/^req-/);
    expect(reviewed?.headers['content-type']).toBe('application/json');
    expect(reviewed?.headers['x-payload-digest-alg']).toBe('HMAC_SHA512_HEX');
    const expected = payloadDigest(
      sandbox.config.provider.webhookSecret,
      reviewed?.body ?? '',
      'HMAC_SHA512_HEX',
    );
    expect(hexEquals(String(reviewed?.headers['x-payload-digest']), expected)).toBe(true);

    const applicant = await sandbox.call('GET', `/resources/applicants/${id}/one`);
    expect(applicant.json.info).toMatchObject({
      idDocs: [{ idDocType: 'PASSPORT', number: 'X1234567', country: 'USA' }],
    });
    expect((await widget(token)).html).toContain('Verified');
  });

  it('refuses to submit before every step is done', async () => {
    const token = await tokenFor('hasty');
    expect((await widget(token)).status).toBe(200); // first use creates the applicant
    const submitted = await form('/websdk/submit', { accessToken: token });
    expect(submitted.status).toBe(409);
    expect(await submitted.text()).toContain('not completed');
  });

  it('serves its pages under a script-free CSP that keeps forms on plain HTTP', async () => {
    const response = await fetch(`${sandbox.url}/websdk?accessToken=${await tokenFor('csp')}`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('answers an unknown or expired token with a 401 page', async () => {
    expect((await widget('_act-sbx-unknown')).status).toBe(401);
    const token = await tokenFor('late');
    clock.advance(601_000);
    try {
      const expired = await widget(token);
      expect(expired.status).toBe(401);
      expect(expired.html).toContain('unknown or expired');
    } finally {
      clock.advance(-601_000);
    }
  });

  it('lets only the operator (Basic auth with the app token) decide applicants', async () => {
    const created = await sandbox.call('POST', `/resources/applicants?levelName=${kyc}`, {
      externalUserId: 'decided-by-hand',
      fixedInfo: { firstName: 'Manual', lastName: 'Case' },
    });
    const id = created.json.id as string;
    expect((await fetch(`${sandbox.url}/operator`)).status).toBe(401);
    const wrong = `Basic ${Buffer.from('operator:nope').toString('base64')}`;
    expect(
      (await fetch(`${sandbox.url}/operator`, { headers: { authorization: wrong } })).status,
    ).toBe(401);

    const auth = {
      authorization: `Basic ${Buffer.from(`operator:${sandbox.config.provider.appToken}`).toString('base64')}`,
    };
    const listing = await fetch(`${sandbox.url}/operator`, { headers: auth });
    expect(listing.status).toBe(200);
    expect(await listing.text()).toContain('decided-by-hand');

    const crossSite = await form(
      `/operator/applicants/${id}/decision`,
      { decision: 'GREEN' },
      {
        ...auth,
        origin: 'https://elsewhere.example',
      },
    );
    expect(crossSite.status).toBe(403);
    const noLabels = await form(
      `/operator/applicants/${id}/decision`,
      { decision: 'RED_FINAL' },
      auth,
    );
    expect(noLabels.status).toBe(400);
    const decided = await form(
      `/operator/applicants/${id}/decision`,
      { decision: 'RED_FINAL', labels: 'sanctions, pep', moderationComment: 'listed' },
      auth,
    );
    expect(decided.status).toBe(303);
    await receiver.waitFor(() => receiver.of(id).some((w) => w.type === 'applicantReviewed'));
    expect(receiver.of(id).at(-1)).toMatchObject({
      reviewResult: {
        reviewAnswer: 'RED',
        reviewRejectType: 'FINAL',
        rejectLabels: ['SANCTIONS', 'PEP'],
      },
    });

    const link = await form(`/operator/applicants/${id}/widget-link`, {}, auth);
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toMatch(/^\/websdk\?accessToken=_act-sbx-/);
  });
});
