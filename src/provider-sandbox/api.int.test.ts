import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/config.js';
import { requestSignature } from '../lib/provider-signing.js';
import { startSandbox, WebhookReceiver, type RunningSandbox } from './test-harness.js';

const kyc = 'platform-individual-kyc';
const kyb = 'platform-issuer-kyb';

describe('provider sandbox API', () => {
  let sandbox: RunningSandbox;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    const webhookUrl = await receiver.start();
    sandbox = await startSandbox(
      testConfig({ PROVIDER_SANDBOX_WEBHOOK_URL: webhookUrl, PROVIDER_SANDBOX_MODE: 'manual' }),
    );
  });
  afterAll(async () => {
    await sandbox.stop();
    await receiver.stop();
  });

  const person = (externalUserId: string) => ({
    externalUserId,
    type: 'individual',
    fixedInfo: { firstName: 'Ada', lastName: 'Lovelace', dob: '1990-01-02', country: 'GBR' },
  });

  it('creates an applicant from a signed request, in the provider shape', async () => {
    const created = await sandbox.call(
      'POST',
      `/resources/applicants?levelName=${kyc}`,
      person('u-1'),
    );
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      externalUserId: 'u-1',
      levelName: kyc,
      type: 'individual',
      clientId: 'tessera-sandbox',
      fixedInfo: { firstName: 'Ada', country: 'GBR' },
      requiredIdDocs: { docSets: [{ idDocSetType: 'IDENTITY' }, { idDocSetType: 'SELFIE' }] },
      review: { reviewStatus: 'init', attemptCnt: 0, levelName: kyc },
    });
    expect(created.json.id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.json.inspectionId).toMatch(/^[0-9a-f]{24}$/);
    expect(created.json.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((created.json.review as { createDate: string }).createDate).toMatch(/\+0000$/);

    const id = created.json.id as string;
    const byId = await sandbox.call('GET', `/resources/applicants/${id}/one`);
    expect(byId.json.id).toBe(id);
    const byExternal = await sandbox.call('GET', '/resources/applicants/-;externalUserId=u-1/one');
    expect(byExternal.json.id).toBe(id);
    const exists = await sandbox.call('GET', '/resources/applicants/-/byExternalUserId/u-1');
    expect(exists.json).toMatchObject({ exists: true, applicant: { id } });
    const status = await sandbox.call('GET', `/resources/applicants/${id}/status`);
    expect(status.json).toMatchObject({
      reviewStatus: 'init',
      levelName: kyc,
      reprocessing: false,
    });

    await receiver.waitFor((all) => all.some((w) => w.applicantId === id));
    expect(receiver.of(id)[0]).toMatchObject({ type: 'applicantCreated', reviewStatus: 'init' });
  });

  it('refuses a duplicate externalUserId with 409 naming the existing applicant', async () => {
    const first = await sandbox.call(
      'POST',
      `/resources/applicants?levelName=${kyc}`,
      person('dup'),
    );
    const second = await sandbox.call(
      'POST',
      `/resources/applicants?levelName=${kyc}`,
      person('dup'),
    );
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({
      code: 409,
      description: `Applicant with external user id 'dup' already exists: ${first.json.id as string}`,
    });
    expect(second.json.correlationId).toMatch(/^req-/);
  });

  it('refuses an unknown level and a level of the other applicant type', async () => {
    const unknown = await sandbox.call(
      'POST',
      '/resources/applicants?levelName=nope',
      person('l-1'),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 400, description: "Level 'nope' is not found" });
    const mismatch = await sandbox.call(
      'POST',
      `/resources/applicants?levelName=${kyb}`,
      person('l-2'),
    );
    expect(mismatch.status).toBe(400);
  });

  it('answers a bad signature with the provider 401 body (errorCode 4003)', async () => {
    const response = await sandbox.call('GET', '/resources/applicants/abc/one', undefined, {
      secret: 'wrong-secret',
    });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({
      description: 'Request signature mismatch',
      code: 401,
      errorCode: 4003,
      errorName: 'app-token-signature mismatch',
    });
  });

  it('signs over the exact body: a changed body is a mismatch', async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const uri = `/resources/applicants?levelName=${kyc}`;
    const response = await fetch(sandbox.url + uri, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-app-token': sandbox.config.provider.appToken,
        'x-app-access-ts': ts,
        'x-app-access-sig': requestSignature(
          sandbox.config.provider.secretKey,
          ts,
          'POST',
          uri,
          '{"externalUserId":"a"}',
        ),
      },
      body: '{"externalUserId": "a"}',
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { errorCode: number }).errorCode).toBe(4003);
  });

  it('refuses a timestamp more than a minute off (errorCode 4004)', async () => {
    const stale = String(Math.floor(Date.now() / 1000) - 120);
    const response = await sandbox.call('GET', '/resources/applicants/abc/one', undefined, {
      ts: stale,
    });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({
      code: 401,
      errorCode: 4004,
      errorName: 'app-token-request-expired',
    });
  });

  it('refuses a missing or unknown app token', async () => {
    const missing = await fetch(`${sandbox.url}/resources/applicants/abc/one`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 401 });
    const unknown = await sandbox.call('GET', '/resources/applicants/abc/one', undefined, {
      appToken: 'sbx:other',
    });
    expect(unknown.status).toBe(401);
  });

  it('answers unknown applicants and routes with the provider 404 body', async () => {
    const missing = await sandbox.call('GET', '/resources/applicants/000000000000000000000000/one');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 404 });
    const route = await sandbox.call('GET', '/resources/nothing-here');
    expect(route.status).toBe(404);
    expect(route.json).toMatchObject({ code: 404 });
  });

  it('issues SDK access tokens through the body and the legacy query form', async () => {
    const sdk = await sandbox.call('POST', '/resources/accessTokens/sdk', {
      userId: 'u-1',
      levelName: kyc,
      ttlInSecs: 600,
    });
    expect(sdk.status).toBe(200);
    expect(sdk.json).toMatchObject({ userId: 'u-1' });
    expect(sdk.json.token).toMatch(/^_act-sbx-/);
    const legacy = await sandbox.call(
      'POST',
      `/resources/accessTokens?userId=u-1&levelName=${kyc}&ttlInSecs=600`,
    );
    expect(legacy.status).toBe(200);
    expect(legacy.json.token).toMatch(/^_act-sbx-/);
  });

  it('moves to pending once, refuses a second request, and takes a test review', async () => {
    const created = await sandbox.call(
      'POST',
      `/resources/applicants?levelName=${kyc}`,
      person('p-1'),
    );
    const id = created.json.id as string;
    expect((await sandbox.call('POST', `/resources/applicants/${id}/status/pending`)).json).toEqual(
      { ok: 1 },
    );
    const again = await sandbox.call('POST', `/resources/applicants/${id}/status/pending`);
    expect(again.status).toBe(409);
    const reset = await sandbox.call('POST', `/resources/applicants/${id}/reset`);
    expect(reset.status).toBe(409);
    const red = await sandbox.call('POST', `/resources/applicants/${id}/status/testCompleted`, {
      reviewAnswer: 'RED',
      rejectLabels: ['FORGERY'],
    });
    expect(red.status).toBe(400);
    const decided = await sandbox.call('POST', `/resources/applicants/${id}/status/testCompleted`, {
      reviewAnswer: 'RED',
      rejectLabels: ['FORGERY'],
      reviewRejectType: 'FINAL',
      clientComment: 'fake passport',
    });
    expect(decided.json).toEqual({ ok: 1 });
    const status = await sandbox.call('GET', `/resources/applicants/${id}/status`);
    expect(status.json).toMatchObject({
      reviewStatus: 'completed',
      attemptCnt: 1,
      reviewResult: { reviewAnswer: 'RED', rejectLabels: ['FORGERY'], reviewRejectType: 'FINAL' },
    });
    await receiver.waitFor(() => receiver.of(id).length === 3);
    expect(receiver.of(id).map((w) => w.type)).toEqual([
      'applicantCreated',
      'applicantPending',
      'applicantReviewed',
    ]);
    expect(receiver.of(id)[2]).toMatchObject({
      reviewStatus: 'completed',
      reviewResult: {
        reviewAnswer: 'RED',
        rejectLabels: ['FORGERY'],
        clientComment: 'fake passport',
      },
    });
  });

  it('refuses a signed body that is not JSON with a provider 400', async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const uri = `/resources/applicants?levelName=${kyc}`;
    const { appToken, secretKey } = sandbox.config.provider;
    const response = await fetch(sandbox.url + uri, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-app-token': appToken,
        'x-app-access-ts': ts,
        'x-app-access-sig': requestSignature(secretKey, ts, 'POST', uri, '{'),
      },
      body: '{',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400 });
  });
});
