/**
 * The input rules (docs/api.md "Input rules") on the routes where bad input used to reach the
 * database and answer 500: text with NUL or other control characters or longer than its column,
 * money of zero, dates that do not parse (a leap second, year 0000), and signed provider webhooks
 * with over-long or NUL-bearing fields. Each is refused with 400 and changes nothing. And the order
 * of checks on protected routes: who is calling comes before what they sent (401 for anonymous,
 * 403 for a wrong role, whatever the body), on the platform and on the chain's service routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/lib/http/problem.js';
import { newId } from '../../src/lib/ids.js';
import { payloadDigest } from '../../src/lib/provider-signing.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';
import { testPassword } from '../support/platform.js';

let s: IssuanceSystem;
let investor: Actor;
let issuer: Actor;
let businessId: string;
let draftTokenId: string;
/** a deployed token in its primary offering, which takes rounds */
let liveTokenId: string;

const hour = 3_600_000;
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  s = await startIssuanceSystem();
  investor = await s.verified('rules-investor@example.com');
  ({ issuer, businessId } = await s.issuerWithBusiness('rules-issuer@example.com'));
  draftTokenId = (
    await s.ok(
      s.call('POST', '/api/v1/tokens', s.tokenBody(businessId, 'RULES'), issuer.token),
      201,
    )
  ).id;
  liveTokenId = (await s.liveOffering(issuer, businessId, 'LIVE')).id;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

/** Row counts of the tables these routes write to. */
async function counts() {
  const tables = [
    'users',
    'kyc_applications',
    'kyb_applications',
    'businesses',
    'business_owners',
    'tokens',
    'offering_rounds',
    'provider_webhook_events',
  ] as const;
  const result: Record<string, number> = {};
  for (const table of tables) {
    const row = await s.test.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

async function expectRefused(
  response: Promise<{ statusCode: number; json: <T>() => T }>,
  status = 400,
  code = 'VALIDATION_FAILED',
) {
  const r = await response;
  expect({ status: r.statusCode, code: r.json<Problem>().code }).toEqual({ status, code });
}

describe('text fields refuse control characters and text longer than their column', () => {
  const kycBody = {
    full_name: 'Rita Rules',
    nationality: 'AE',
    date_of_birth: '1980-01-01',
    document_type: 'passport',
    document_number: 'P1',
  };
  const kybBody = () => ({
    business_id: businessId,
    company_name: 'Rules Ltd',
    registration_number: 'R-2',
    country: 'AE',
    owners: [
      { first_name: 'Owner', last_name: 'One', ownership_pct: 100, role: 'ubo', nationality: 'AE' },
    ],
  });
  const round = {
    name: 'Round',
    starts_at: later(hour),
    ends_at: later(2 * hour),
    max_quantity: 10,
  };
  /** [route, body with `bad` in one text field, caller] for each route that stores text */
  const cases = (bad: string): [string, string, unknown, () => string | undefined][] => [
    [
      'register full_name',
      '/api/v1/auth/register',
      {
        email: `n${newId().slice(0, 8)}@example.com`,
        password: testPassword,
        role: 'investor',
        account_type: 'individual',
        full_name: bad,
      },
      () => undefined,
    ],
    [
      'staff full_name',
      '/api/v1/admin/users',
      { email: 'new-staff@example.com', password: testPassword, role: 'staff', full_name: bad },
      () => s.admin.token,
    ],
    ['kyc full_name', '/api/v1/kyc', { ...kycBody, full_name: bad }, () => investor.token],
    [
      'kyc/submit first_name',
      '/api/v1/kyc/submit',
      { first_name: bad, last_name: 'Rules', date_of_birth: '1980-01-01', nationality: 'AE' },
      () => investor.token,
    ],
    ['kyb company_name', '/api/v1/kyb', { ...kybBody(), company_name: bad }, () => issuer.token],
    [
      'kyb/submit owner last_name',
      '/api/v1/kyb/submit',
      { ...kybBody(), owners: [{ ...kybBody().owners[0], last_name: bad }] },
      () => issuer.token,
    ],
    [
      'businesses name',
      '/api/v1/businesses',
      {
        name: bad,
        registration_number: 'R-3',
        country: 'AE',
        platform_allocation_pct: 1,
      },
      () => issuer.token,
    ],
    [
      'tokens name',
      '/api/v1/tokens',
      s.tokenBody(businessId, 'BADNAME', { name: bad }),
      () => issuer.token,
    ],
    [
      'rounds name',
      `/api/v1/tokens/${liveTokenId}/rounds`,
      { ...round, name: bad },
      () => issuer.token,
    ],
  ];

  for (const [label, bad] of [
    ['NUL', 'Rita\u0000Rules'],
    ['a trailing NUL', 'Rules\u0000'],
    ['another control character', 'Rita\u0001Rules'],
    ['a line break in a one-line field', 'Rita\nRules'],
    ['text longer than every column', 'x'.repeat(201)],
    ['blank text', '   '],
  ] as const) {
    it(`refuses ${label} with 400 on every route that stores text, storing nothing`, async () => {
      const before = await counts();
      for (const [name, url, body, token] of cases(bad)) {
        const response = await s.call('POST', url, body, token());
        expect({ name, status: response.statusCode, code: response.json<Problem>().code }).toEqual({
          name,
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      }
      expect(await counts()).toEqual(before);
    });
  }

  it('takes text of the column length, accents and emoji counted as one character each', async () => {
    const name = 'é'.repeat(99) + '🙂';
    const created = await s.ok(
      s.call('POST', `/api/v1/tokens/${liveTokenId}/rounds`, { ...round, name }, issuer.token),
      201,
    );
    expect(created.name).toBe(name);
  });
});

describe('quantities', () => {
  it('subscribes with a quantity given as an integer or as its digits in text', async () => {
    const subscribe = (quantity: unknown) =>
      s.call('POST', `/api/v1/tokens/${liveTokenId}/subscribe`, { quantity }, investor.token);
    await s.deposit(investor, '400.00');
    const asText = await subscribe('20');
    expect(asText.statusCode).toBe(201);
    expect(asText.json().quantity).toBe(20);
    const asNumber = await subscribe(20);
    expect(asNumber.statusCode).toBe(201);
    expect(asNumber.json().quantity).toBe(20);
    const refused = await subscribe('20.5');
    expect(refused.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'Quantity must be a whole number from 1 to 1000000000000, as a number or as text.',
    });
  });
});

describe('money and dates', () => {
  it('refuses a round or a token priced at zero', async () => {
    for (const price of ['0', '0.00', '0.0', '00.00']) {
      await expectRefused(
        s.call(
          'POST',
          `/api/v1/tokens/${liveTokenId}/rounds`,
          {
            name: 'Free',
            starts_at: later(hour),
            ends_at: later(2 * hour),
            max_quantity: 5,
            price_per_token: price,
          },
          issuer.token,
        ),
      );
      await expectRefused(
        s.call(
          'POST',
          '/api/v1/tokens',
          s.tokenBody(businessId, 'FREE', { price_per_token: price }),
          issuer.token,
        ),
      );
    }
  });

  it('refuses money with a sign, an exponent, three decimals or more digits than NUMERIC(20, 2)', async () => {
    for (const price of ['-1.00', '1e3', '1.001', '1'.repeat(16), ' 1.00', 'NaN', 'Infinity']) {
      await expectRefused(
        s.call(
          'POST',
          '/api/v1/tokens',
          s.tokenBody(businessId, 'MONEY', { price_per_token: price }),
          issuer.token,
        ),
      );
    }
  });

  it('refuses a leap second, year 0000 and impossible dates, on every date-time field', async () => {
    for (const date of [
      '9999-12-31T23:59:60Z',
      '2026-06-30T23:59:60Z',
      '0000-01-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-01-01T00:00:00',
      '+275760-09-13T00:00:00.000Z',
    ]) {
      await expectRefused(
        s.call(
          'POST',
          `/api/v1/tokens/${liveTokenId}/rounds`,
          { name: 'Leap', starts_at: later(hour), ends_at: date, max_quantity: 5 },
          issuer.token,
        ),
      );
      await expectRefused(
        s.call(
          'POST',
          '/api/v1/tokens',
          s.tokenBody(businessId, 'LEAP', { maturity_date: date }),
          issuer.token,
        ),
      );
      await expectRefused(
        s.call(
          'POST',
          `/api/v1/admin/tokens/${draftTokenId}/start-offering`,
          { primary_start: later(0), primary_end: date },
          s.admin.token,
        ),
      );
    }
  });

  it('refuses a birth date in year 0000 or on a day that does not exist', async () => {
    for (const date of ['0000-01-01', '1980-02-30']) {
      await expectRefused(
        s.call(
          'POST',
          '/api/v1/kyc',
          {
            full_name: 'Rita Rules',
            nationality: 'AE',
            date_of_birth: date,
            document_type: 'passport',
            document_number: 'P1',
          },
          investor.token,
        ),
      );
    }
  });
});

describe('signed provider webhooks with bad fields', () => {
  const signed = (payload: unknown) => {
    const body = JSON.stringify(payload);
    return s.app.inject({
      method: 'POST',
      url: '/webhooks/provider',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-payload-digest': payloadDigest(s.config.provider.webhookSecret, body, 'HMAC_SHA256_HEX'),
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      },
    });
  };
  const event = {
    applicantId: 'cccccccccccccccccccccccc',
    type: 'applicantReviewed',
    reviewStatus: 'completed',
    createdAtMs: '2026-02-01 10:00:00.000',
    reviewResult: { reviewAnswer: 'GREEN' },
  };

  it('refuses over-long and NUL-bearing fields with 400 after the signature check, storing nothing', async () => {
    const before = await counts();
    for (const payload of [
      { ...event, applicantId: 'a'.repeat(65) },
      { ...event, type: 't'.repeat(65) },
      { ...event, reviewStatus: 's'.repeat(200) },
      { ...event, createdAtMs: '2'.repeat(300) },
      { ...event, applicantId: 'cccc\u0000' },
      { ...event, type: 'applicant\u0000Reviewed' },
      { ...event, levelName: 'level\u0000' },
      { ...event, reviewResult: { reviewAnswer: 'RED', rejectLabels: ['FORGERY\u0000'] } },
      { ...event, reviewResult: { reviewAnswer: 'RED', clientComment: 'x\u0000' } },
      { ...event, extra: { nested: ['\u0000'] } },
      { ...event, 'key\u0000': 1 },
      [event],
      'text',
    ]) {
      const response = await signed(payload);
      expect({ payload, status: response.statusCode, code: response.json<Problem>().code }).toEqual(
        { payload, status: 400, code: 'VALIDATION_FAILED' },
      );
    }
    expect(await counts()).toEqual(before);
  });

  it('still checks the signature first: an unsigned bad payload is 401', async () => {
    const response = await s.app.inject({
      method: 'POST',
      url: '/webhooks/provider',
      payload: JSON.stringify({ ...event, applicantId: 'a'.repeat(65) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('takes a payload with the fields it tolerates (unknown ones, multi-line comments)', async () => {
    const response = await signed({
      ...event,
      applicantId: 'dddddddddddddddddddddddd',
      sandboxMode: 'false',
      applicantMemberOf: [{ applicantId: 'x' }],
      reviewResult: { reviewAnswer: 'RED', moderationComment: 'line one\nline two' },
    });
    expect(response.json()).toEqual({ ok: 1, outcome: 'unknown_applicant' });
  });
});

describe('who calls is checked before what they sent', () => {
  const badBodies: [string, string | undefined][] = [
    ['malformed JSON', '{"name":'],
    ['a wrong type', '{"name": 12}'],
    ['NUL text', '{"name": "a\\u0000"}'],
    ['no body', undefined],
  ];
  const send = (
    method: 'POST' | 'PATCH',
    url: string,
    payload: string | undefined,
    token?: string,
  ) =>
    s.app.inject({
      method,
      url,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });

  const routes: ['POST' | 'PATCH', () => string][] = [
    ['POST', () => '/api/v1/tokens'],
    ['POST', () => '/api/v1/businesses'],
    ['POST', () => `/api/v1/tokens/${liveTokenId}/rounds`],
    ['POST', () => '/api/v1/fiat/deposits'],
    ['POST', () => '/api/v1/admin/users'],
    ['PATCH', () => `/api/v1/admin/businesses/${businessId}`],
    ['POST', () => `/api/v1/admin/tokens/${draftTokenId}/start-offering`],
  ];

  it('answers 401 to an anonymous caller whatever the body', async () => {
    for (const [method, url] of routes) {
      for (const [label, body] of badBodies) {
        const response = await send(method, url(), body);
        expect({ url: url(), label, status: response.statusCode }).toEqual({
          url: url(),
          label,
          status: 401,
        });
      }
    }
  });

  it('answers 403 to a caller of the wrong role whatever the body', async () => {
    const wrongRole: [string, string][] = [
      ['/api/v1/tokens', investor.token],
      ['/api/v1/businesses', investor.token],
      ['/api/v1/admin/users', issuer.token],
      [`/api/v1/admin/tokens/${draftTokenId}/start-offering`, issuer.token],
    ];
    for (const [url, token] of wrongRole) {
      for (const [label, body] of badBodies) {
        const response = await send('POST', url, body, token);
        expect({
          url,
          label,
          status: response.statusCode,
          code: response.json<Problem>().code,
        }).toEqual({ url, label, status: 403, code: 'FORBIDDEN_ROLE' });
      }
    }
  });

  it('answers 401 on the chain service routes without the service token, whatever the body', async () => {
    for (const [label, body] of badBodies) {
      const response = await fetch(`${s.config.urls.chain}/api/v1/mint`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'k' },
        ...(body === undefined ? {} : { body }),
      });
      expect({ label, status: response.status }).toEqual({ label, status: 401 });
    }
  });
});
