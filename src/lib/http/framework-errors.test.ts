/**
 * The errors Fastify and Node's HTTP parser raise before a route runs (an over-long path
 * parameter, a URL that does not decode, an oversize or malformed body, a wrong content type, no
 * such route, a request Node cannot parse) answer problem+json with a stable code like every
 * other refusal. Every process (platform, trading, chain, provider sandbox) builds on
 * `buildHttpApp`, so this holds for all of them; it is tested over a real socket.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp, type HttpApp } from './app.js';
import { testHttpOptions } from './testing/test-http-options.js';

let app: HttpApp;
let base: string;
let port: number;

beforeAll(async () => {
  app = await buildHttpApp(testHttpOptions);
  app.get('/things/:id', (request) => request.params);
  app.post('/things', (request) => request.body);
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(base).port);
});
afterAll(() => app.close());

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ status: response.status, type: expect.stringMatching(/^urn:/) });
  return body;
}

/** A raw request as written, for what fetch refuses to send; answers the status line and body. */
function raw(request: string): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ head, body });
    });
  });
}

describe('framework errors', () => {
  it('an over-long path parameter is 414 PARAMETER_TOO_LONG', async () => {
    const response = await fetch(`${base}/things/${'a'.repeat(5000)}`);
    expect(response.status).toBe(414);
    expect(await problemOf(response)).toMatchObject({ code: 'PARAMETER_TOO_LONG' });
  });

  it('a path parameter that does not decode is 400 MALFORMED_URL', async () => {
    const response = await fetch(`${base}/things/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toMatchObject({ code: 'MALFORMED_URL' });
  });

  it('oversize, malformed and mistyped bodies and unknown routes keep their codes', async () => {
    const post = (body: string, type = 'application/json') =>
      fetch(`${base}/things`, { method: 'POST', body, headers: { 'content-type': type } });
    const cases: [Promise<Response>, number, string][] = [
      [post(JSON.stringify({ a: 'x'.repeat(2000) })), 400, 'BODY_TOO_LARGE'],
      [post('{"a":'), 400, 'MALFORMED_JSON'],
      [post('<a/>', 'application/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [fetch(`${base}/nothing-here`), 404, 'ROUTE_NOT_FOUND'],
    ];
    for (const [answer, status, code] of cases) {
      const response = await answer;
      expect(response.status).toBe(status);
      expect(await problemOf(response)).toMatchObject({ code });
    }
  });

  it('a request the HTTP parser refuses is problem+json too', async () => {
    const garbage = await raw('NOT A REQUEST\r\n\r\n');
    expect(garbage.head).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage.head).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(garbage.body)).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST' });

    const hugeHeader = await raw(
      `GET /things/1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(hugeHeader.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(hugeHeader.body)).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE' });
  });
});
