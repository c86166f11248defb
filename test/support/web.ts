/**
 * The platform with the web client for browser tests: the client built by vite into a folder of
 * its own (so the test runs today's code), the platform app over a test database listening on a
 * free port, and the first admin.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { createLogger } from '../../src/lib/logger.js';
import { buildPlatformApp } from '../../src/platform/app.js';
import { ensureFirstAdmin } from '../../src/platform/users/users.service.js';
import { testConfig } from './config.js';
import { createTestDatabase } from './database.js';
import { testPassword } from './platform.js';

export const adminEmail = 'admin@example.com';

/** Builds src/web into a new temporary folder and returns it. */
export async function buildWebClient(): Promise<string> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-web-'));
  await build({
    configFile: path.resolve('src/web/vite.config.ts'),
    build: { outDir, emptyOutDir: true },
    logLevel: 'warn',
  });
  return outDir;
}

export interface WebPlatform {
  url: string;
  webDir: string;
  close(): Promise<void>;
}

export async function startWebPlatform(webDir: string): Promise<WebPlatform> {
  const test = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: test.url });
  const app = await buildPlatformApp({
    config,
    db: test.db,
    logger: createLogger('test', 'silent'),
    webDir,
  });
  await ensureFirstAdmin(test.db, { email: adminEmail, password: testPassword });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    webDir,
    async close() {
      await app.close();
      await test.drop();
      await fs.rm(webDir, { recursive: true, force: true });
    },
  };
}
