import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp, type HttpApp } from '../../lib/http/app.js';
import { createLogger } from '../../lib/logger.js';
import { webContentSecurityPolicy, webRoutes } from './web.routes.js';

const tradingNodes = ['https://trade.example.com', 'https://node-2.example.com:8443/'];

async function appServing(dir: string): Promise<HttpApp> {
  const app = await buildHttpApp({
    name: 'platform',
    description: 'web routes under test',
    logger: createLogger('test', 'silent'),
    corsOrigins: [],
    rateLimitPerMinute: 1000,
    bodyLimitBytes: 1024,
  });
  await webRoutes(app, { dir, tradingUrl: 'https://trade.example.com/', tradingNodes });
  return app;
}

describe('web routes', () => {
  let dir: string;
  let built: HttpApp;
  let unbuilt: HttpApp;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-web-routes-'));
    await fs.mkdir(path.join(dir, 'assets'));
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
    await fs.writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    built = await appServing(dir);
    unbuilt = await appServing(path.join(dir, 'missing'));
  });
  afterAll(async () => {
    await built.close();
    await unbuilt.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('serves index.html at / with the page policy and no caching', async () => {
    const response = await built.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBe(
      webContentSecurityPolicy('https://trade.example.com/', tradingNodes),
    );
    expect(response.body).toContain('<title>t</title>');
  });

  it('serves hashed assets for a year, and nothing outside the build', async () => {
    const asset = await built.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/assets/other.js',
      '/package.json',
      '/../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
    ]) {
      const response = await built.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('names the trading process and its nodes for the client, without a trailing slash', async () => {
    expect((await built.inject({ url: '/web-config.json' })).json()).toEqual({
      trading_url: 'https://trade.example.com',
      trading_nodes: ['https://trade.example.com', 'https://node-2.example.com:8443'],
    });
  });

  it('lets the page reach the trading process over https and wss only', () => {
    const policy = webContentSecurityPolicy('https://trade.example.com/');
    expect(policy).toContain(
      "connect-src 'self' https://trade.example.com wss://trade.example.com",
    );
    expect(policy).toContain("script-src 'self';");
  });

  it("lets the page send a book's orders to each trading node of a cluster", () => {
    const policy = webContentSecurityPolicy('https://trade.example.com/', tradingNodes);
    expect(policy).toContain(
      "connect-src 'self' https://trade.example.com wss://trade.example.com https://node-2.example.com:8443;",
    );
  });

  it('says how to build the client when it is not built', async () => {
    const response = await unbuilt.inject({ url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      detail: expect.stringContaining('npm run build:web'),
    });
    expect((await unbuilt.inject({ url: '/web-config.json' })).statusCode).toBe(200);
  });
});
