import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { toUserView, UserView } from '../users/users.schemas.js';
import { LoginBody, RefreshBody, RegisterBody, TokenPair } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(
  app: HttpApp,
  auth: AuthService,
  { guard }: ReturnType<typeof guards>,
  perMinute: number,
) {
  // Credential endpoints get a tighter per-IP limit than the global one, on top of the per-email lockout.
  const credentialRateLimit = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };
  app.post(
    '/api/v1/auth/register',
    {
      config: credentialRateLimit,
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
      config: credentialRateLimit,
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
      config: credentialRateLimit,
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
    '/api/v1/auth/logout',
    {
      onRequest: guard(),
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
