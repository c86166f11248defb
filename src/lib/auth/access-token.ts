/**
 * Access tokens: short-lived HS256 JWTs signed by the platform and verified by every process that
 * serves users (platform, trading). `sid` names the login session (the refresh-token family), so
 * logging out or a detected refresh-token reuse also ends the access tokens of that session.
 */
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Role } from '../db/schema.js';
import { AppError } from '../errors.js';

const issuer = 'tessera-platform';
const audience = 'tessera';

export interface AccessClaims {
  userId: string;
  role: Role;
  sessionId: string;
  /** the account must change its password before anything else (claim `pcr`) */
  passwordChangeRequired?: true;
}

/** Verified tokens kept at most; past it the cache starts afresh (a bound, not an LRU). */
const cachedTokensMax = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, with their claims and expiry (ms). A client sends the same token
   * with every request until it expires; checking its HMAC again each time (WebCrypto, about a
   * tenth of the trading process's CPU per order) proves nothing new. Only the expiry is checked
   * again; revocation is the guard's own check, on every request.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get expiresIn(): number {
    return this.ttlSeconds;
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({
      role: claims.role,
      sid: claims.sessionId,
      ...(claims.passwordChangeRequired ? { pcr: true } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Throws INVALID_TOKEN for any token that is malformed, tampered, expired or foreign. */
  async verify(token: string): Promise<AccessClaims> {
    const cached = this.verified.get(token);
    if (cached && cached.expiresAt > Date.now()) return cached.claims;
    return this.verifySignature(token);
  }

  private async verifySignature(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer,
        audience,
        algorithms: ['HS256'],
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.role !== 'string'
      ) {
        throw new AppError('INVALID_TOKEN', 'The token lacks required claims');
      }
      const claims: AccessClaims = {
        userId: payload.sub,
        role: payload.role as Role,
        sessionId: payload.sid,
        ...(payload.pcr === true ? { passwordChangeRequired: true as const } : {}),
      };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= cachedTokensMax) this.verified.clear();
        this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      }
      return claims;
    } catch (error) {
      if (error instanceof AppError) throw error;
      const expired = error instanceof joseErrors.JWTExpired;
      throw new AppError(
        'INVALID_TOKEN',
        expired ? 'The access token has expired' : 'The access token is not valid',
        undefined,
        {
          cause: error,
        },
      );
    }
  }
}
