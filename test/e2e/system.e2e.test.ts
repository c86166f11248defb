/**
 * The whole system as a user runs it: `tessera start` (what `npm start` runs) on embedded
 * PostgreSQL and anvil, then real HTTP. Covers the foundation's promises: four healthy processes,
 * the first admin printed once, the auth flow and its refusals, a clean stop that leaves no port
 * bound, a restart that keeps the data, and a clear refusal when a port is taken.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPortFree } from '../../src/lib/embedded/ports.js';
import { until } from '../support/e2e-flows.js';
import { sinkLinkToken } from '../support/email.js';
import { enrolTotp, fetchSend } from '../support/second-factor.js';
import {
  newDataDir,
  startSystem,
  systemEnv,
  systemPorts,
  type RunningSystem,
  type SystemPorts,
} from '../support/system.js';

const password = 'correct horse battery staple';

async function call(method: string, url: string, body?: unknown, token?: string, raw?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method,
    headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    json: (text ? JSON.parse(text) : undefined) as Record<string, unknown>,
  };
}

/**
 * A POST that declares a body over the 1 MiB limit and waits for the answer before sending any of
 * it: the server refuses on the declared length, and a client that wrote the body first could
 * meet a closed socket (EPIPE) before reading the refusal.
 */
function oversizeCall(url: string): Promise<Awaited<ReturnType<typeof call>>> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': 1_100_000 },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          json: JSON.parse(text) as Record<string, unknown>,
        });
      });
    });
    request.flushHeaders();
  });
}

async function allPortsFree(ports: SystemPorts) {
  for (const [name, port] of Object.entries(ports)) await assertPortFree('127.0.0.1', port, name);
}

describe('tessera start, end to end', () => {
  let dataDir: string;
  let ports: SystemPorts;
  let system: RunningSystem;
  let adminPassword: string;

  beforeAll(async () => {
    dataDir = await newDataDir();
    ports = await systemPorts();
    system = await startSystem(systemEnv(dataDir, ports));
  }, 120_000);
  afterAll(async () => {
    await system.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('brings all four processes to healthy and prints the first admin once', async () => {
    for (const url of Object.values(system.urls)) {
      expect((await call('GET', `${url}/healthz`)).status).toBe(200);
      expect((await call('GET', `${url}/readyz`)).json).toMatchObject({ status: 'ready' });
      expect((await call('GET', `${url}/openapi.json`)).json).toMatchObject({ openapi: '3.1.0' });
    }
    const match = /email: +(\S+)\n +password: +(\S+)/.exec(system.output());
    expect(match?.[1]).toBe('admin@tessera.local');
    adminPassword = match![2]!;
  });

  it('registers, logs in, refreshes, answers /me, and lets the admin create staff', async () => {
    const p = system.urls.platform;
    const registered = await call('POST', `${p}/api/v1/auth/register`, {
      email: 'e2e@example.com',
      password,
      role: 'investor',
      account_type: 'individual',
    });
    expect(registered.status).toBe(202);
    // the embedded mail sink got the verification email; its link verifies the address
    const sink = system.mailUrl();
    expect(system.output()).toContain(`mail              ${sink} (every email sent lands here)`);
    const token = await sinkLinkToken(sink, 'e2e@example.com', 'verify-email');
    expect((await call('POST', `${p}/api/v1/auth/verify-email`, { token })).status).toBe(200);
    // a second registration of the address answers the same, and its owner is told
    const again = await call('POST', `${p}/api/v1/auth/register`, {
      email: 'E2E@example.com',
      password: 'some other long passphrase',
      role: 'investor',
    });
    expect(again.status).toBe(202);
    expect(again.json).toEqual(registered.json);
    await until(
      async () =>
        (await call('GET', `${sink}/messages.json`)).json as unknown as { subject: string }[],
      (messages) => messages.some((m) => m.subject.startsWith('Someone tried to register')),
    );
    const login = await call('POST', `${p}/api/v1/auth/login`, {
      email: 'e2e@example.com',
      password,
    });
    expect(login.status).toBe(200);
    const refreshed = await call('POST', `${p}/api/v1/auth/refresh`, {
      refresh_token: login.json.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const me = await call(
      'GET',
      `${p}/api/v1/me`,
      undefined,
      refreshed.json.access_token as string,
    );
    expect(me.json).toMatchObject({
      email: 'e2e@example.com',
      role: 'investor',
      kyc_status: 'none',
      email_verified: true,
    });

    const admin = await call('POST', `${p}/api/v1/auth/login`, {
      email: 'admin@tessera.local',
      password: adminPassword,
    });
    expect(admin.status).toBe(200);
    const createStaff = (token: string) =>
      call(
        'POST',
        `${p}/api/v1/admin/users`,
        { email: 'staff@example.com', password, role: 'staff' },
        token,
      );
    // the printed password is replaced before anything else, then a refreshed session goes on
    const refused = await createStaff(admin.json.access_token as string);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await call(
      'POST',
      `${p}/api/v1/me/password`,
      { current_password: adminPassword, new_password: 'a new operator secret of its own' },
      admin.json.access_token as string,
    );
    expect(changed.status).toBeLessThan(300);
    const adminSession = await call('POST', `${p}/api/v1/auth/refresh`, {
      refresh_token: admin.json.refresh_token,
    });
    expect(adminSession.status).toBe(200);
    // then a second factor, before any staff route answers
    const beforeFactor = await createStaff(adminSession.json.access_token as string);
    expect(beforeFactor.status).toBe(403);
    expect(beforeFactor.json.code).toBe('MFA_ENROLMENT_REQUIRED');
    const enrolled = await enrolTotp(fetchSend(p), adminSession.json.access_token as string);
    const staff = await createStaff(enrolled.token);
    expect(staff.status).toBe(201);
    expect(
      (await call('POST', `${p}/api/v1/auth/login`, { email: 'staff@example.com', password }))
        .status,
    ).toBe(200);
  });

  it('refuses every bad request with problem+json and a stable code', async () => {
    const p = system.urls.platform;
    const investor = (
      await call('POST', `${p}/api/v1/auth/login`, { email: 'e2e@example.com', password })
    ).json;
    const secrets = JSON.parse(
      await fs.readFile(path.join(dataDir, 'data', 'secrets.json'), 'utf8'),
    ) as { jwt_secret: string };
    const me = (await call('GET', `${p}/api/v1/me`, undefined, investor.access_token as string))
      .json;
    const expired = await new SignJWT({ role: 'investor', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me.id as string)
      .setIssuer('tessera-platform')
      .setAudience('tessera')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(new TextEncoder().encode(secrets.jwt_secret));
    const tampered = `${(investor.access_token as string).slice(0, -3)}abc`;

    const cases: [string, Promise<Awaited<ReturnType<typeof call>>>, number, string][] = [
      [
        'malformed JSON',
        call('POST', `${p}/api/v1/auth/login`, undefined, undefined, '{"email":'),
        400,
        'MALFORMED_JSON',
      ],
      [
        'unknown field',
        call('POST', `${p}/api/v1/auth/login`, { email: 'e2e@example.com', password, admin: true }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'wrong type',
        call('POST', `${p}/api/v1/auth/login`, { email: 'e2e@example.com', password: 42 }),
        400,
        'VALIDATION_FAILED',
      ],
      ['oversize body', oversizeCall(`${p}/api/v1/auth/login`), 400, 'BODY_TOO_LARGE'],
      [
        'weak password',
        call('POST', `${p}/api/v1/auth/register`, {
          email: 'weak@example.com',
          password: 'abc',
          role: 'investor',
        }),
        422,
        'WEAK_PASSWORD',
      ],
      [
        'self-registered admin',
        call('POST', `${p}/api/v1/auth/register`, {
          email: 'boss@example.com',
          password,
          role: 'admin',
        }),
        403,
        'ROLE_NOT_SELF_ASSIGNABLE',
      ],
      [
        'self-registered staff',
        call('POST', `${p}/api/v1/auth/register`, {
          email: 'boss@example.com',
          password,
          role: 'staff',
        }),
        403,
        'ROLE_NOT_SELF_ASSIGNABLE',
      ],
      ['expired token', call('GET', `${p}/api/v1/me`, undefined, expired), 401, 'INVALID_TOKEN'],
      ['tampered token', call('GET', `${p}/api/v1/me`, undefined, tampered), 401, 'INVALID_TOKEN'],
      ['no token', call('GET', `${p}/api/v1/me`), 401, 'UNAUTHENTICATED'],
      [
        'investor on an admin route',
        call(
          'POST',
          `${p}/api/v1/admin/users`,
          { email: 's2@example.com', password, role: 'staff' },
          investor.access_token as string,
        ),
        403,
        'FORBIDDEN_ROLE',
      ],
      ['unknown route', call('GET', `${p}/api/v1/does-not-exist`), 404, 'ROUTE_NOT_FOUND'],
    ];
    for (const [name, request, status, code] of cases) {
      const response = await request;
      expect({ name, status: response.status, code: response.json.code }).toEqual({
        name,
        status,
        code,
      });
      expect(response.type).toContain('application/problem+json');
      expect(JSON.stringify(response.json)).not.toMatch(/\n\s+at /);
    }

    // Revoked: after logout the session's tokens are refused.
    const session = (
      await call('POST', `${p}/api/v1/auth/login`, { email: 'e2e@example.com', password })
    ).json;
    expect(
      (await call('POST', `${p}/api/v1/auth/logout`, undefined, session.access_token as string))
        .status,
    ).toBe(200);
    expect(
      (await call('GET', `${p}/api/v1/me`, undefined, session.access_token as string)).status,
    ).toBe(401);
    expect(
      (await call('POST', `${p}/api/v1/auth/refresh`, { refresh_token: session.refresh_token }))
        .status,
    ).toBe(401);

    // Wrong password: 401 without saying which part, then 429 once failures pile up.
    const wrong = await call('POST', `${p}/api/v1/auth/login`, {
      email: 'e2e@example.com',
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.detail).toBe(
      (await call('POST', `${p}/api/v1/auth/login`, { email: 'ghost@example.com', password })).json
        .detail,
    );
    let last = wrong;
    for (let i = 0; i < 12 && last.status !== 429; i++) {
      last = await call('POST', `${p}/api/v1/auth/login`, {
        email: 'e2e@example.com',
        password: 'not the password',
      });
    }
    expect(last.json.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
  });

  it('stops everything on SIGTERM and keeps the data for the next start', async () => {
    expect(await system.stop('SIGTERM')).toBe(0);
    await allPortsFree(ports);

    system = await startSystem(systemEnv(dataDir, ports));
    expect(system.output()).not.toContain('First admin created');
    const login = await call('POST', `${system.urls.platform}/api/v1/auth/login`, {
      email: 'staff@example.com',
      password,
    });
    expect(login.status).toBe(200);
    expect(await system.stop('SIGINT')).toBe(0);
    await allPortsFree(ports);
  }, 120_000);

  it('refuses to start on a taken port, names it, and stops what it started', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(ports.trading, '127.0.0.1', resolve));
    try {
      await expect(startSystem(systemEnv(dataDir, ports))).rejects.toThrow(
        new RegExp(`port ${ports.trading} .*already in use`),
      );
      const others = Object.entries(ports).filter(([name]) => name !== 'trading');
      for (const [name, port] of others) await assertPortFree('127.0.0.1', port, name);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 120_000);
});
