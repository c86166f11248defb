/**
 * The signed-in session: the token pair in localStorage (so a reload keeps you signed in), a
 * refresh before the access token runs out or when the API answers 401, and listeners for the UI.
 * A sign-in whose account has a second factor answers a challenge first, completed with a code
 * or a passkey; a verified factor (enrolment, step-up) replaces the access token.
 */
import type { paths } from '../../sdk/generated/platform.js';
import { anonymous, ok, platform } from './api.js';

interface Tokens {
  access_token: string;
  refresh_token: string;
  /** epoch ms when the access token expires */
  expires_at: number;
}

const storageKey = 'tessera.session';
/** set when a refresh was refused: the sign-in screen says so and keeps the page's address */
const expiredKey = 'tessera.session-expired';
const listeners = new Set<() => void>();
let refreshing: Promise<boolean> | undefined;

function read(): Tokens | undefined {
  const raw = localStorage.getItem(storageKey);
  return raw ? (JSON.parse(raw) as Tokens) : undefined;
}

function write(tokens: Tokens | undefined) {
  if (tokens) localStorage.setItem(storageKey, JSON.stringify(tokens));
  else localStorage.removeItem(storageKey);
  for (const listener of listeners) listener();
}

type SignedIn = Answer<'/api/v1/auth/login'>;
type Answer<P extends '/api/v1/auth/login' | '/api/v1/auth/refresh'> =
  paths[P]['post']['responses'][200]['content']['application/json'];
type TokenPair = Answer<'/api/v1/auth/refresh'>;
/** A sign-in's answer when the account has a second factor. */
export type FactorChallenge = Extract<SignedIn, { factor_required: true }>;
/** The second step's factor: a code, or a passkey's answer. */
export type Factor = Omit<
  paths['/api/v1/auth/login/factor']['post']['requestBody']['content']['application/json'],
  'challenge_token'
>;

const stored = (pair: TokenPair): Tokens => ({
  access_token: pair.access_token,
  refresh_token: pair.refresh_token,
  expires_at: Date.now() + pair.expires_in * 1000,
});

export const session = {
  accessToken: () => read()?.access_token,
  signedIn: () => read() !== undefined,
  /** whether the last session ended because it expired (not by signing out) */
  expired: () => sessionStorage.getItem(expiredKey) !== null,
  onChange(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The password; a challenge when the account has a second factor, else signed in. */
  async signIn(email: string, password: string): Promise<FactorChallenge | undefined> {
    const answer = await ok(anonymous.POST('/api/v1/auth/login', { body: { email, password } }));
    if ('factor_required' in answer) return answer;
    sessionStorage.removeItem(expiredKey);
    write(stored(answer));
    return undefined;
  },
  /** The second step: the challenge and a code or a passkey's answer. */
  async signInWithFactor(challengeToken: string, factor: Factor): Promise<void> {
    const pair = await ok(
      anonymous.POST('/api/v1/auth/login/factor', {
        body: { challenge_token: challengeToken, ...factor },
      }),
    );
    sessionStorage.removeItem(expiredKey);
    write(stored(pair));
  },
  /** A fresh access token of this session (a factor just verified); the refresh token stays. */
  replaceAccessToken(access: { access_token: string; expires_in: number }): void {
    const tokens = read();
    if (!tokens) return;
    write({
      ...tokens,
      access_token: access.access_token,
      expires_at: Date.now() + access.expires_in * 1000,
    });
  },
  /** Exchanges the refresh token once (concurrent callers share it); false signs out. */
  refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      const tokens = read();
      if (!tokens) return false;
      try {
        const pair = await ok(
          anonymous.POST('/api/v1/auth/refresh', { body: { refresh_token: tokens.refresh_token } }),
        );
        write(stored(pair));
        return true;
      } catch {
        sessionStorage.setItem(expiredKey, '1');
        write(undefined);
        return false;
      }
    })().finally(() => (refreshing = undefined));
    return refreshing;
  },
  async signOut(): Promise<void> {
    await ok(platform.POST('/api/v1/auth/logout')).catch(() => undefined);
    sessionStorage.removeItem(expiredKey);
    write(undefined);
  },
  /** ms until the access token should be refreshed (a minute before it expires) */
  refreshDueIn(): number | undefined {
    const tokens = read();
    return tokens ? Math.max(0, tokens.expires_at - Date.now() - 60_000) : undefined;
  },
};
