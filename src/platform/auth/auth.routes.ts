import { Type } from '@sinclair/typebox';
import { sharedRateLimit, type HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { toUserView, UserView } from '../users/users.schemas.js';
import { bearer } from '../../lib/http/route-schemas.js';
import type { FastifyRequest } from 'fastify';
import {
  AccessToken,
  ChangePasswordBody,
  FactorChallenge,
  LoginBody,
  LoginFactorBody,
  RefreshBody,
  RegisterBody,
  StepUpBody,
  TokenPair,
} from './auth.schemas.js';
import type { AuthService, Origin } from './auth.service.js';

/** The request's address and user agent (the session's device). */
export function originOf(request: FastifyRequest): Origin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

const PasskeyOptions = Type.Record(Type.String(), Type.Unknown(), {
  description: 'PublicKeyCredentialRequestOptionsJSON, for @simplewebauthn/browser',
});

export function authRoutes(
  app: HttpApp,
  auth: AuthService,
  { beforePasswordChange, beforeEnrolment }: ReturnType<typeof guards>,
  perMinute: number,
) {
  // The credential endpoints share one per-IP budget, tighter than the global limit, on top of
  // the per-email lockout: `perMinute` attempts a minute across all of them, not per route.
  const credential = sharedRateLimit(app, perMinute);
  app.post(
    '/api/v1/auth/register',
    {
      ...credential,
      schema: {
        tags: ['auth'],
        summary: 'Register as an investor or issuer',
        body: RegisterBody,
        response: { 201: UserView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(toUserView(await auth.register(request.body, request.ip))),
  );

  app.post(
    '/api/v1/auth/login',
    {
      ...credential,
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password',
        description:
          'Answers a token pair, or, when the account has a second factor, a challenge to present with it to POST /api/v1/auth/login/factor.',
        body: LoginBody,
        response: { 200: Type.Union([TokenPair, FactorChallenge]) },
      },
    },
    async (request) => auth.login(request.body, originOf(request)),
  );

  app.post(
    '/api/v1/auth/login/factor',
    {
      ...credential,
      schema: {
        tags: ['auth'],
        summary: "A login's second step: the challenge and a factor",
        description:
          'A code of the authenticator app, a recovery code (each works once), or a passkey (ask for its options first). Wrong, expired and replayed codes count as failed logins.',
        body: LoginFactorBody,
        response: { 200: TokenPair },
      },
    },
    async (request) => auth.loginFactor(request.body, originOf(request)),
  );

  app.post(
    '/api/v1/auth/login/passkey-options',
    {
      ...credential,
      schema: {
        tags: ['auth'],
        summary: "The WebAuthn options to answer a login's challenge with a passkey",
        body: Type.Object(
          { challenge_token: Type.String({ minLength: 1, maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: { 200: PasskeyOptions },
      },
    },
    async (request) => ({ ...(await auth.loginPasskeyOptions(request.body.challenge_token)) }),
  );

  app.post(
    '/api/v1/auth/step-up',
    {
      ...credential,
      onRequest: beforeEnrolment(),
      schema: {
        tags: ['auth'],
        summary: 'Verify your second factor again; a fresh access token carries it',
        description:
          'Actions that move money or cannot be undone need a second factor verified in the session within the last few minutes (STEP_UP_REQUIRED); this verifies one. The refresh token is unchanged; refreshed tokens carry the new time too.',
        security: bearer,
        body: StepUpBody,
        response: { 200: AccessToken },
      },
    },
    async (request) => auth.stepUp(caller(request), request.body, request.ip),
  );

  app.post(
    '/api/v1/auth/step-up/passkey-options',
    {
      ...credential,
      onRequest: beforeEnrolment(),
      schema: {
        tags: ['auth'],
        summary: 'The WebAuthn options to step up with a passkey, and the challenge to send back',
        security: bearer,
        response: {
          200: Type.Object({ challenge_token: Type.String(), options: PasskeyOptions }),
        },
      },
    },
    async (request) => {
      const { challenge_token, options } = await auth.stepUpPasskeyOptions(caller(request));
      return { challenge_token, options: { ...options } };
    },
  );

  app.post(
    '/api/v1/auth/refresh',
    {
      ...credential,
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new pair (rotation)',
        body: RefreshBody,
        response: { 200: TokenPair },
      },
    },
    async (request) => auth.refresh(request.body.refresh_token, request.ip),
  );

  app.post(
    '/api/v1/me/password',
    {
      ...credential,
      onRequest: beforePasswordChange(),
      schema: {
        tags: ['auth'],
        summary: 'Change your password; your other sessions end',
        description:
          'Needs the current password. The new one follows the password policy and must differ from the current one. Every other session (refresh token family) is revoked; this one stays.',
        security: bearer,
        body: ChangePasswordBody,
        response: { 200: Type.Object({ changed: Type.Boolean() }) },
      },
    },
    async (request) => {
      await auth.changePassword(caller(request), request.body, request.ip);
      return { changed: true };
    },
  );

  app.post(
    '/api/v1/auth/logout',
    {
      onRequest: beforePasswordChange(),
      schema: {
        tags: ['auth'],
        summary: 'End the session: its refresh and access tokens stop working',
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ logged_out: Type.Boolean() }) },
      },
    },
    async (request) => {
      const { userId, sessionId } = caller(request);
      await auth.logout(userId, sessionId, request.ip);
      return { logged_out: true };
    },
  );
}
