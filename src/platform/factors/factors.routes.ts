/**
 * A user's second factors: the authenticator app (TOTP) with its recovery codes, and passkeys.
 * Enrolling is open to a session that has no factor yet (staff must enrol before anything
 * else); removing one, or new recovery codes, need a factor verified in the last few minutes.
 */
import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams, Text } from '../../lib/http/route-schemas.js';
import { AppError } from '../../lib/errors.js';
import type { Db } from '../../lib/db/database.js';
import { findUserById } from '../users/users.queries.js';
import { AccessToken, WebauthnResponse } from '../auth/auth.schemas.js';
import type { AuthService } from '../auth/auth.service.js';
import type { FactorsService } from './factors.service.js';
import type { PasskeyRegistration, Passkeys } from './passkeys.js';

const RecoveryCodes = Type.Array(Type.String(), {
  description: 'one-time codes, shown this once: keep them somewhere safe',
});

/** The answer of a removal: the notice sent to the person (in-app and by email), to show them. */
const Removed = Type.Object({
  removed: Type.Boolean(),
  notice: Type.Object({ title: Type.String(), body: Type.String() }),
});

const FactorStatus = Type.Object({
  totp: Type.Object({
    enrolled: Type.Boolean(),
    enrolled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  passkeys: Type.Array(
    Type.Object({
      id: Type.String(),
      label: Type.String(),
      created_at: Type.String({ format: 'date-time' }),
      last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
  recovery_codes_left: Type.Integer(),
});

export function factorsRoutes(
  app: HttpApp,
  deps: { db: Db; factors: FactorsService; auth: AuthService; passkeys: Passkeys },
  { beforeEnrolment, stepUp }: ReturnType<typeof guards>,
) {
  const { db, factors, auth } = deps;
  const tags = ['second factors'];
  const userOf = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('INVALID_TOKEN', 'The account no longer exists');
    return user;
  };

  app.get(
    '/api/v1/me/factors',
    {
      onRequest: beforeEnrolment(),
      schema: {
        tags,
        summary: 'Your second factors',
        security: bearer,
        response: { 200: FactorStatus },
      },
    },
    async (request) => factors.status(caller(request).userId),
  );

  app.post(
    '/api/v1/me/factors/totp',
    {
      onRequest: beforeEnrolment(),
      schema: {
        tags,
        summary: 'Begin enrolling an authenticator app: a secret to scan, pending until confirmed',
        description:
          'The QR code (a PNG data URL) holds the otpauth:// URI. Asking again replaces a pending secret; an enrolled app must be removed first (FACTOR_ALREADY_ENROLLED).',
        security: bearer,
        response: {
          201: Type.Object({
            secret: Type.String({
              description: 'base32, to type in when a QR code cannot be read',
            }),
            otpauth_uri: Type.String(),
            qr_code: Type.String(),
          }),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await factors.startTotp(await userOf(caller(request).userId))),
  );

  app.post(
    '/api/v1/me/factors/totp/confirm',
    {
      onRequest: beforeEnrolment(),
      schema: {
        tags,
        summary: 'Confirm the authenticator app with its first code',
        description:
          'The first factor comes with ten recovery codes, shown once. The code counts as a second factor for this session: the answer holds a fresh access token that says so.',
        security: bearer,
        body: Type.Object(
          { code: Type.String({ minLength: 6, maxLength: 6, pattern: '^[0-9]{6}$' }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ ...AccessToken.properties, recovery_codes: RecoveryCodes }),
        },
      },
    },
    async (request) => {
      const session = caller(request);
      const user = await userOf(session.userId);
      const recoveryCodes = await factors.confirmTotp(user, request.body.code, request.ip);
      const token = await auth.recordFactor(session, 'otp', request.ip);
      return { ...token, recovery_codes: recoveryCodes };
    },
  );

  app.post(
    '/api/v1/me/factors/totp/remove',
    {
      onRequest: stepUp(),
      schema: {
        tags,
        summary: 'Remove the authenticator app (needs a recent step-up)',
        description:
          'Staff and admins cannot remove their last factor (FACTOR_REQUIRED_FOR_ROLE). The answer holds the notice sent to you (in-app and by email); the last factor gone, the recovery codes go with it.',
        security: bearer,
        response: { 200: Removed },
      },
    },
    async (request) => {
      const notice = await factors.remove(
        await userOf(caller(request).userId),
        { totp: true },
        request.ip,
      );
      return { removed: true, notice: { title: notice.title, body: notice.body } };
    },
  );

  app.post(
    '/api/v1/me/factors/recovery-codes',
    {
      onRequest: stepUp(),
      schema: {
        tags,
        summary: 'New recovery codes; the old ones stop working (needs a recent step-up)',
        security: bearer,
        response: { 200: Type.Object({ recovery_codes: RecoveryCodes }) },
      },
    },
    async (request) => ({
      recovery_codes: await factors.regenerateRecoveryCodes(
        await userOf(caller(request).userId),
        request.ip,
      ),
    }),
  );

  app.post(
    '/api/v1/me/factors/passkeys/options',
    {
      onRequest: beforeEnrolment(),
      schema: {
        tags,
        summary: 'The WebAuthn options to create a passkey, and the challenge to send back',
        security: bearer,
        response: {
          200: Type.Object({
            challenge_token: Type.String(),
            options: Type.Record(Type.String(), Type.Unknown()),
          }),
        },
      },
    },
    async (request) => {
      const user = await userOf(caller(request).userId);
      const options = await deps.passkeys.registrationOptions(user);
      return {
        challenge_token: await auth.newChallenge(user.id, options.challenge),
        options: { ...options },
      };
    },
  );

  app.post(
    '/api/v1/me/factors/passkeys',
    {
      onRequest: beforeEnrolment(),
      schema: {
        tags,
        summary: 'Register the passkey the browser created',
        description:
          'The first factor comes with ten recovery codes, shown once; the passkey counts as a second factor for this session (a fresh access token).',
        security: bearer,
        body: Type.Object(
          {
            challenge_token: Type.String({ minLength: 1, maxLength: 200 }),
            label: Text(100),
            credential: WebauthnResponse,
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            id: Type.String(),
            ...AccessToken.properties,
            recovery_codes: RecoveryCodes,
          }),
        },
      },
    },
    async (request, reply) => {
      const session = caller(request);
      const user = await userOf(session.userId);
      const { challenge } = await auth.openChallenge(request.body.challenge_token);
      if (challenge.user_id !== user.id || !challenge.webauthn_challenge) {
        throw new AppError('FACTOR_CHALLENGE_INVALID');
      }
      const key = await deps.passkeys.verifyRegistration(
        request.body.credential as unknown as PasskeyRegistration,
        challenge.webauthn_challenge,
      );
      if (!key || !(await auth.spendChallenge(challenge.id))) {
        throw new AppError('PASSKEY_INVALID');
      }
      const added = await factors.addPasskey(user, key, request.body.label, request.ip);
      const token = await auth.recordFactor(session, 'hwk', request.ip);
      return reply.code(201).send({ id: added.id, ...token, recovery_codes: added.recoveryCodes });
    },
  );

  app.post(
    '/api/v1/me/factors/passkeys/:id/remove',
    {
      onRequest: stepUp(),
      schema: {
        tags,
        summary: 'Remove a passkey (needs a recent step-up)',
        description:
          'Staff and admins cannot remove their last factor (FACTOR_REQUIRED_FOR_ROLE). The answer holds the notice sent to you (in-app and by email).',
        security: bearer,
        params: IdParams,
        response: { 200: Removed },
      },
    },
    async (request) => {
      const user = await userOf(caller(request).userId);
      const notice = await factors.remove(user, { passkeyId: request.params.id }, request.ip);
      return { removed: true, notice: { title: notice.title, body: notice.body } };
    },
  );
}
