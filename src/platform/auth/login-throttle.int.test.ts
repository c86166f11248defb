/**
 * The login throttle over real sockets from several loopback source addresses (127.0.0.2, ...):
 * a guesser slows only their own address, with growing waits (429 + Retry-After), the owner still
 * signs in from theirs, ten failures from ten addresses lock nobody out, one address spraying many
 * accounts is slowed as a whole, and a forged X-Forwarded-For changes nothing. The throttle's
 * clock is the test's, so the waits are stepped through without sleeping.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { testPassword } from '../../../test/support/platform.js';
import type { HttpApp } from '../../lib/http/app.js';
import { createLogger } from '../../lib/logger.js';
import { buildPlatformApp } from '../app.js';

let test: TestDatabase;
let app: HttpApp;
let port: number;
let clock = new Date('2030-01-01T00:00:00Z');
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

beforeAll(async () => {
  test = await createTestDatabase();
  const config = testConfig({
    DATABASE_URL: test.url,
    LOGIN_FREE_FAILURES: '3',
    LOGIN_FREE_FAILURES_PER_ADDRESS: '6',
  });
  app = await buildPlatformApp({
    config,
    db: test.db,
    logger: createLogger('test', 'silent'),
    clock: { now: () => clock },
  });
  port = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** A POST over a socket bound to `from`, a loopback address of its own. */
function postFrom(
  from: string,
  path: string,
  payload: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(payload);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: JSON.parse(body) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const login = (from: string, email: string, password: string, headers?: Record<string, string>) =>
  postFrom(from, '/api/v1/auth/login', { email, password }, headers);

async function register(email: string): Promise<void> {
  const answer = await postFrom('127.0.0.3', '/api/v1/auth/register', {
    email,
    password: testPassword,
    role: 'investor',
  });
  expect(answer.status).toBe(202);
}

function expectThrottled(answer: Answer, retryAfter: number): void {
  expect(answer.status).toBe(429);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(answer.body).toMatchObject({ code: 'TOO_MANY_LOGIN_ATTEMPTS', retry_after: retryAfter });
  expect(answer.headers['retry-after']).toBe(String(retryAfter));
}

describe('login throttle', () => {
  it('slows the guessing address with growing waits while the owner signs in from theirs', async () => {
    await register('owner@example.com');
    const guess = () => login('127.0.0.2', 'owner@example.com', 'not the password!');
    for (let i = 0; i < 4; i++) expect((await guess()).status).toBe(401);
    // three free failures, then 1 s, 2 s, 4 s... each wait refusing even the right password
    expectThrottled(await login('127.0.0.2', 'owner@example.com', testPassword), 1);
    // a forged X-Forwarded-For is not believed: still the same address
    expectThrottled(
      await login('127.0.0.2', 'owner@example.com', testPassword, {
        'x-forwarded-for': '127.0.0.9',
      }),
      1,
    );
    expect((await login('127.0.0.3', 'owner@example.com', testPassword)).status).toBe(200);
    advance(1);
    expect((await guess()).status).toBe(401);
    expectThrottled(await guess(), 2);
    advance(2);
    expect((await guess()).status).toBe(401);
    expectThrottled(await guess(), 4);
    expect((await login('127.0.0.3', 'owner@example.com', testPassword)).status).toBe(200);
    // an hour without failures and the address starts again from zero
    advance(3600);
    for (let i = 0; i < 3; i++) expect((await guess()).status).toBe(401);
    expect((await login('127.0.0.2', 'owner@example.com', testPassword)).status).toBe(200);
  });

  it('locks nobody out after ten failures from ten addresses', async () => {
    await register('ten@example.com');
    for (let host = 10; host < 20; host++) {
      expect((await login(`127.0.0.${host}`, 'ten@example.com', 'not the password!')).status).toBe(
        401,
      );
    }
    expect((await login('127.0.0.3', 'ten@example.com', testPassword)).status).toBe(200);
  });

  it('slows one address spraying many accounts, for every account, and no other address', async () => {
    const spray = (i: number) => login('127.0.0.4', `spray${i}@example.com`, 'Summer2030!!!');
    for (let i = 0; i < 7; i++) expect((await spray(i)).status).toBe(401);
    expectThrottled(await spray(99), 1);
    expect((await login('127.0.0.5', 'spray99@example.com', 'Summer2030!!!')).status).toBe(401);
  });

  it('prunes the counts an hour forgets as later failures come', async () => {
    advance(3600);
    expect((await login('127.0.0.6', 'late@example.com', 'not the password!')).status).toBe(401);
    const keys = await test.db.selectFrom('login_throttles').select('key').execute();
    expect(keys.map((row) => row.key).sort()).toEqual([
      'address 127.0.0.6',
      'pair 127.0.0.6 late@example.com',
    ]);
  });
});
