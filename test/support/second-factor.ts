/**
 * Second factors in tests, over the real API: enrol an authenticator app (TOTP), answer a login's
 * factor challenge, step up. The codes are computed as an authenticator app computes them
 * (src/platform/factors/totp.ts); a step whose code was used is never used again (the server
 * refuses replays), so a helper that needs a second code in the same 30 s takes the next step's
 * (accepted within the drift) or waits for it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { totpCode, totpPeriodSeconds, totpStep } from '../../src/platform/factors/totp.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One JSON request to the platform: its status and parsed body. */
export type Send = (
  method: Method,
  url: string,
  body?: unknown,
  token?: string,
) => Promise<{ status: number; body: unknown }>;

/** `Send` through Fastify's inject (no network). */
export function injectSend(app: {
  inject(options: object): Promise<{ statusCode: number; body: string; json(): unknown }>;
}): Send {
  return async (method, url, body, token) => {
    const response = await app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
}

/** `Send` over HTTP to `baseUrl`. */
export function fetchSend(baseUrl: string): Send {
  return async (method, url, body, token) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
}

/** The last step used for each secret by this test process. */
const lastSteps = new Map<string, number>();

/** A code of a step not used yet with this secret (the current one, or the next). */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.max(totpStep(new Date(now)), (lastSteps.get(secret) ?? -1) + 1);
    if (step <= totpStep(new Date(now)) + 1) {
      lastSteps.set(secret, step);
      return totpCode(secret, new Date(step * totpPeriodSeconds * 1000));
    }
    await sleep((step - 1) * totpPeriodSeconds * 1000 - now + 50);
  }
}

function expect(answer: { status: number; body: unknown }, status: number, what: string) {
  if (answer.status !== status) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body as Record<string, unknown>;
}

export interface Enrolled {
  /** the access token the confirmation answered: it carries the factor, just verified */
  token: string;
  /** the TOTP secret (base32), to compute later codes */
  secret: string;
  recoveryCodes: string[];
}

/** Enrols an authenticator app for the session of `token` and confirms it with a first code. */
export async function enrolTotp(send: Send, token: string): Promise<Enrolled> {
  const started = expect(
    await send('POST', '/api/v1/me/factors/totp', undefined, token),
    201,
    'enrol TOTP',
  );
  const secret = started.secret as string;
  const confirmed = expect(
    await send(
      'POST',
      '/api/v1/me/factors/totp/confirm',
      { code: await freshTotpCode(secret) },
      token,
    ),
    200,
    'confirm TOTP',
  );
  return {
    token: confirmed.access_token as string,
    secret,
    recoveryCodes: confirmed.recovery_codes as string[],
  };
}

/**
 * Logs in with the password and, when the answer is a factor challenge, a fresh code of `secret`;
 * the token pair.
 */
export async function logInWithFactor(
  send: Send,
  email: string,
  password: string,
  secret: string | undefined,
): Promise<{ access_token: string; refresh_token: string }> {
  const first = expect(
    await send('POST', '/api/v1/auth/login', { email, password }),
    200,
    `login ${email}`,
  );
  if (first.factor_required !== true) {
    return first as { access_token: string; refresh_token: string };
  }
  if (!secret) throw new Error(`login ${email}: a factor is required and no secret is known`);
  const second = expect(
    await send('POST', '/api/v1/auth/login/factor', {
      challenge_token: first.challenge_token,
      code: await freshTotpCode(secret),
    }),
    200,
    `login factor ${email}`,
  );
  return second as { access_token: string; refresh_token: string };
}

/**
 * The TOTP secrets of the accounts this test file enrolled, by email: one place for the API
 * helpers and the browser's (a test file runs one system, where an email names one account).
 * Files share a worker's modules (vitest.config.ts), so each file starts with none (each-file.ts).
 */
const knownSecrets = new Map<string, string>();

export function forgetSecrets(): void {
  knownSecrets.clear();
}

export function rememberSecret(email: string, secret: string): void {
  knownSecrets.set(email.toLowerCase(), secret);
}

export function knownSecret(email: string): string | undefined {
  return knownSecrets.get(email.toLowerCase());
}

/**
 * Signs in through the API as the person would: the password, then the code of the factor this
 * process enrolled for the account. A staff or admin account without a factor enrols an
 * authenticator app first, as its first sign-in makes it; its secret is remembered. The access
 * token (carrying the factor when the account has one).
 */
export async function signInEnrolled(send: Send, email: string, password: string): Promise<string> {
  const pair = await logInWithFactor(send, email, password, knownSecret(email));
  const me = expect(await send('GET', '/api/v1/me', undefined, pair.access_token), 200, 'me');
  const mustEnrol = (me.role === 'staff' || me.role === 'admin') && !me.password_change_required;
  if (!mustEnrol || knownSecret(email)) return pair.access_token;
  const enrolled = await enrolTotp(send, pair.access_token);
  rememberSecret(email, enrolled.secret);
  return enrolled.token;
}

/** Verifies the factor again in the session of `token`: a fresh access token. */
export async function stepUp(send: Send, token: string, secret: string): Promise<string> {
  const answer = expect(
    await send('POST', '/api/v1/auth/step-up', { code: await freshTotpCode(secret) }, token),
    200,
    'step up',
  );
  return answer.access_token as string;
}
