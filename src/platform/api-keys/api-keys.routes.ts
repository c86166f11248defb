/**
 * A user's API keys: create, list, revoke. Only a signed-in person manages keys: these routes
 * accept no API key (a key cannot make or end keys). Staff and admins may hold read-only keys (a
 * venue-wide FIX drop copy logs on with one); their powers stay behind their own sign-in.
 */
import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { ApiKeyView, CreateApiKeyBody, CreatedApiKey } from './api-keys.schemas.js';
import type { ApiKeysService } from './api-keys.service.js';

export function apiKeysRoutes(
  app: HttpApp,
  keys: ApiKeysService,
  { guard, stepUp }: ReturnType<typeof guards>,
) {
  const owners = ['investor', 'issuer', 'staff', 'admin'] as const;
  const owner = guard(...owners);
  const tags = ['api keys'];

  app.post(
    '/api/v1/me/api-keys',
    {
      // a key acts for its owner unattended: making one needs a second factor verified just now
      onRequest: stepUp(...owners),
      schema: {
        tags,
        summary: 'Create an API key; the answer holds its secret, shown this once',
        security: bearer,
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKey },
      },
    },
    async (request, reply) => {
      const created = await keys.create(caller(request), request.body, request.ip);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/v1/me/api-keys',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Your API keys, newest first, revoked ones included (never their secrets)',
        security: bearer,
        response: { 200: Type.Object({ items: Type.Array(ApiKeyView) }) },
      },
    },
    async (request) => ({ items: await keys.list(caller(request).userId) }),
  );

  app.delete(
    '/api/v1/me/api-keys/:id',
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Revoke an API key: refused on every process and trading node within a second',
        security: bearer,
        params: IdParams,
        response: { 200: ApiKeyView },
      },
    },
    async (request) => keys.revoke(caller(request).userId, request.params.id, request.ip),
  );
}
