import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './access-token.js';

const claims = { userId: 'user-1', role: 'investor' as const, sessionId: 'session-1' };
const secret = 'a secret of enough length for HS256';
const key = new TextEncoder().encode(secret);

/** A token as the platform signs one, with `change` applied to its header and claims. */
function craft(
  change: { header?: Record<string, unknown>; payload?: JWTPayload; secret?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub: 'user-1',
    role: 'investor',
    sid: 'session-1',
    iss: 'tessera-platform',
    aud: 'tessera',
    iat: now,
    exp: now + 60,
    ...change.payload,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...change.header })
    .sign(new TextEncoder().encode(change.secret ?? secret));
}

/** header.payload with a genuine signature over them. */
function signed(header: string, payload: string): string {
  return `${header}.${payload}.${createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url')}`;
}

function reencode(token: string, part: 0 | 1, change: Record<string, unknown>): string {
  const parts = token.split('.');
  const decoded = JSON.parse(Buffer.from(parts[part]!, 'base64url').toString()) as object;
  parts[part] = Buffer.from(JSON.stringify({ ...decoded, ...change })).toString('base64url');
  return parts.join('.');
}

describe('AccessTokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims for a token it already verified', async () => {
    const tokens = new AccessTokens(secret, 60);
    const token = await tokens.sign(claims);
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(token)).toEqual(claims);
  });

  it('refuses a tampered token although the genuine one was verified', async () => {
    const tokens = new AccessTokens(secret, 60);
    const token = await tokens.sign(claims);
    tokens.verify(token);
    expect(() => tokens.verify(reencode(token, 1, { role: 'admin' }))).toThrow(
      expect.objectContaining({ code: 'INVALID_TOKEN' }),
    );
    expect(() => tokens.verify(`${token}x`)).toThrow(
      expect.objectContaining({ code: 'INVALID_TOKEN' }),
    );
  });

  it('refuses a verified token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new AccessTokens(secret, 60);
    const token = await tokens.sign(claims);
    tokens.verify(token);
    vi.setSystemTime(Date.now() + 61_000);
    expect(() => tokens.verify(token)).toThrow(
      expect.objectContaining({ code: 'INVALID_TOKEN', message: 'The access token has expired' }),
    );
  });

  it('refuses a token it never saw that has expired, or is signed with another key', async () => {
    const tokens = new AccessTokens(secret, 60);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await craft({ payload: { iat: past - 60, exp: past } });
    expect(() => tokens.verify(expired)).toThrow(
      expect.objectContaining({ message: 'The access token has expired' }),
    );
    const foreign = await craft({ secret: 'another secret of enough length for HS256' });
    expect(() => tokens.verify(foreign)).toThrow(
      expect.objectContaining({ code: 'INVALID_TOKEN' }),
    );
  });

  // The synchronous verification makes jose's checks itself: each variant is accepted by it
  // exactly when jose's jwtVerify with the options the platform used accepts it.
  it('accepts and refuses exactly the tokens jose accepts and refuses', async () => {
    const now = Math.floor(Date.now() / 1000);
    const genuine = await craft();
    const [header, payload] = genuine.split('.');
    const variants: Record<string, string> = {
      genuine,
      'audience among several': await craft({ payload: { aud: ['other', 'tessera'] } }),
      'not before now': await craft({ payload: { nbf: now - 5 } }),
      'no expiry': await craft({ payload: { exp: undefined } }),
      'no typ': await craft({ header: { typ: undefined } }),
      'foreign issuer': await craft({ payload: { iss: 'someone' } }),
      'no issuer': await craft({ payload: { iss: undefined } }),
      'foreign audience': await craft({ payload: { aud: 'other' } }),
      'audience list without ours': await craft({ payload: { aud: ['other'] } }),
      'not yet valid': await craft({ payload: { nbf: now + 60 } }),
      'expired now': await craft({ payload: { exp: now } }),
      'expiry not a number': await craft({ payload: { exp: String(now + 60) as never } }),
      'issued-at not a number': await craft({ payload: { iat: 'today' as never } }),
      HS512: await craft({ header: { alg: 'HS512' } }),
      'other key': await craft({ secret: `${secret}!` }),
      'alg none': `${reencode(genuine, 0, { alg: 'none' }).split('.').slice(0, 2).join('.')}.`,
      'header tampered': reencode(genuine, 0, { kid: 'x' }),
      'payload tampered': reencode(genuine, 1, { sub: 'user-2' }),
      'signature stripped': `${header}.${payload}.`,
      'two parts': `${header}.${payload}`,
      'four parts': `${genuine}.x`,
      'not base64url': `${header}.${payload}!.${genuine.split('.')[2]}`,
      'payload an array': signed(header!, Buffer.from('[1]').toString('base64url')),
      empty: '',
    };
    for (const [name, token] of Object.entries(variants)) {
      const byJose = await jwtVerify(token, key, {
        issuer: 'tessera-platform',
        audience: 'tessera',
        algorithms: ['HS256'],
      }).then(
        () => true,
        () => false,
      );
      let ours = true;
      try {
        new AccessTokens(secret, 60).verify(token);
      } catch (error) {
        expect(error).toMatchObject({ code: 'INVALID_TOKEN' });
        ours = false;
      }
      expect({ name, accepted: ours }).toEqual({ name, accepted: byJose });
    }
  });
});
