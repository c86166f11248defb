import { Type } from '@sinclair/typebox';
import { sharedRateLimit, type HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer } from '../../lib/http/route-schemas.js';
import type { FastifyRequest } from 'fastify';
import {
  AccessToken,
  ChangePasswordBody,
  EmailTokenBody,
  FactorChallenge,
  LoginBody,
  LoginFactorBody,
  PasswordResetRequestBody,
  RefreshBody,
  RegisterBody,
  RegistrationAccepted,
  ResetPasswordBody,
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
        summary: 'Register as an investor or issuer; a verification link goes to the address',
        description:
          'Answers 202 with the same body whether the address was free or already has an account (no enumeration): a new account gets a verification link by email, the owner of an existing one an email saying someone tried. Sign in afterwards; deposits, subscriptions, orders and withdrawals wait for the verified address (EMAIL_NOT_VERIFIED).',
        body: RegisterBody,
        response: { 202: RegistrationAccepted },
      },
    },
    async (request, reply) => {
      await auth.register(request.body, request.ip);
      return reply.code(202).send({
        accepted: true,
        message: 'Check your email: follow the link we sent to verify your address, then sign in.',
      });
    },
  );

  app.post(
    '/api/v1/auth/verify-email',
    {
      ...credential,
      schema: {
        tags: ['auth'],
        summary: 'Verify your email address with the token of the link sent to it',
        description: 'The link works once and expires (EMAIL_VERIFY_LINK_HOURS).',
        body: EmailTokenBody,
        response: { 200: Type.Object({ verified: Type.Boolean() }) },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.body.token, request.ip);
      return { verified: true };
    },
  );

  app.post(
    '/api/v1/me/email-verification',
    {
      ...credential,
      onRequest: beforePasswordChange(),
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification link to your address',
        description:
          'At most one a minute and five a day (RATE_LIMITED, with retry_after_seconds); EMAIL_ALREADY_VERIFIED once verified.',
        security: bearer,
        response: { 202: Type.Object({ sent: Type.Boolean() }) },
      },
    },
    async (request, reply) => {
      await auth.resendVerification(caller(request).userId);
      return reply.code(202).send({ sent: true });
    },
  );

  app.post(
    '/api/v1/auth/password-reset',
    {
      ...credential,
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link by email',
        description:
          'Answers 202 whether or not the address has an account; an account gets a link that works once within PASSWORD_RESET_LINK_MINUTES (at most one a minute, five a day).',
        body: PasswordResetRequestBody,
        response: { 202: Type.Object({ accepted: Type.Literal(true) }) },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, request.ip);
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/api/v1/auth/password-reset/confirm',
    {
      ...credential,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link; every session ends',
        body: ResetPasswordBody,
        response: { 200: Type.Object({ reset: Type.Boolean() }) },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, request.ip);
      return { reset: true };
    },
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
