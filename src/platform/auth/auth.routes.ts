import { Type } from '@sinclair/typebox';
import { sharedRateLimit, type HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { toUserView, UserView } from '../users/users.schemas.js';
import { bearer } from '../../lib/http/route-schemas.js';
import {
  ChangePasswordBody,
  LoginBody,
  RefreshBody,
  RegisterBody,
  TokenPair,
} from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(
  app: HttpApp,
  auth: AuthService,
  { beforePasswordChange }: ReturnType<typeof guards>,
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
        body: LoginBody,
        response: { 200: TokenPair },
      },
    },
    async (request) => auth.login(request.body, request.ip),
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
