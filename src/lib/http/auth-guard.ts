/**
 * Authentication and role guards for user-facing routes. `authenticate` verifies the bearer access
 * token and attaches `request.auth`; `requireRole` also checks the caller's role. Routes declare
 * both through `guard(...)` so every protected route reads the same way, attached as the route's
 * `onRequest` hook: authentication and the role come before the body is parsed and validated, so
 * an anonymous caller gets 401 and a wrong role 403 whatever it sent, never a 400 that tells it
 * about the route's input.
 *
 * A program may call instead with a signed API key request (docs/api.md, "API keys"), on the
 * routes that say so in their config (`apiKey: 'read' | 'trade'`, the scope the key needs); every
 * other route refuses keys, so a new route is closed to keys until it is marked. The signature
 * covers the body, so the guard reads it whole (within the route's limit) and hands it on to the
 * parser (`replaySignedBody`); a key request is admitted in full here, like a bearer token, before
 * any other hook of the route (the verification gates) and before its input is parsed.
 *
 * Staff and admins have a second factor in every session: a staff token without one (an account
 * that has not enrolled yet) passes only the routes that let it enrol (`beforeEnrolment`). Routes
 * of irreversible or money-moving actions use `stepUp`: a second factor verified in the session
 * within the last few minutes (docs/security.md, "Step-up").
 */
import { Readable } from 'node:stream';
import type {
  FastifyRequest,
  onRequestHookHandler,
  onRouteHookHandler,
  preParsingAsyncHookHandler,
} from 'fastify';
import { hasSecondFactor, type AccessClaims, type AccessTokens } from '../auth/access-token.js';
import { systemClock, type Clock } from '../clock.js';
import { apiKeySession, type ApiKeyEntry, type ApiKeyRing } from '../auth/api-keys.js';
import { provenClientAddress } from '../auth/client-address.js';
import { keyHeader, signatureHeader, timestampHeader } from '../auth/request-signing.js';
import type { ApiKeyScope, Role } from '../db/schema.js';
import { AppError } from '../errors.js';

/** The caller of a guarded route: a signed-in user, or a program with one of its API keys. */
export interface Caller extends AccessClaims {
  /** the API key the request was signed with */
  apiKeyId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Caller;
    /** the body of a key-signed request, read by the guard to check its signature */
    signedBody?: Buffer;
  }
  interface FastifyContextConfig {
    /** the scope an API key needs on this route; absent: the route refuses keys */
    apiKey?: ApiKeyScope;
  }
}

export interface GuardDeps {
  tokens: AccessTokens;
  /**
   * false once the session was revoked (logout, refresh-token reuse); a process that keeps the
   * revoked sessions in memory answers at once, one that asks the database answers a promise
   */
  isSessionActive: (sessionId: string) => boolean | Promise<boolean>;
  /** the API keys in force; without it every key is refused */
  apiKeys?: ApiKeyRing;
  /** SERVICE_TOKEN: a key request proven with it is checked against the client it names */
  serviceToken?: string;
  /** how recent a second factor must be on `stepUp` routes; 300 s unless told */
  stepUpMaxAgeSeconds?: number;
  /** whether the user has a second factor enrolled (a session begun before it has none) */
  hasFactor?: (userId: string) => Promise<boolean>;
  clock?: Clock;
}

/** How far along the sign-in a route admits a session: all the way, or still setting up. */
type Stage = 'ready' | 'beforeEnrolment' | 'beforePasswordChange';

const factorRequiredRoles: readonly Role[] = ['staff', 'admin'];

/**
 * An onRequest hook after the guard: the session verified a second factor at most
 * `maxAgeSeconds` ago. Refuses 403 STEP_UP_REQUIRED (verify one: POST /api/v1/auth/step-up), or
 * MFA_REQUIRED when the user has none enrolled, and refuses API keys outright.
 */
export function requireRecentSecondFactor(
  maxAgeSeconds: number,
  hasFactor: (userId: string) => Promise<boolean> = () => Promise.resolve(false),
  clock: Clock = systemClock,
): onRequestHookHandler {
  return (request, _reply, done) => {
    const claims = request.auth;
    if (!claims) return done(new AppError('UNAUTHENTICATED'));
    if (claims.apiKeyId !== undefined) return done(new AppError('API_KEY_NOT_ACCEPTED'));
    const now = Math.floor(clock.now().getTime() / 1000);
    if (hasSecondFactor(claims)) {
      if (claims.factorTime !== undefined && now - claims.factorTime <= maxAgeSeconds) {
        return done();
      }
      return done(stepUpRequired(maxAgeSeconds));
    }
    hasFactor(claims.userId).then(
      (enrolled) =>
        done(
          enrolled
            ? stepUpRequired(maxAgeSeconds)
            : new AppError(
                'MFA_REQUIRED',
                'This action needs a second factor: enrol one (an authenticator app or a passkey) first',
              ),
        ),
      (error: Error) => done(error),
    );
  };
}

function stepUpRequired(maxAgeSeconds: number): AppError {
  return new AppError(
    'STEP_UP_REQUIRED',
    `Confirm it is you with your second factor (POST /api/v1/auth/step-up); it counts for ${maxAgeSeconds} s`,
    { max_age: maxAgeSeconds },
  );
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export function guards(deps: GuardDeps) {
  /** The refusal of a caller whose session is `active` (or not), or undefined to admit it. */
  function refusal(claims: AccessClaims, active: boolean, roles: readonly Role[], stage: Stage) {
    if (!active) return new AppError('INVALID_TOKEN', 'The session has ended; log in again');
    if (claims.passwordChangeRequired && stage !== 'beforePasswordChange') {
      return new AppError(
        'PASSWORD_CHANGE_REQUIRED',
        'Change your password (POST /api/v1/me/password), then refresh the session',
      );
    }
    if (
      factorRequiredRoles.includes(claims.role) &&
      !hasSecondFactor(claims) &&
      stage === 'ready'
    ) {
      return new AppError(
        'MFA_ENROLMENT_REQUIRED',
        'Staff and admins need a second factor: enrol one (POST /api/v1/me/factors/totp) first',
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
    return admit(roles, 'ready');
  }

  const recentFactor = requireRecentSecondFactor(
    deps.stepUpMaxAgeSeconds ?? 300,
    deps.hasFactor,
    deps.clock,
  );

  /** The guard, then a second factor verified recently in the session (irreversible actions). */
  function stepUp(...roles: Role[]): onRequestHookHandler[] {
    return [admit(roles, 'ready'), recentFactor];
  }

  /**
   * A key-signed request: the key in force and the timestamp in the window, then the body read
   * whole and the signature, replay, address and rate checked, then the route's scope and roles.
   */
  async function admitKey(request: FastifyRequest, roles: readonly Role[], accessKey: string) {
    if (request.headers.authorization !== undefined) {
      throw new AppError(
        'UNAUTHENTICATED',
        'Send either Authorization: Bearer or a signed API key request, not both',
      );
    }
    const timestamp = headerOf(request, timestampHeader);
    const signature = headerOf(request, signatureHeader);
    if (timestamp === undefined || signature === undefined) {
      throw new AppError(
        'INVALID_SIGNATURE',
        'Send X-Tessera-Timestamp and X-Tessera-Signature with X-Tessera-Key',
      );
    }
    const ring = deps.apiKeys;
    if (!ring) throw new AppError('INVALID_API_KEY');
    const entry = ring.admit(accessKey, timestamp);
    const body = await readBody(request);
    request.signedBody = body;
    const { method = '', url = '' } = request.raw;
    // the FIX gateway calls for its client: the key's allow-list meets the client's address
    const ip =
      (deps.serviceToken && provenClientAddress(deps.serviceToken, request.headers, signature)) ||
      request.ip;
    ring.verify(entry, { timestamp, method, pathWithQuery: url, body }, signature, ip);
    checkKeyRoute(request, entry, roles);
    request.auth = {
      userId: entry.userId,
      role: entry.role,
      sessionId: apiKeySession(entry.id),
      apiKeyId: entry.id,
    };
    ring.recordUse(entry, ip, `${request.method} ${request.routeOptions.url ?? ''}`);
  }

  function checkKeyRoute(request: FastifyRequest, entry: ApiKeyEntry, roles: readonly Role[]) {
    const scope = request.routeOptions.config.apiKey;
    if (scope === undefined) throw new AppError('API_KEY_NOT_ACCEPTED');
    if (!entry.scopes.has(scope)) {
      throw new AppError('API_KEY_SCOPE_MISSING', `This route needs a key with the ${scope} scope`);
    }
    if (roles.length > 0 && !roles.includes(entry.role)) {
      throw new AppError('FORBIDDEN_ROLE', `This action needs the role ${roles.join(' or ')}`);
    }
  }

  function admit(roles: readonly Role[], stage: Stage): onRequestHookHandler {
    return (request, _reply, done) => {
      const accessKey = headerOf(request, keyHeader);
      if (accessKey !== undefined) {
        admitKey(request, roles, accessKey).then(
          () => done(),
          (error: unknown) => done(error as AppError),
        );
        return;
      }
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
        const refused = refusal(claims, active, roles, stage);
        if (!refused) request.auth = claims;
        done(refused);
      };
      const active = deps.isSessionActive(claims.sessionId);
      if (typeof active === 'boolean') settle(active);
      else active.then(settle, (error: Error) => done(error));
    };
  }

  /** Authenticated, also while the password must still be changed: who am I, change, sign out. */
  const beforePasswordChange = () => admit([], 'beforePasswordChange');
  /** Authenticated, also before a staff member enrols a second factor: enrolment, sessions. */
  const beforeEnrolment = () => admit([], 'beforeEnrolment');

  return { guard, stepUp, recentFactor, beforeEnrolment, beforePasswordChange };
}

/** The request's body, read whole by the guard of a key-signed request (within the limit). */
async function readBody(request: FastifyRequest): Promise<Buffer> {
  const limit = request.routeOptions.bodyLimit;
  if (Number(request.headers['content-length']) > limit) throw new AppError('BODY_TOO_LARGE');
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > limit) throw new AppError('BODY_TOO_LARGE');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The preParsing hook of every app: the body the guard read from a key-signed request (to check
 * its signature) is handed on to be parsed as if untouched.
 */
export const replaySignedBody: preParsingAsyncHookHandler = async (request, _reply, payload) =>
  request.signedBody ? Readable.from([request.signedBody], { objectMode: false }) : payload;

/**
 * The onRoute hook of every app: a route open to keys declares the key scheme in its OpenAPI
 * security beside the bearer token, with the scope it needs, so the documents say which routes
 * a program may call.
 */
export const documentKeyRoutes: onRouteHookHandler = (route) => {
  const scope = route.config?.apiKey;
  if (scope === undefined || !route.schema) return;
  route.schema = { ...route.schema, security: [{ bearer: [] }, { apiKey: [scope] }] };
};

/** The authenticated caller of a guarded route. */
export function caller(request: FastifyRequest): Caller {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}
