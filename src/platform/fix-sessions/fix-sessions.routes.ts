/** FIX sessions in the back office (docs/fix.md): staff and admins set them up and disable them. */
import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { CreateFixSessionBody, FixSessionView } from './fix-sessions.schemas.js';
import type { FixSessionsService } from './fix-sessions.service.js';

export function fixSessionsRoutes(
  app: HttpApp,
  sessions: FixSessionsService,
  { guard }: ReturnType<typeof guards>,
) {
  const staff = guard('staff', 'admin');
  const tags = ['admin'];

  app.post(
    '/api/v1/admin/fix-sessions',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Set up a FIX session for a user, logging on with one of the user's API keys",
        security: bearer,
        body: CreateFixSessionBody,
        response: { 201: FixSessionView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sessions.create(caller(request).userId, request.body, request.ip)),
  );

  app.get(
    '/api/v1/admin/fix-sessions',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'FIX sessions, newest first, disabled ones included; of one user with user_id',
        security: bearer,
        querystring: Type.Object(
          { user_id: Type.Optional(Type.String({ format: 'uuid' })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ items: Type.Array(FixSessionView) }) },
      },
    },
    async (request) => ({ items: await sessions.list(request.query.user_id) }),
  );

  app.delete(
    '/api/v1/admin/fix-sessions/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Disable a FIX session: its next Logon is refused, a connected one is ended',
        security: bearer,
        params: IdParams,
        response: { 200: FixSessionView },
      },
    },
    async (request) => sessions.disable(caller(request).userId, request.params.id, request.ip),
  );
}
