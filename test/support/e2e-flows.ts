/**
 * The HTTP flows a user walks on a running system (`tessera start`, see system.ts): sign-up and
 * KYC, an issuer's business and token to a live offering, deposits the admin confirms,
 * subscriptions minted on chain, and the token opened for secondary trading. Shared by the
 * end-to-end tests and the trading benchmark, so each flow is written once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sinkLinkToken, verifyEmailRequest } from './email.js';
import { enrolTotp, fetchSend, rememberSecret, signInEnrolled } from './second-factor.js';
import type { RunningSystem } from './system.js';
import { pngSignatureBase64 } from './classification.js';

export type Json = Record<string, any>;

export const e2ePassword = 'correct horse battery staple';

/** Polls `probe` until `done` holds (the system's workers run on their own time). */
export async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The embedded PostgreSQL of a system started on `dataDir` (its password is in secrets.json). */
export async function embeddedDatabaseUrl(dataDir: string, postgresPort: number): Promise<string> {
  const secrets = JSON.parse(
    await fs.readFile(path.join(dataDir, 'data', 'secrets.json'), 'utf8'),
  ) as { postgres_password: string };
  const password = encodeURIComponent(secrets.postgres_password);
  return `postgres://postgres:${password}@127.0.0.1:${postgresPort}/tessera`;
}

export function flows(system: RunningSystem) {
  async function request(
    base: string,
    method: string,
    url: string,
    body?: unknown,
    token?: string,
    expected?: number,
  ): Promise<Json> {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // a process that accepted the request and then hangs must fail the flow, not stall it
      signal: AbortSignal.timeout(300_000),
    });
    const json = (await response.json()) as Json;
    if (expected && response.status !== expected)
      throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }
  /** a request to the platform process; throws unless the status is `expected` (when given) */
  const call = (method: string, url: string, body?: unknown, token?: string, expected?: number) =>
    request(system.urls.platform, method, url, body, token, expected);
  /** a request to the trading process */
  const trade = (method: string, url: string, body?: unknown, token?: string, expected?: number) =>
    request(system.urls.trading, method, url, body, token, expected);

  /** follows the verification link the mail sink received for `email` */
  const verifyEmail = async (email: string): Promise<void> => {
    const { method, url, body } = verifyEmailRequest(
      await sinkLinkToken(system.mailUrl(), email, 'verify-email'),
    );
    await call(method, url, body, undefined, 200);
  };

  const send = fetchSend(system.urls.platform);
  /**
   * Logs in (with the second factor of an account the flows enrolled); staff and admins enrol an
   * authenticator app at their first login, as they must before any staff route answers.
   */
  const login = (email: string, password = e2ePassword): Promise<string> =>
    signInEnrolled(send, email, password);
  /** enrols an authenticator app for the user of `token`; the token that carries the factor */
  const enrol = async (email: string, token: string): Promise<string> => {
    const enrolled = await enrolTotp(send, token);
    rememberSecret(email, enrolled.secret);
    return enrolled.token;
  };

  /** registered, logged in and KYC-approved by `admin` through the manual review */
  async function verifiedUser(admin: string, email: string, extra: Json): Promise<string> {
    await call(
      'POST',
      '/api/v1/auth/register',
      { email, password: e2ePassword, ...extra },
      undefined,
      202,
    );
    await verifyEmail(email);
    const token = await login(email);
    const application = await call(
      'POST',
      '/api/v1/kyc',
      {
        full_name: email,
        nationality: 'AE',
        date_of_birth: '1984-05-06',
        document_type: 'passport',
        document_number: 'P77',
      },
      token,
      201,
    );
    if (extra.role !== 'issuer') await certifyProfessional(admin, token);
    await call(
      'POST',
      `/api/v1/admin/kyc/${application.id}/review`,
      { decision: 'approve' },
      admin,
      200,
    );
    return token;
  }

  /** the investor certifies as professional with evidence, and `admin` approves it */
  async function certifyProfessional(admin: string, investor: string): Promise<void> {
    const evidence = await call(
      'POST',
      '/api/v1/documents',
      { purpose: 'evidence', content_type: 'image/png', data: pngSignatureBase64 },
      investor,
      201,
    );
    const request = await call(
      'POST',
      '/api/v1/classification',
      { tier: 'professional', criteria: ['portfolio'], evidence_document_ids: [evidence.id] },
      investor,
      201,
    );
    await call(
      'POST',
      `/api/v1/admin/classifications/${request.id}/review`,
      { decision: 'approve' },
      admin,
      200,
    );
  }

  /** an investor's deposit, confirmed by the admin */
  async function deposit(admin: string, investor: string, amount: string): Promise<void> {
    const made = await call('POST', '/api/v1/fiat/deposits', { amount }, investor, 201);
    await call('POST', `/api/v1/admin/fiat/deposits/${made.id}/confirm`, {}, admin, 200);
  }

  /** an issuer whose business passed KYB and is active */
  async function activeBusiness(admin: string, issuer: string, name: string): Promise<string> {
    const business = await call(
      'POST',
      '/api/v1/businesses',
      {
        name,
        registration_number: 'HE-1',
        country: 'AE',
        industry: 'Real estate',
        platform_allocation_pct: 2.5,
      },
      issuer,
      201,
    );
    await call(
      'POST',
      '/api/v1/kyb',
      {
        business_id: business.id,
        company_name: name,
        registration_number: 'HE-1',
        country: 'AE',
        owners: [
          {
            first_name: 'Hana',
            last_name: 'Harbour',
            ownership_pct: 100,
            role: 'ubo',
            nationality: 'AE',
          },
        ],
      },
      issuer,
      201,
    );
    await call(
      'POST',
      `/api/v1/admin/businesses/${business.id}/kyb-review`,
      { decision: 'approve' },
      admin,
      200,
    );
    await call(
      'PATCH',
      `/api/v1/admin/businesses/${business.id}`,
      { status: 'active' },
      admin,
      200,
    );
    return business.id as string;
  }

  /** a token listed, deployed on chain and its primary offering open for a day */
  async function liveOffering(
    admin: string,
    issuer: string,
    businessId: string,
    symbol: string,
    pricePerToken = '1.25',
  ): Promise<{ id: string; contract: `0x${string}` }> {
    const token = await call(
      'POST',
      '/api/v1/tokens',
      {
        business_id: businessId,
        name: `${symbol} Tower`,
        symbol,
        decimals: 18,
        primary_offering_pct: 70,
        team_pct: 20,
        reserve_pct: 10,
        price_per_token: pricePerToken,
        total_supply: 1_000_000,
        min_investment: '10.00',
        raise_currency: 'USD',
      },
      issuer,
      201,
    );
    const deployed = await call('POST', `/api/v1/admin/tokens/${token.id}/deploy`, {}, admin, 200);
    await call(
      'POST',
      `/api/v1/admin/tokens/${token.id}/start-offering`,
      {
        primary_start: new Date(Date.now() - 1000).toISOString(),
        primary_end: new Date(Date.now() + 86_400_000).toISOString(),
      },
      admin,
      200,
    );
    return { id: token.id as string, contract: deployed.contract_address as `0x${string}` };
  }

  /** a subscription the admin confirmed payment of, returned once minted on chain */
  async function subscribeMinted(
    admin: string,
    investor: string,
    tokenId: string,
    quantity: number,
  ): Promise<Json> {
    const allocation = await call(
      'POST',
      `/api/v1/tokens/${tokenId}/subscribe`,
      { quantity },
      investor,
      201,
    );
    await call(
      'POST',
      `/api/v1/admin/tokens/${tokenId}/confirm-payment`,
      { allocation_ids: [allocation.id] },
      admin,
      200,
    );
    await until(
      () => call('GET', '/api/v1/portfolio', undefined, investor, 200),
      (p) =>
        (p.allocations as Json[]).some(
          (a) => a.id === allocation.id && a.on_chain_status === 'minted',
        ),
    );
    return allocation;
  }

  /** the token opened for secondary trading (its order book) */
  const enableSecondary = (admin: string, tokenId: string): Promise<Json> =>
    call('POST', `/api/v1/admin/tokens/${tokenId}/enable-secondary`, {}, admin, 200);

  return {
    call,
    trade,
    send,
    login,
    verifyEmail,
    enrol,
    verifiedUser,
    deposit,
    activeBusiness,
    liveOffering,
    subscribeMinted,
    enableSecondary,
  };
}
