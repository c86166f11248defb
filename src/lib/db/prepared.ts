/**
 * Named prepared statements for the hot paths (the trading writer's batch): a statement of
 * constant text, taking arrays where a batch has many rows, is parsed and planned once per
 * connection instead of once per execution, and skips Kysely's compiler. `prepared` registers the
 * text under its name; the pool's clients (`PreparingClient`, createDb) send a registered text as
 * a named statement, any other text as before.
 */
import { CompiledQuery, type QueryResult } from 'kysely';
import pg from 'pg';
import type { Db, Trx } from './database.js';

export interface Prepared {
  readonly name: string;
  readonly text: string;
}

const names = new Map<string, string>();

/** Registers a statement; a name may stand for one text only. */
export function prepared(name: string, text: string): Prepared {
  for (const [known, knownName] of names) {
    if (knownName === name && known !== text) throw new Error(`prepared statement ${name} twice`);
  }
  names.set(text, name);
  return { name, text };
}

/**
 * Each database's pool for its named statements outside transactions, whose connections plan
 * them once: under the default plan cache mode PostgreSQL planned the batch write again at
 * every execution (a custom plan for each batch's arrays looked cheaper than the generic one),
 * the largest fixed cost of a batch (docs/performance.md). Unnamed statements (every Kysely
 * query) keep their custom plans on the main pool: a generic plan cannot use a partial index
 * whose predicate a parameter meets.
 */
const plannedOnce = new WeakMap<object, pg.Pool>();

/** the named statements in flight at once: a sequencer's two reads and its write, and a spare */
const plannedOnceConnections = 4;

/**
 * The sessions of the named statements: each plans them once (generic), and plans them as the
 * lookups by key they are, never as a scan. A generic plan is made at a connection's first run,
 * often on a young database whose tables are near empty, where a scan and a hash or merge join
 * look cheapest, and it is kept as the tables grow until an analyze of them invalidates it: a
 * batch write read 500 to 700 pages of `orders` per order at 100/s (docs/performance.md). With
 * scans and merge joins off, the planner takes each table's index whatever its size then; a
 * table with no index for the statement is still scanned.
 */
export const namedStatementSettings =
  '-c plan_cache_mode=force_generic_plan -c enable_seqscan=off -c enable_mergejoin=off';

/** Gives `db` its pool for named statements (createDb); `db.destroy()` ends it too. */
export function planNamedOnce(db: Db, url: string): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: plannedOnceConnections,
    Client: PreparingClient,
    options: namedStatementSettings,
  });
  pool.on('error', () => undefined);
  plannedOnce.set(db, pool);
  const destroy = db.destroy.bind(db);
  let ended: Promise<void> | undefined;
  db.destroy = async () => {
    ended ??= pool.end();
    await Promise.all([destroy(), ended]);
  };
  return db;
}

/**
 * PostgreSQL's refusal of a named statement whose result's types changed since its connection
 * prepared it (a migration run while the process serves, as 0073's domains did): it refuses that
 * execution, having done nothing, and plans the statement again for the next.
 */
function resultTypeChanged(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && message === 'cached plan must not change result type';
}

export async function runPrepared<R>(
  db: Db | Trx,
  statement: Prepared,
  parameters: unknown[],
): Promise<QueryResult<R>> {
  const pool = plannedOnce.get(db);
  if (!pool) return db.executeQuery<R>(CompiledQuery.raw(statement.text, parameters));
  const query = { name: statement.name, text: statement.text, values: parameters };
  // outside a transaction the refused execution changed nothing: sent again, on whichever of the
  // pool's connections, each refusing it at most once
  for (let refused = 0; ; refused += 1) {
    try {
      const { rows } = await pool.query(query);
      return { rows: rows as R[] };
    } catch (error) {
      if (!resultTypeChanged(error) || refused >= plannedOnceConnections) throw error;
    }
  }
}

/** A pg client that sends the registered texts as named statements (Kysely sends text only). */
export class PreparingClient extends pg.Client {
  // pg's query has many overloads; Kysely calls the (text, values) one, the rest pass through.
  /* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument */
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    if (name === undefined) return super.query(config, values, callback);
    return super.query({ name, text: config as string, values: values as unknown[] }, callback);
  }
  /* eslint-enable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument */
}
