/**
 * Once per test run: a real PostgreSQL (embedded in a throwaway folder, or the server of
 * TEST_DATABASE_URL) and a template database with every migration applied. Each test file then
 * clones the template into a database of its own (test/support/database.ts), so files are isolated
 * and run in parallel. And the NATS the cluster tests run on (test/support/nats.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/lib/db/database.js';
import { migrateToLatest } from '../src/lib/db/migrate.js';
import { query, startEmbeddedPostgres } from '../src/lib/embedded/postgres.js';
import { freePort } from '../src/lib/embedded/ports.js';
import { findTestNats } from './support/nats.js';

export const templateDatabase = 'tessera_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a maintenance database on the test server (to create and drop databases) */
    testAdminDatabaseUrl: string;
    testTemplateDatabase: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  let stop = async () => {};
  let adminUrl: string;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    adminUrl = external;
  } else {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-test-pg-'));
    await fs.chmod(dataDir, 0o755);
    const server = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'data'),
      port: await freePort(),
      password: 'tessera-test',
      database: 'postgres',
    });
    adminUrl = server.adminUrl;
    stop = async () => {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }
  const template = external ? `${templateDatabase}_${process.pid}` : templateDatabase;
  await query(adminUrl, `drop database if exists "${template}"`);
  await query(adminUrl, `create database "${template}"`);
  const db = createDb(withDatabase(adminUrl, template), 2);
  await migrateToLatest(db);
  await db.destroy();

  const nats = await findTestNats();

  project.provide('testAdminDatabaseUrl', adminUrl);
  project.provide('testTemplateDatabase', template);
  project.provide('testNatsUrl', nats.url ?? '');
  project.provide('testNatsServer', nats.binary ?? '');
  return async () => {
    if (external) await query(adminUrl, `drop database if exists "${template}"`);
    await nats.stop();
    await stop();
  };
}
