import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { migrateDown, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

describe('migrations', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('go down one by one to an empty schema and up again', async () => {
    const count = Object.keys(migrations).length;
    for (let i = 0; i < count; i++) await migrateDown(test.db);
    const tables = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables
      where table_schema = 'public' and table_name not like 'kysely_%'`.execute(test.db);
    expect(tables.rows[0]?.n).toBe(0);
    expect(await migrateToLatest(test.db)).toHaveLength(count);
  });

  it('creates exactly one treasury user', async () => {
    const rows = await test.db
      .selectFrom('users')
      .select(['role', 'password_hash'])
      .where('role', '=', 'treasury')
      .execute();
    expect(rows).toEqual([{ role: 'treasury', password_hash: null }]);
  });

  it('refuses a negative fiat balance', async () => {
    await expect(
      test.db
        .updateTable('users')
        .set({ fiat_balance: '-0.01' })
        .where('role', '=', 'treasury')
        .execute(),
    ).rejects.toThrow(/fiat_balance/);
  });
});
