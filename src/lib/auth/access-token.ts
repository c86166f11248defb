/**
 * Access tokens: short-lived HS256 JWTs signed by the platform and verified by every process that
 * serves users (platform, trading). `sid` names the login session (the refresh-token family), so
 * logging out or a detected refresh-token reuse also ends the access tokens of that session.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { systemClock, type Clock } from '../clock.js';
import type { Role } from '../db/schema.js';
import { authMethods, type AuthMethod } from '../db/schema-factors.js';
import { AppError } from '../errors.js';

const issuer = 'tessera-platform';
const audience = 'tessera';

export interface AccessClaims {
  userId: string;
  role: Role;
  sessionId: string;
  /** the account must change its password before anything else (claim `pcr`) */
  passwordChangeRequired?: true;
  /** how the session authenticated (claim `amr`, RFC 8176): ['pwd'], ['pwd', 'otp'], ['pwd', 'hwk'] */
  amr?: AuthMethod[];
  /** when the user signed in, in seconds (claim `auth_time`) */
  authTime?: number;
  /** when the session last verified a second factor, in seconds (claim `factor_time`) */
  factorTime?: number;
}

/** A second factor among the session's methods: a one-time code or a hardware key (passkey). */
export function hasSecondFactor(claims: Pick<AccessClaims, 'amr'>): boolean {
  return claims.amr?.some((method) => method !== 'pwd') ?? false;
}

/** Verified tokens kept at most; past it the cache starts afresh (a bound, not an LRU). */
const cachedTokensMax = 10_000;

const base64url = /^[A-Za-z0-9_-]+$/;

function invalid(detail = 'The access token is not valid'): AppError {
  return new AppError('INVALID_TOKEN', detail);
}

/** A JSON object from a base64url segment, or undefined. */
function decodeObject(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A NumericDate claim: absent, or a number (anything else makes the token invalid). */
function numericDate(payload: Record<string, unknown>, claim: string): number | undefined {
  const value = payload[claim];
  if (value !== undefined && typeof value !== 'number') throw invalid();
  return value;
}

/** amr, auth_time and factor_time when present and well formed; anything else makes it invalid. */
function methodClaims(payload: Record<string, unknown>): Partial<AccessClaims> {
  const { amr } = payload;
  if (amr === undefined) return {};
  if (
    !Array.isArray(amr) ||
    !amr.every((method) => (authMethods as readonly unknown[]).includes(method))
  ) {
    throw invalid('The token lacks required claims');
  }
  const authTime = numericDate(payload, 'auth_time');
  const factorTime = numericDate(payload, 'factor_time');
  return {
    amr: amr as AuthMethod[],
    ...(authTime === undefined ? {} : { authTime }),
    ...(factorTime === undefined ? {} : { factorTime }),
  };
}

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, with their claims and expiry (ms). A client sends the same token
   * with every request until it expires; checking its HMAC again each time proves nothing new.
   * Only the expiry is checked again; revocation is the guard's own check, on every request.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock = systemClock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get expiresIn(): number {
    return this.ttlSeconds;
  }

  async sign(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({
      role: claims.role,
      sid: claims.sessionId,
      ...(claims.passwordChangeRequired ? { pcr: true } : {}),
      ...(claims.amr ? { amr: claims.amr } : {}),
      ...(claims.authTime === undefined ? {} : { auth_time: claims.authTime }),
      ...(claims.factorTime === undefined ? {} : { factor_time: claims.factorTime }),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * The token's claims; throws INVALID_TOKEN for any token that is malformed, tampered, expired
   * or foreign. Synchronous (node:crypto's HMAC): the order path takes no promise hop for it.
   */
  verify(token: string): AccessClaims {
    const cached = this.verified.get(token);
    if (cached && cached.expiresAt > this.clock.now().getTime()) return cached.claims;
    return this.verifySignature(token);
  }

  /**
   * The checks jose's jwtVerify makes with { issuer, audience, algorithms: ['HS256'] }: a compact
   * JWS whose protected header is a JSON object naming HS256 (and no `crit` extension, which this
   * signer never sets), whose HMAC over header and payload matches, and whose payload is a JSON
   * object with our issuer and audience, numeric iat/nbf/exp where present, nbf not in the future
   * and exp in the future (to the second, no tolerance); then the claims this service needs.
   */
  private verifySignature(token: string): AccessClaims {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => base64url.test(part))) throw invalid();
    const [header, body, signature] = parts as [string, string, string];
    const protectedHeader = decodeObject(header);
    if (protectedHeader?.alg !== 'HS256' || protectedHeader.crit !== undefined) throw invalid();
    const expected = Buffer.from(
      createHmac('sha256', this.key).update(`${header}.${body}`).digest('base64url'),
    );
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    const payload = decodeObject(body);
    if (!payload || payload.iss !== issuer) throw invalid();
    const aud = payload.aud;
    if (!(aud === audience || (Array.isArray(aud) && aud.includes(audience)))) throw invalid();
    const now = Math.floor(this.clock.now().getTime() / 1000);
    numericDate(payload, 'iat');
    const nbf = numericDate(payload, 'nbf');
    if (nbf !== undefined && nbf > now) throw invalid();
    const exp = numericDate(payload, 'exp');
    if (exp !== undefined && exp <= now) throw invalid('The access token has expired');
    const { sub, sid, role } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof role !== 'string') {
      throw invalid('The token lacks required claims');
    }
    const claims: AccessClaims = {
      userId: sub,
      role: role as Role,
      sessionId: sid,
      ...(payload.pcr === true ? { passwordChangeRequired: true as const } : {}),
      ...methodClaims(payload),
    };
    if (exp !== undefined) {
      if (this.verified.size >= cachedTokensMax) this.verified.clear();
      this.verified.set(token, { claims, expiresAt: exp * 1000 });
    }
    return claims;
  }
}
