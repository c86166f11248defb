import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The Fastify scope the chain routes are registered in (TypeBox type provider, /api/v1). */
export type ApiScope = Parameters<FastifyPluginAsyncTypebox>[0];
