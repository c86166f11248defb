/**
 * The trading journal's SQL (journal.ts): the projection of journal rows into the tables, and the
 * read of a book's unprojected tail (a new owner, a rebuild, a failed projection), and the read
 * barrier's look at what is left.
 */
import { sql } from 'kysely';
import type { Db } from '../../lib/db/database.js';
import { prepared, runPrepared, type Prepared } from '../../lib/db/prepared.js';
import { StatementParameters } from '../../lib/db/statement-parameters.js';
import { deferredColumns, fenceCte, type Fence } from './batch.queries.js';
import type { DeferredRows, JournalEntry, Projection } from './journal.js';

/** The SQLSTATE of a projection whose journal rows were no longer all there (migration 0070). */
export const projectedAlreadyCode = 'TB002';

interface ProjectionInput extends Projection {
  fence: Fence | null;
}

const projectionParts = {
  fence: (w: ProjectionInput) => w.fence !== null && w.fence.tokenIds.length > 0,
  inserted: (w: ProjectionInput) => w.inserted.length > 0,
  updated: (w: ProjectionInput) => w.updated.length > 0,
  history: (w: ProjectionInput) => w.history.length > 0,
  refusals: (w: ProjectionInput) => w.refusals.length > 0,
  trades: (w: ProjectionInput) => w.trades.length > 0,
};
type Part = keyof typeof projectionParts;
const partNames = Object.keys(projectionParts) as Part[];

interface ProjectionStatement {
  statement: Prepared;
  valuesOf: (input: ProjectionInput) => unknown[];
}

/**
 * The projection of journal rows, as one statement: it deletes them and writes their rows as a
 * direct write would have (batch.queries.ts `writeStatementOf`, each row at its batch's time),
 * under the same fence as the sequencer's writes, so only the book's owner projects. When any of
 * the journal rows is gone (projected by another, e.g. a new owner), the whole statement fails
 * with `trading_journal_projected()`: a row is projected exactly once.
 */
function projectionStatementOf(has: ReadonlySet<Part>, name: string): ProjectionStatement {
  const p = new StatementParameters<ProjectionInput>();
  const ctes: string[] = [];
  if (has.has('fence')) ctes.push(fenceCte(p, (w) => w.fence!));
  const keys = p.rows((w) => w.keys, { token_id: 'uuid', batch_id: 'uuid' });
  ctes.push(`projected as (
     delete from trading_journal j using ${keys.unnest('k')}
     where j.token_id = k.token_id and j.batch_id = k.batch_id
     returning 1
   )`);
  if (has.has('inserted')) {
    const rows = p.rows((w) => w.inserted, {
      ...deferredColumns.inserted,
      inserted_at: 'timestamptz',
      at: 'timestamptz',
    });
    const names = Object.keys(deferredColumns.inserted).join(', ');
    ctes.push(`new_orders as (
     insert into orders (${names}, created_at, updated_at)
     select ${names}, inserted_at, at from ${rows.unnest('v')}
   )`);
  }
  if (has.has('updated')) {
    const rows = p.rows((w) => w.updated, { ...deferredColumns.updated, at: 'timestamptz' });
    ctes.push(`changed_orders as (
     update orders o set
       status = v.status, quantity = v.quantity, filled_quantity = v.filled_quantity,
       remaining_quantity = v.remaining_quantity, locked_fiat = v.locked_fiat,
       filled_value = v.filled_value, price = v.price, cancel_reason = v.cancel_reason,
       priority = v.priority, updated_at = v.at
     from ${rows.unnest('v')}
     where o.id = v.id
   )`);
  }
  if (has.has('history')) {
    const rows = p.rows((w) => w.history, { ...deferredColumns.history, at: 'timestamptz' });
    const names = Object.keys(deferredColumns.history).join(', ');
    ctes.push(`history as (
     insert into order_status_history (${names}, created_at)
     select ${names}, at from ${rows.unnest('v')}
   )`);
  }
  if (has.has('refusals')) {
    const rows = p.rows((w) => w.refusals, deferredColumns.refusals);
    ctes.push(`refused as (
     insert into order_refusals (${rows.names})
     select ${rows.names} from ${rows.unnest('v')}
   )`);
  }
  if (has.has('trades')) {
    const rows = p.rows((w) => w.trades, { ...deferredColumns.trades, at: 'timestamptz' });
    const names = Object.keys(deferredColumns.trades).join(', ');
    const candles = p.rows((w) => w.candles, deferredColumns.candles);
    ctes.push(`new_trades as (
     insert into trades (${names}, created_at, updated_at)
     select ${names}, at, at from ${rows.unnest('v')}
     returning id, token_id, seller_id, buyer_id, quantity, created_at
   ), settlement as (
     insert into trade_settlement_history (trade_id, status, created_at)
     select id, 'pending', created_at from new_trades
   ), token_moves as (
     insert into token_movements
       (token_id, kind, from_user_id, to_user_id, quantity, at, source_type, source_id)
     select token_id, 'trade', seller_id, buyer_id, quantity, created_at, 'trade', id
     from new_trades
   ), candle_rows as (
     insert into candles (${candles.names})
     select ${candles.names} from ${candles.unnest('v')}
     on conflict (token_id, interval, start) do update set
       high = greatest(candles.high, excluded.high), low = least(candles.low, excluded.low),
       close = excluded.close, volume = candles.volume + excluded.volume,
       trades = candles.trades + excluded.trades
   )`);
  }
  const held = has.has('fence') ? '(select held from fence)' : 'true';
  const text = `with ${ctes.join(', ')}
   select case when (select count(*) from projected) = cardinality(${keys.column.token_id})
     then true else trading_journal_projected() end as projected
   where ${held}`;
  return { statement: prepared(name, text), valuesOf: (input) => p.valuesOf(input) };
}

const projectionStatements = new Map<number, ProjectionStatement>();

function projectionStatementFor(input: ProjectionInput): ProjectionStatement {
  let bits = 0;
  partNames.forEach((part, i) => {
    if (projectionParts[part](input)) bits |= 1 << i;
  });
  let found = projectionStatements.get(bits);
  if (!found) {
    const has = new Set(partNames.filter((_, i) => (bits & (1 << i)) !== 0));
    found = projectionStatementOf(has, `journal_project_${bits.toString(16)}`);
    projectionStatements.set(bits, found);
  }
  return found;
}

/**
 * Projects journal rows (`projection`, of rows in append order) and deletes them, in one
 * statement committed on its own: fails TB001 when `fence` no longer holds, TB002 when a row is
 * no longer there; nothing is written then.
 */
export async function projectJournal(
  db: Db,
  projection: Projection,
  fence: Fence | null,
): Promise<void> {
  if (projection.keys.length === 0) return;
  const input = { ...projection, fence };
  const { statement, valuesOf } = projectionStatementFor(input);
  await runPrepared(db, statement, valuesOf(input));
}

/** A book's journal rows not yet projected, oldest first (at most `limit`). */
export async function readJournalTail(
  db: Db,
  tokenId: string,
  limit: number,
): Promise<JournalEntry[]> {
  const rows = await db
    .selectFrom('trading_journal')
    .select(['token_id', 'batch_id', 'book_sequence', 'rows'])
    .where('token_id', '=', tokenId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    tokenId: row.token_id,
    batchId: row.batch_id,
    bookSequence: Number(row.book_sequence),
    rows: row.rows as DeferredRows,
  }));
}

/** The newest journal row's id (0: the journal is empty). */
export async function journalHead(db: Db): Promise<number> {
  const { rows } = await sql<{ head: string }>`
    select coalesce(max(id), 0) as head from trading_journal`.execute(db);
  return Number(rows[0]!.head);
}

/** Whether a journal row at or below `head` is still to project. */
export async function journalBehind(db: Db, head: number): Promise<boolean> {
  const { rows } = await sql<{ behind: boolean }>`
    select exists (select 1 from trading_journal where id <= ${head}) as behind`.execute(db);
  return rows[0]!.behind;
}

/** Tokens with journal rows to project (their books are opened at start, like live ones). */
export async function journaledTokens(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('trading_journal').select('token_id').distinct().execute();
  return rows.map((row) => row.token_id);
}
