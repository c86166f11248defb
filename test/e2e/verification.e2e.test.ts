/**
 * Identity verification end to end on `tessera start` (sandbox in automatic mode): an individual
 * through the provider widget, a corporate issuer through KYC then KYB with two owners over 25%,
 * an individual through manual review; then the verification gates per the matrix.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newDataDir,
  startSystem,
  systemEnv,
  systemPorts,
  type RunningSystem,
} from '../support/system.js';
import { sinkLinkToken } from '../support/email.js';
import { fetchSend, signInEnrolled } from '../support/second-factor.js';
import { completeWidget } from '../support/widget.js';

const password = 'correct horse battery staple';
type Json = Record<string, any>;

describe('verification, end to end', () => {
  let dataDir: string;
  let system: RunningSystem;
  let adminToken: string;

  async function call(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; json: Json }> {
    const response = await fetch(`${system.urls.platform}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as Json) : {} };
  }
  async function signUp(email: string, extra: Json = {}) {
    expect(
      (await call('POST', '/api/v1/auth/register', { email, password, role: 'investor', ...extra }))
        .status,
    ).toBe(202);
    const token = await sinkLinkToken(system.mailUrl(), email, 'verify-email');
    expect((await call('POST', '/api/v1/auth/verify-email', { token })).status).toBe(200);
    return (await call('POST', '/api/v1/auth/login', { email, password })).json
      .access_token as string;
  }
  async function until(
    probe: () => Promise<{ json: Json }>,
    done: (json: Json) => boolean,
    timeoutMs = 15_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { json } = await probe();
      if (done(json)) return json;
      if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(json)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  async function kycThroughWidget(token: string, firstName: string) {
    const submitted = await call(
      'POST',
      '/api/v1/kyc/submit',
      {
        first_name: firstName,
        last_name: 'Example',
        date_of_birth: '1988-02-03',
        nationality: 'AE',
      },
      token,
    );
    expect(submitted.status).toBe(201);
    const { widget_url } = (await call('GET', '/api/v1/kyc/provider-token', undefined, token)).json;
    expect(await completeWidget(widget_url as string)).toContain('ubmitted');
    return until(
      () => call('GET', '/api/v1/kyc/me', undefined, token),
      (me) => me.status === 'approved' || me.status === 'rejected',
    );
  }

  beforeAll(async () => {
    dataDir = await newDataDir();
    system = await startSystem(
      systemEnv(dataDir, await systemPorts(), {
        TESSERA_ADMIN_EMAIL: 'root@example.com',
        TESSERA_ADMIN_PASSWORD: password,
        PROVIDER_SANDBOX_DECISION_DELAY_MS: '100',
      }),
    );
    // an admin's first sign-in enrols an authenticator app before any staff route answers
    adminToken = await signInEnrolled(
      fetchSend(system.urls.platform),
      'root@example.com',
      password,
    );
  }, 120_000);
  afterAll(async () => {
    await system.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('onboards an individual through the provider widget', async () => {
    const token = await signUp('ind@example.com', { account_type: 'individual' });
    expect(
      (await call('GET', '/api/v1/me/permissions', undefined, token)).json.place_orders,
    ).toEqual({ allowed: false, missing: 'KYC_REQUIRED' });
    const me = await kycThroughWidget(token, 'Indira');
    expect(me).toMatchObject({
      status: 'approved',
      kyc_level: 2,
      // never classified: retail, whatever the level allows (classification.rules.ts)
      accreditation_status: 'retail',
      fatca_status: 'clear',
    });
    const permissions = (await call('GET', '/api/v1/me/permissions', undefined, token)).json;
    expect(permissions).toMatchObject({
      view_portfolio: { allowed: true },
      place_orders: { allowed: true },
      subscribe: { allowed: true },
      move_fiat: { allowed: true },
      receive_dividends: { allowed: true },
      register_business: { allowed: true },
      issuer_actions: { allowed: false, missing: 'FORBIDDEN_ROLE' },
    });
  });

  it('onboards a corporate issuer: KYC, then KYB with two owners over 25%', async () => {
    const token = await signUp('ceo@issuer.example', { role: 'issuer' });
    expect((await kycThroughWidget(token, 'Cora')).status).toBe('approved');
    expect(
      (await call('GET', '/api/v1/me/permissions', undefined, token)).json.issuer_actions,
    ).toEqual({ allowed: false, missing: 'KYB_REQUIRED' });

    const kyb = await call(
      'POST',
      '/api/v1/kyb/submit',
      {
        company_name: 'Marina Towers Ltd',
        registration_number: 'DIFC-778',
        country: 'AE',
        industry: 'Real estate',
        owners: [
          {
            first_name: 'Ola',
            last_name: 'Owner',
            ownership_pct: 51,
            role: 'ubo',
            nationality: 'AE',
          },
          {
            first_name: 'Otto',
            last_name: 'Owner',
            ownership_pct: 30,
            role: 'ubo',
            nationality: 'DE',
          },
          {
            first_name: 'Dina',
            last_name: 'Director',
            ownership_pct: 0,
            role: 'director',
            nationality: 'GB',
          },
        ],
      },
      token,
    );
    expect(kyb.status).toBe(201);
    expect((kyb.json.kyb_application.owners as Json[]).map((o) => o.required)).toEqual([
      true,
      true,
      true,
    ]);
    const businessId = kyb.json.kyb_application.business_id as string;
    const { widget_url } = (
      await call('GET', `/api/v1/kyb/provider-token?business_id=${businessId}`, undefined, token)
    ).json;
    await completeWidget(widget_url as string);
    const mine = await until(
      () => call('GET', '/api/v1/kyb/me', undefined, token),
      (json) => json.data[0]?.status === 'approved',
    );
    expect(mine.data[0]).toMatchObject({ kyb_status: 'approved', review_answer: 'GREEN' });
    expect((await call('GET', '/api/v1/me', undefined, token)).json.kyb_status).toBe('approved');
    expect((await call('GET', '/api/v1/me/permissions', undefined, token)).json).toMatchObject({
      issuer_actions: { allowed: true },
      move_fiat: { allowed: true },
      register_business: { allowed: true },
      place_orders: { allowed: false, missing: 'FORBIDDEN_ROLE' },
    });
  });

  it('onboards an individual through manual review, and keeps corporate investors gated until KYB', async () => {
    const token = await signUp('manual@example.com', { account_type: 'corporate' });
    const application = await call(
      'POST',
      '/api/v1/kyc',
      {
        full_name: 'Manu Al',
        nationality: 'FR',
        date_of_birth: '1979-11-30',
        document_type: 'national_id',
        document_number: 'FR-99',
      },
      token,
    );
    expect(application.status).toBe(201);
    const queue = (await call('GET', '/api/v1/admin/kyc?status=pending', undefined, adminToken))
      .json;
    expect((queue.data as Json[]).map((a) => a.id)).toContain(application.json.id);
    expect(
      (await call('GET', `/api/v1/admin/kyc/${application.json.id}`, undefined, adminToken)).json,
    ).toMatchObject({ status: 'in_review', document_number: 'FR-99' });
    const decided = await call(
      'POST',
      `/api/v1/admin/kyc/${application.json.id}/review`,
      { decision: 'approve', kyc_level: 3 },
      adminToken,
    );
    expect(decided.json).toMatchObject({ status: 'approved', kyc_level: 3 });
    const permissions = (await call('GET', '/api/v1/me/permissions', undefined, token)).json;
    expect(permissions).toMatchObject({
      view_portfolio: { allowed: true },
      place_orders: { allowed: false, missing: 'KYB_REQUIRED' },
      subscribe: { allowed: false, missing: 'KYB_REQUIRED' },
    });
    expect((await call('GET', '/api/v1/kyc/me', undefined, token)).json).toMatchObject({
      status: 'approved',
      accreditation_status: 'retail',
    });
  });
});
