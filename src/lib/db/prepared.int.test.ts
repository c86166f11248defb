import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { transaction } from './database.js';
import { namedStatementSettings, prepared, runPrepared } from './prepared.js';

/** A named statement that reads how its own session planned it. */
const ownPlans = prepared(
  'test_own_plans',
  `select generic_plans::integer as generic, custom_plans::integer as custom
   from pg_prepared_statements where name = $1::varchar`,
);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('named statements', () => {
  it('run their generic plan outside transactions, and on the transaction inside one', async () => {
    const { db } = database;
    const plans = async () =>
      (await runPrepared<{ generic: number; custom: number }>(db, ownPlans, ['test_own_plans']))
        .rows[0]!;
    await plans();
    // its pool has several connections: enough runs that one ran it twice
    const seen = await Promise.all(Array.from({ length: 12 }, plans));
    expect(seen.every((row) => row.custom === 0)).toBe(true);
    expect(seen.some((row) => row.generic >= 1)).toBe(true);

    const inside = await transaction(db, async (trx) => {
      await sql`set local plan_cache_mode = force_custom_plan`.execute(trx);
      await runPrepared(trx, ownPlans, ['test_own_plans']);
      return (
        await runPrepared<{ generic: number; custom: number }>(trx, ownPlans, ['test_own_plans'])
      ).rows[0]!;
    });
    expect(inside.custom).toBeGreaterThanOrEqual(1);
  });

  it('run again, each on its connection, after a migration changed the types of their result', async () => {
    const { db } = database;
    await sql`create table test_typed (id integer primary key, amount numeric(20, 2))`.execute(db);
    await sql`insert into test_typed values (1, 2.50)`.execute(db);
    const read = prepared(
      'test_typed_read',
      'select amount from test_typed where id = $1::integer',
    );
    const reads = () =>
      Promise.all(Array.from({ length: 8 }, () => runPrepared<{ amount: string }>(db, read, [1])));
    // every connection of the pool has prepared it
    await reads();
    await sql`create domain test_money as numeric(20, 2) check (value > 0)`.execute(db);
    await sql`alter table test_typed alter column amount type test_money`.execute(db);
    const after = await reads();
    expect(after.map((result) => result.rows[0]!.amount)).toEqual(Array(8).fill('2.50'));
  });

  it('leave unnamed statements their custom plans', async () => {
    const { rows } = await sql<{
      mode: string;
    }>`select current_setting('plan_cache_mode') as mode`.execute(database.db);
    expect(rows[0]!.mode).toBe('auto');
  });
  it('are planned as lookups by key even when their plan is made while a table is small', async () => {
    const { db } = database;
    const setting = prepared('test_setting', `select current_setting('enable_seqscan') as value`);
    const seen = await runPrepared<{ value: string }>(db, setting, []);
    expect(seen.rows[0]!.value).toBe('off');

    await sql`create table test_keyed (id integer primary key, v integer)`.execute(db);
    // a young table, analyzed (by autovacuum) while it held a few rows
    await sql`insert into test_keyed select i, i from generate_series(1, 50) i`.execute(db);
    await sql`analyze test_keyed`.execute(db);
    /** the generic plan of a batch's keyed update, made while the table is small */
    const planOnSmall = async (options: string) => {
      const client = new pg.Client({ connectionString: database.url, options });
      await client.connect();
      try {
        await client.query(`prepare keyed(integer[], integer[]) as
          update test_keyed k set v = x.v from unnest($1, $2) as x(id, v) where k.id = x.id`);
        await client.query(`explain execute keyed('{1}', '{2}')`);
        await client.query('begin');
        await client.query('insert into test_keyed select i, i from generate_series(51, 20000) i');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain execute keyed('{1}', '{2}')`,
        );
        await client.query('rollback');
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await client.end();
      }
    };
    // the plan kept once the table has grown: a scan of all of it per execution, by default
    expect(await planOnSmall('-c plan_cache_mode=force_generic_plan')).toContain(
      'Seq Scan on test_keyed',
    );
    const plan = await planOnSmall(namedStatementSettings);
    expect(plan).toContain('Index Scan using test_keyed_pkey');
    expect(plan).not.toContain('Seq Scan');
  });
});
