/**
 * A guarded route on one resource addressed by its UUID (`/…/:id`), answering one view: the shape
 * shared by reading and cancelling one's own orders, OTC requests and the like.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { onRequestHookHandler } from 'fastify';
import type { AccessClaims } from '../auth/access-token.js';
import type { ApiKeyScope } from '../db/schema.js';
import type { HttpApp } from './app.js';
import { caller } from './auth-guard.js';
import { bearer, IdParams } from './route-schemas.js';

export interface ByIdRoute<T extends TSchema> {
  method: 'GET' | 'DELETE';
  url: string;
  /** the route's guard (auth-guard.ts) */
  onRequest: onRequestHookHandler;
  /** the scope an API key needs here; absent: keys are refused */
  apiKey?: ApiKeyScope;
  tags: string[];
  summary: string;
  response: T;
  handler: (who: AccessClaims, id: string) => Promise<Static<T>>;
}

export function byIdRoute<T extends TSchema>(app: HttpApp, route: ByIdRoute<T>): void {
  // A plain schema here: the answer's type is checked where the route is declared (`handler`).
  const response: TSchema = route.response;
  app.route({
    method: route.method,
    url: route.url,
    onRequest: route.onRequest,
    ...(route.apiKey ? { config: { apiKey: route.apiKey } } : {}),
    schema: {
      tags: route.tags,
      summary: route.summary,
      security: bearer,
      params: IdParams,
      response: { 200: response },
    },
    handler: async (request) => route.handler(caller(request), request.params.id),
  });
}
