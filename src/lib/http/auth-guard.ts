/**
 * Authentication and role guards for user-facing routes. `authenticate` verifies the bearer access
 * token and attaches `request.auth`; `requireRole` also checks the caller's role. Routes declare
 * both through `guard(...)` so every protected route reads the same way, attached as the route's
 * `onRequest` hook: authentication and the role come before the body is parsed and validated, so
 * an anonymous caller gets 401 and a wrong role 403 whatever it sent, never a 400 that tells it
 * about the route's input.
 */
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
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
  /**
   * false once the session was revoked (logout, refresh-token reuse); a process that keeps the
   * revoked sessions in memory answers at once, one that asks the database answers a promise
   */
  isSessionActive: (sessionId: string) => boolean | Promise<boolean>;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export function guards(deps: GuardDeps) {
  /** The refusal of a caller whose session is `active` (or not), or undefined to admit it. */
  function refusal(
    claims: AccessClaims,
    active: boolean,
    roles: readonly Role[],
    beforePasswordChange: boolean,
  ) {
    if (!active) return new AppError('INVALID_TOKEN', 'The session has ended; log in again');
    if (claims.passwordChangeRequired && !beforePasswordChange) {
      return new AppError(
        'PASSWORD_CHANGE_REQUIRED',
        'Change your password (POST /api/v1/me/password), then refresh the session',
      );
    }
    if (roles.length > 0 && !roles.includes(claims.role)) {
      return new AppError('FORBIDDEN_ROLE', `This action needs the role ${roles.join(' or ')}`);
    }
    return undefined;
  }

  /**
   * An onRequest hook: authenticated, and (when roles are given) one of those roles. An account
   * that must change its password first passes only `beforePasswordChange` routes. A callback
   * hook, not an async one: with the token verified synchronously and the sessions in memory
   * (trading), a request passes it without a promise.
   */
  function guard(...roles: Role[]): onRequestHookHandler {
    return admit(roles, false);
  }

  function admit(roles: readonly Role[], beforePasswordChange: boolean): onRequestHookHandler {
    return (request, _reply, done) => {
      let claims: AccessClaims;
      try {
        const token = bearerToken(request);
        if (!token) {
          throw new AppError('UNAUTHENTICATED', 'Send Authorization: Bearer <access token>');
        }
        claims = deps.tokens.verify(token);
      } catch (error) {
        done(error as AppError);
        return;
      }
      const settle = (active: boolean) => {
        const refused = refusal(claims, active, roles, beforePasswordChange);
        if (!refused) request.auth = claims;
        done(refused);
      };
      const active = deps.isSessionActive(claims.sessionId);
      if (typeof active === 'boolean') settle(active);
      else active.then(settle, (error: Error) => done(error));
    };
  }

  /** Authenticated, also while the password must still be changed: who am I, change, sign out. */
  const beforePasswordChange = () => admit([], true);

  return { guard, beforePasswordChange };
}

/** The authenticated caller of a guarded route. */
export function caller(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}
