/**
 * Authentication and role guards for user-facing routes. `authenticate` verifies the bearer access
 * token and attaches `request.auth`; `requireRole` also checks the caller's role. Routes declare
 * both through `guard(...)` so every protected route reads the same way, attached as the route's
 * `onRequest` hook: authentication and the role come before the body is parsed and validated, so
 * an anonymous caller gets 401 and a wrong role 403 whatever it sent, never a 400 that tells it
 * about the route's input.
 */
import type { FastifyRequest } from 'fastify';
import type { AccessClaims, AccessTokens } from '../auth/access-token.js';
import type { Role } from '../db/schema.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AccessClaims;
  }
}

export interface GuardDeps {
  tokens: AccessTokens;
  /** false once the session was revoked (logout, refresh-token reuse) */
  isSessionActive: (sessionId: string) => Promise<boolean>;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export function guards(deps: GuardDeps) {
  async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 'Send Authorization: Bearer <access token>');
    const claims = await deps.tokens.verify(token);
    if (!(await deps.isSessionActive(claims.sessionId))) {
      throw new AppError('INVALID_TOKEN', 'The session has ended; log in again');
    }
    request.auth = claims;
  }

  /**
   * An onRequest hook: authenticated, and (when roles are given) one of those roles. An account
   * that must change its password first passes only `beforePasswordChange` routes.
   */
  function guard(...roles: Role[]) {
    return async (request: FastifyRequest): Promise<void> => {
      await authenticate(request);
      if (request.auth!.passwordChangeRequired) {
        throw new AppError(
          'PASSWORD_CHANGE_REQUIRED',
          'Change your password (POST /api/v1/me/password), then refresh the session',
        );
      }
      if (roles.length > 0 && !roles.includes(request.auth!.role)) {
        throw new AppError('FORBIDDEN_ROLE', `This action needs the role ${roles.join(' or ')}`);
      }
    };
  }

  /** Authenticated, also while the password must still be changed: who am I, change, sign out. */
  const beforePasswordChange = () => authenticate;

  return { guard, beforePasswordChange };
}

/** The authenticated caller of a guarded route. */
export function caller(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}
