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

export function runPrepared<R>(
  db: Db | Trx,
  statement: Prepared,
  parameters: unknown[],
): Promise<QueryResult<R>> {
  return db.executeQuery<R>(CompiledQuery.raw(statement.text, parameters));
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
