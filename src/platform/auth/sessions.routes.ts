/** Your sessions and devices; staff's view of a user's sessions and ending them all. */
import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams, Text } from '../../lib/http/route-schemas.js';
import type { SessionsService } from './sessions.service.js';

const SessionView = Type.Object({
  id: Type.String(),
  device: Type.String({ description: 'the browser and system, read from the user agent' }),
  user_agent: Type.String(),
  ip: Type.String({ description: 'the address the session signed in from' }),
  amr: Type.Array(Type.String(), { description: 'how it signed in: pwd, otp, hwk' }),
  created_at: Type.String({ format: 'date-time' }),
  last_seen_at: Type.String({
    format: 'date-time',
    description: 'its last sign-in, token refresh or step-up',
  }),
  current: Type.Boolean({ description: 'the session making this request' }),
});
const Sessions = Type.Object({ items: Type.Array(SessionView) });

export function sessionsRoutes(
  app: HttpApp,
  sessions: SessionsService,
  { beforeEnrolment, guard, stepUp }: ReturnType<typeof guards>,
) {
  const tags = ['sessions'];
  app.get(
    '/api/v1/me/sessions',
    {
      onRequest: beforeEnrolment(),
      schema: {
        tags,
        summary: 'Your open sessions, the latest seen first',
        security: bearer,
        response: { 200: Sessions },
      },
    },
    async (request) => {
      const { userId, sessionId } = caller(request);
      return { items: await sessions.list(userId, sessionId) };
    },
  );

  app.delete(
    '/api/v1/me/sessions/:id',
    {
      onRequest: beforeEnrolment(),
      schema: {
        tags,
        summary: 'End one of your sessions: its tokens stop working at once',
        security: bearer,
        params: IdParams,
        response: { 200: Type.Object({ ended: Type.Boolean() }) },
      },
    },
    async (request) => {
      await sessions.end(caller(request).userId, request.params.id, request.ip);
      return { ended: true };
    },
  );

  app.post(
    '/api/v1/me/sessions/end-others',
    {
      onRequest: beforeEnrolment(),
      schema: {
        tags,
        summary: 'End every session but this one',
        security: bearer,
        response: { 200: Type.Object({ ended: Type.Integer() }) },
      },
    },
    async (request) => {
      const { userId, sessionId } = caller(request);
      return { ended: await sessions.endOthers(userId, sessionId, request.ip) };
    },
  );

  app.get(
    '/api/v1/admin/users/:id/sessions',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary: "A user's open sessions",
        security: bearer,
        params: IdParams,
        response: { 200: Sessions },
      },
    },
    async (request) => ({ items: await sessions.list(request.params.id) }),
  );

  app.post(
    '/api/v1/admin/users/:id/sessions/end',
    {
      onRequest: stepUp('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary: 'End every session of a user (audited; needs a recent step-up)',
        security: bearer,
        params: IdParams,
        body: Type.Object({ reason: Text(500) }, { additionalProperties: false }),
        response: { 200: Type.Object({ ended: Type.Integer() }) },
      },
    },
    async (request) => ({
      ended: await sessions.endAllByStaff(
        caller(request).userId,
        request.params.id,
        request.body.reason,
        request.ip,
      ),
    }),
  );
}
