import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from '../auth/access-token.js';
import { buildHttpApp, type HttpApp } from './app.js';
import { caller, guards } from './auth-guard.js';
import { testHttpOptions } from './testing/test-http-options.js';

const secret = 'a secret of enough length for HS256';
const tokens = new AccessTokens(secret, 60);
const revoked = new Set<string>();
let app: HttpApp;

// The same routes behind a guard whose revocation check answers at once (the trading process's
// in-memory set) and one that answers a promise (the platform's database query).
beforeAll(async () => {
  app = await buildHttpApp(testHttpOptions);
  const checks = {
    sync: (sessionId: string) => !revoked.has(sessionId),
    async: (sessionId: string) => Promise.resolve(!revoked.has(sessionId)),
    failing: () => Promise.reject(new Error('database down')),
  };
  for (const [name, isSessionActive] of Object.entries(checks)) {
    const { guard } = guards({ tokens, isSessionActive });
    app.get(`/${name}/investor`, { onRequest: guard('investor') }, (request) => caller(request));
    app.get(`/${name}/admin`, { onRequest: guard('admin') }, (request) => caller(request));
  }
});
afterAll(() => app.close());

const get = (url: string, token?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

describe.each(['sync', 'async'])('guard with a %s revocation check', (check) => {
  it('admits a valid token of an allowed role with its claims', async () => {
    const token = await tokens.sign({ userId: 'u1', role: 'investor', sessionId: 's1' });
    const response = await get(`/${check}/investor`, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: 'u1', role: 'investor', sessionId: 's1' });
  });

  it('refuses a missing, tampered, foreign or expired token, a revoked session and a role', async () => {
    const token = await tokens.sign({ userId: 'u2', role: 'investor', sessionId: `s2-${check}` });
    const foreign = await new AccessTokens(`${secret}!`, 60).sign({
      userId: 'u2',
      role: 'investor',
      sessionId: 's2',
    });
    const refusals: [string | undefined, string, number, string][] = [
      [undefined, 'investor', 401, 'UNAUTHENTICATED'],
      [`${token.slice(0, -2)}xx`, 'investor', 401, 'INVALID_TOKEN'],
      [foreign, 'investor', 401, 'INVALID_TOKEN'],
      [token, 'admin', 403, 'FORBIDDEN_ROLE'],
    ];
    for (const [sent, route, status, code] of refusals) {
      const response = await get(`/${check}/${route}`, sent);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code });
    }
    revoked.add(`s2-${check}`);
    const afterLogout = await get(`/${check}/investor`, token);
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses a token it admitted once it has expired', async () => {
    const token = await tokens.sign({ userId: 'u3', role: 'investor', sessionId: 's3' });
    expect((await get(`/${check}/investor`, token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const response = await get(`/${check}/investor`, token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    } finally {
      vi.useRealTimers();
    }
  });
});

it('answers 500 when the revocation check itself fails', async () => {
  const token = await tokens.sign({ userId: 'u4', role: 'investor', sessionId: 's4' });
  expect((await get('/failing/investor', token)).statusCode).toBe(500);
});
