import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDb, type Db } from '../../src/lib/db/database.js';
import { query } from '../../src/lib/embedded/postgres.js';

export interface TestDatabase {
  db: Db;
  url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, fully migrated database of this test file's own, cloned from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('testAdminDatabaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await query(adminUrl, `create database "${name}" template "${inject('testTemplateDatabase')}"`);
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const db = createDb(url, 5);
  return {
    db,
    url,
    drop: async () => {
      await db.destroy();
      await query(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
