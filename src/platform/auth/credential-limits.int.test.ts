/**
 * The credential endpoints' shared per-IP budget, on the real platform app with the documented
 * limit of 30 a minute (the login throttle has its own test, login-throttle.int.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  testPassword,
  type TestPlatform,
} from '../../../test/support/platform.js';

describe('credential rate limit', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform({ CREDENTIAL_RATE_LIMIT_PER_MINUTE: '30' });
  });
  afterAll(() => p.close());

  const from = (ip: string, url: string, payload: object) =>
    p.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('counts login, register and refresh against one budget of 30 a minute per IP', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (
          await from(ip, '/api/v1/auth/register', {
            email: `limit${i}@example.com`,
            password: testPassword,
            role: 'investor',
          })
        ).statusCode,
      );
      statuses.push(
        (
          await from(ip, '/api/v1/auth/login', {
            email: `limit${i}@example.com`,
            password: testPassword,
          })
        ).statusCode,
      );
      statuses.push(
        (await from(ip, '/api/v1/auth/refresh', { refresh_token: `not-a-token-${i}` })).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    for (const [url, payload] of [
      ['/api/v1/auth/login', { email: 'limit0@example.com', password: testPassword }],
      [
        '/api/v1/auth/register',
        { email: 'late@example.com', password: testPassword, role: 'investor' },
      ],
      ['/api/v1/auth/refresh', { refresh_token: 'x' }],
    ] as const) {
      const limited = await from(ip, url, payload);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.json().retry_after).toBe(retryAfter);
    }
    // Nothing was registered past the limit, and another address has its own budget.
    expect(
      await p.test.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'late@example.com')
        .execute(),
    ).toEqual([]);
    expect(
      (
        await from('203.0.113.8', '/api/v1/auth/login', {
          email: 'limit0@example.com',
          password: testPassword,
        })
      ).statusCode,
    ).toBe(200);
  });
});
