import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './access-token.js';

const claims = { userId: 'user-1', role: 'investor' as const, sessionId: 'session-1' };

describe('AccessTokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims for a token it already verified', async () => {
    const tokens = new AccessTokens('a secret of enough length for HS256', 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses a tampered token although the genuine one was verified', async () => {
    const tokens = new AccessTokens('a secret of enough length for HS256', 60);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        role: 'admin',
      }),
    ).toString('base64url');
    await expect(tokens.verify(`${header}.${forged}.${signature}`)).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    });
    await expect(tokens.verify(`${token}x`)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses a verified token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new AccessTokens('a secret of enough length for HS256', 60);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    vi.setSystemTime(Date.now() + 61_000);
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
