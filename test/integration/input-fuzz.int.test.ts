/**
 * Every route of every process's OpenAPI document fuzzed with malformed input (test/support/
 * openapi-fuzz.ts), on the real processes: the platform with a real chain behind it and data of
 * every kind (a live offering, a draft token, a round, an allocation, a deposit, KYC and KYB
 * applications), the chain process over HTTP, the provider sandbox and the trading process.
 * Callers: anonymous and each credential the process knows (on the trading process, an investor's
 * API key too). No answer may be a 5xx, and an anonymous call of a protected route gets 401
 * whatever it sent. And every route refuses an unknown query parameter and a lone UTF-16
 * surrogate in any text of its body with 400 VALIDATION_FAILED, changing no row. Seeded:
 * FUZZ_SEED replays another sequence.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../src/lib/auth/request-signing.js';
import type { HttpApp } from '../../src/lib/http/app.js';
import { createLogger } from '../../src/lib/logger.js';
import { payloadDigest, requestSignature } from '../../src/lib/provider-signing.js';
import { buildProviderSandboxApp } from '../../src/provider-sandbox/app.js';
import { buildTradingApp } from '../../src/trading/app.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';
import {
  describeFinding,
  fuzzOperations,
  operationsOf,
  probeStrictInput,
  type Caller,
  type FuzzOptions,
  type FuzzRequest,
  type FuzzResponse,
} from '../support/openapi-fuzz.js';
import { testPassword } from '../support/platform.js';
import { testBankAccount } from '../support/bank-account.js';

const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const runs = 24;

let s: IssuanceSystem;
const roles: Record<string, { email: string; actor: Actor }> = {};
const knownIds: Record<string, string[]> = {};

const anonymous: Caller = { name: 'anonymous', anonymous: true, headers: () => ({}) };
let investorKey: { access_key: string; secret: string };

/** The investor's API key, each request signed as sent (docs/api.md, "API keys"). */
const keyCaller = (): Caller => ({
  name: 'investor API key',
  anonymous: false,
  headers: (request) => {
    const timestamp = String(Date.now());
    return {
      'x-tessera-key': investorKey.access_key,
      'x-tessera-timestamp': timestamp,
      'x-tessera-signature': signRequest(investorKey.secret, {
        timestamp,
        method: request.method,
        pathWithQuery: request.url,
        body: request.payload ?? '',
      }),
    };
  },
});
const bearer = (token: () => string) => ({ authorization: `Bearer ${token()}` });

/** A signed-in user of each role (the platform's access tokens, which trading accepts too). */
const userCallers = (): Caller[] =>
  Object.entries(roles).map(([name, role]) => ({
    name,
    anonymous: false,
    headers: () => bearer(() => role.actor.token),
  }));

function injector(app: HttpApp) {
  return async (request: FuzzRequest): Promise<FuzzResponse> => {
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    return { status: response.statusCode, body: response.body };
  };
}

async function run(options: FuzzOptions, document: object, probe = fuzzOperations) {
  const operations = operationsOf(document);
  const result = await probe(operations, options);
  // 5xx first, and few enough to read: the counts say how many there are of each.
  const findings = [...result.findings].sort((a, b) => b.status - a.status);
  const counts = [...new Set(findings.map((f) => f.rule))].map(
    (rule) => `${findings.filter((f) => f.rule === rule).length} x ${rule}`,
  );
  expect(
    [counts.join(', '), ...findings.slice(0, 20).map(describeFinding)].join('\n\n').trim(),
  ).toBe('');
  return { operations: operations.length, requests: result.requests };
}

beforeAll(async () => {
  s = await startIssuanceSystem();
  const investor = await s.verified('fuzz-investor@example.com');
  await s.deposit(investor, '100000.00');
  const { issuer, businessId } = await s.issuerWithBusiness('fuzz-issuer@example.com');
  const live = await s.liveOffering(issuer, businessId, 'FUZZ');
  await s.ok(s.call('POST', '/api/v1/tokens', s.tokenBody(businessId, 'DRAFT'), issuer.token), 201);
  await s.ok(
    s.call(
      'POST',
      `/api/v1/tokens/${live.id}/rounds`,
      {
        name: 'Seed',
        starts_at: new Date(Date.now() - 1000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        max_quantity: 1000,
      },
      issuer.token,
    ),
    201,
  );
  await s.subscribe(investor, live.id, 10);
  await s.enrol(investor); // a withdrawal needs a second factor
  await s.ok(s.call('PUT', '/api/v1/fiat/bank-account', testBankAccount, investor.token));
  await s.ok(s.call('POST', '/api/v1/fiat/withdrawals', { amount: '10.00' }, investor.token), 201);
  await s.ok(
    s.call(
      'POST',
      '/api/v1/admin/users',
      { email: 'fuzz-staff@example.com', password: testPassword, role: 'staff' },
      s.admin.token,
    ),
    201,
  );
  const staff = await s.ok(
    s.call('POST', '/api/v1/auth/login', {
      email: 'fuzz-staff@example.com',
      password: testPassword,
    }),
  );
  investorKey = await s.ok(
    s.call(
      'POST',
      '/api/v1/me/api-keys',
      { label: 'fuzz', scopes: ['read', 'trade'] },
      investor.token,
    ),
    201,
  );
  roles.investor = { email: 'fuzz-investor@example.com', actor: investor };
  roles.issuer = { email: 'fuzz-issuer@example.com', actor: issuer };
  roles.staff = { email: 'fuzz-staff@example.com', actor: { id: '', token: staff.access_token } };
  roles.admin = { email: 'admin@example.com', actor: s.admin };

  // Ids of rows of every table with a uuid id, so fuzzed ids also name things that exist.
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'id' and data_type = 'uuid'
  `.execute(s.test.db);
  for (const { table_name } of tables.rows) {
    const rows = await sql<{ id: string }>`select id from ${sql.table(table_name)} limit 3`.execute(
      s.test.db,
    );
    knownIds[table_name] = rows.rows.map((r) => r.id);
  }
}, 120_000);

afterAll(async () => {
  await s?.close();
});

/** Everyone who calls the platform: anonymous, each role, the provider's webhook. */
const platformCallers = (): Caller[] => [
  anonymous,
  ...userCallers(),
  {
    // The provider's webhook digest over the exact body (anonymous to bearer routes).
    name: 'provider webhook signer',
    anonymous: true,
    headers: (request: FuzzRequest) => ({
      'x-payload-digest': payloadDigest(
        s.config.provider.webhookSecret,
        request.payload ?? '',
        'HMAC_SHA256_HEX',
      ),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    }),
  },
];

const serviceCaller = (): Caller => ({
  name: 'service token',
  anonymous: false,
  headers: () => bearer(() => s.config.auth.serviceToken),
});

/** Over HTTP, as the platform calls the chain process. */
async function chainProcess() {
  const base = s.config.urls.chain;
  const document = (await (await fetch(`${base}/openapi.json`)).json()) as object;
  const send = async (request: FuzzRequest): Promise<FuzzResponse> => {
    const response = await fetch(base + request.url, {
      method: request.method,
      headers: request.headers,
      // fetch sends no body with GET.
      ...(request.payload === undefined || request.method === 'GET'
        ? {}
        : { body: request.payload }),
    });
    return { status: response.status, body: await response.text() };
  };
  return { document, send };
}

/** Row counts of every table. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name
  `.execute(s.test.db);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const row = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(table_name)}`.execute(s.test.db);
    counts[table_name] = Number(row.rows[0]!.n);
  }
  return counts;
}

describe('unknown query parameters and lone surrogates on every route of every process', () => {
  it('the platform, the chain process and the trading process refuse them, changing nothing', async () => {
    await s.app.ready();
    const { app: trading } = await buildTradingApp({
      config: s.config,
      db: s.test.db,
      logger: createLogger('fuzz', 'silent'),
    });
    try {
      await trading.ready();
      const chain = await chainProcess();
      const before = await rowCounts();
      const platform = await run(
        { seed, runs, callers: platformCallers(), knownIds, send: injector(s.app) },
        s.app.swagger(),
        probeStrictInput,
      );
      const chainFigures = await run(
        { seed, runs, callers: [anonymous, serviceCaller()], knownIds, send: chain.send },
        chain.document,
        probeStrictInput,
      );
      const tradingFigures = await run(
        { seed, runs, callers: [anonymous, ...userCallers()], knownIds, send: injector(trading) },
        trading.swagger(),
        probeStrictInput,
      );
      expect(await rowCounts()).toEqual(before);
      expect(platform.operations).toBeGreaterThan(50);
      expect(chainFigures.operations).toBeGreaterThan(5);
      expect(tradingFigures.operations).toBeGreaterThan(5);
    } finally {
      await trading.close();
    }
  }, 180_000);
});

describe('malformed input to every route of every process', () => {
  it('the platform never answers 5xx, and protected routes answer 401 to anonymous callers first', async () => {
    const app = s.app;
    await app.ready();
    const callers = platformCallers();
    const figures = await run(
      {
        seed,
        runs,
        callers,
        knownIds,
        send: injector(app),
        // A fuzzed logout may end a role's session: log it in again for the next routes.
        afterOperation: async () => {
          for (const role of Object.values(roles)) {
            const me = await s.call('GET', '/api/v1/me', undefined, role.actor.token);
            if (me.statusCode === 401) {
              const login = await s.call('POST', '/api/v1/auth/login', {
                email: role.email,
                password: testPassword,
              });
              role.actor = {
                ...role.actor,
                token: login.json<{ access_token: string }>().access_token,
              };
            }
          }
        },
      },
      app.swagger(),
    );
    expect(figures.operations).toBeGreaterThan(50);
  }, 120_000);

  it('the chain process (over HTTP, as the platform calls it) never answers 5xx', async () => {
    const { document, send } = await chainProcess();
    const figures = await run(
      { seed, runs, callers: [anonymous, serviceCaller()], knownIds, send },
      document,
    );
    expect(figures.operations).toBeGreaterThan(5);
  }, 120_000);

  it('the provider sandbox never answers 5xx, signed or not', async () => {
    const stateDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-fuzz-sandbox-'));
    const app = await buildProviderSandboxApp(s.config, createLogger('fuzz', 'silent'), {
      stateDirectory,
    });
    try {
      await app.ready();
      const signed: Caller = {
        name: 'signed',
        anonymous: false,
        headers: (request) => {
          const ts = String(Math.floor(Date.now() / 1000));
          return {
            'x-app-token': s.config.provider.appToken,
            'x-app-access-ts': ts,
            'x-app-access-sig': requestSignature(
              s.config.provider.secretKey,
              ts,
              request.method,
              request.url,
              request.payload ?? '',
            ),
          };
        },
      };
      const figures = await run(
        { seed, runs, callers: [anonymous, signed], knownIds, send: injector(app) },
        app.swagger(),
      );
      expect(figures.operations).toBeGreaterThan(5);
    } finally {
      await app.close();
      fs.rmSync(stateDirectory, { recursive: true, force: true });
    }
  }, 120_000);

  it('the trading process never answers 5xx (covers its routes as they are added)', async () => {
    const { app } = await buildTradingApp({
      config: s.config,
      db: s.test.db,
      logger: createLogger('fuzz', 'silent'),
    });
    try {
      await app.ready();
      await run(
        {
          seed,
          runs,
          callers: [anonymous, ...userCallers(), keyCaller()],
          knownIds,
          send: injector(app),
        },
        app.swagger(),
      );
    } finally {
      await app.close();
    }
  }, 60_000);
});
