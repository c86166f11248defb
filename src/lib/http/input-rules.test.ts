/**
 * The input rules `buildHttpApp` holds for every route of every process: text with a lone UTF-16
 * surrogate is refused wherever a JSON body holds it (the URL cannot carry one), and a route of the API refuses query
 * parameters it does not declare (none declared: none taken). Hidden routes (the web app's pages)
 * take any query.
 */
import { Type } from '@sinclair/typebox';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp, type HttpApp } from './app.js';
import { testHttpOptions } from './testing/test-http-options.js';

let app: HttpApp;

beforeAll(async () => {
  app = await buildHttpApp(testHttpOptions);
  app.post(
    '/things',
    {
      schema: {
        body: Type.Object({ name: Type.String(), tags: Type.Optional(Type.Array(Type.String())) }),
      },
    },
    (request) => request.body,
  );
  app.get(
    '/things',
    { schema: { querystring: Type.Object({ name: Type.Optional(Type.String()) }) } },
    (request) => request.query,
  );
  app.get('/things/:id', (request) => request.params);
  app.get('/page', { schema: { hide: true } }, (request) => request.query);
  await app.ready();
});
afterAll(() => app.close());

async function refusal(request: InjectOptions) {
  const response = await app.inject(request);
  return { status: response.statusCode, ...response.json<{ code: string; errors?: unknown }>() };
}

describe('lone surrogates', () => {
  it('are refused in a body text, a text in a list and a key', async () => {
    for (const payload of [
      '{"name":"a\\ud800b"}',
      '{"name":"ok","tags":["x","\\udc00"]}',
      '{"name":"ok","\\ud800":1}',
    ]) {
      expect(
        await refusal({
          method: 'POST',
          url: '/things',
          payload,
          headers: { 'content-type': 'application/json' },
        }),
      ).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('names the field', async () => {
    const answer = await refusal({
      method: 'POST',
      url: '/things',
      payload: '{"name":"ok","tags":["x","\\udc00"]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.errors).toEqual([expect.objectContaining({ field: 'body.tags.1' })]);
  });

  it('takes surrogate pairs (emoji)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: '{"name":"\\ud83d\\ude42"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.json()).toEqual({ name: '🙂' });
  });

  it('cannot come through the URL, whose escapes are UTF-8', async () => {
    expect(await refusal({ method: 'GET', url: '/things/%ED%A0%80' })).toMatchObject({
      status: 400,
      code: 'MALFORMED_URL',
    });
    expect((await app.inject({ method: 'GET', url: '/things?name=%ED%A0%80' })).json()).toEqual({
      name: '%ED%A0%80',
    });
  });
});

describe('unknown query parameters', () => {
  it('are refused where a route declares its parameters and where it declares none', async () => {
    expect(await refusal({ method: 'GET', url: '/things?user_id=x' })).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ unknown_field: 'user_id' })],
    });
    expect(await refusal({ method: 'GET', url: '/things/1?user_id=x' })).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await app.inject({ method: 'GET', url: '/things?name=x' })).json()).toEqual({
      name: 'x',
    });
  });

  it('are taken by hidden routes (the web app reads its own)', async () => {
    expect((await app.inject({ method: 'GET', url: '/page?token=x' })).json()).toEqual({
      token: 'x',
    });
  });
});
