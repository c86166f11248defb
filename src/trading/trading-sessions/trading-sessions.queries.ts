/** SQL of trading sessions and calendars (sessions.service.ts). */
import type { Insertable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type {
  TokenSessionHoursTable,
  TokenTradingSessionsTable,
} from '../../lib/db/schema-sessions.js';

/**
 * SQL of the version of a token's session (null: no session), for the token row under `alias`:
 * a book reloads its session when it differs. The token's `trading_version`, which every change
 * of its session or of the session's calendar raises (migration 0071): a counter, so a change
 * is seen whatever the writer's clock said (timestamps of two changes in the same instant, or of
 * a writer whose clock is behind, would not tell them apart).
 */
export const sessionVersionSql = (alias: string) => `(
  select ${alias}.trading_version::text from token_trading_sessions s where s.token_id = ${alias}.id
)`;

export function findTokenHalt(db: Db | Trx, tokenId: string) {
  return db
    .selectFrom('tokens')
    .select([
      'id',
      'halted_until',
      'last_uncross_at',
      'tick_size',
      'last_price',
      'price_per_token',
      (eb) =>
        eb
          .selectFrom('token_navs')
          .select('nav')
          .whereRef('token_navs.token_id', '=', 'tokens.id')
          .orderBy('token_navs.id', 'desc')
          .limit(1)
          .as('nav'),
    ])
    .where('id', '=', tokenId)
    .executeTakeFirst();
}

/** The token's live orders outside stops, in time priority: in a call, those it holds. */
export function restingOrders(db: Db, tokenId: string) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'user_id',
      'engine_key',
      'side',
      'order_type',
      'time_in_force',
      'price',
      'remaining_quantity',
    ])
    .where('token_id', '=', tokenId)
    .where('status', 'in', ['open', 'partially_filled'])
    .orderBy('priority')
    .execute();
}

/** The session row under its token's row lock (NO KEY UPDATE: order inserts do not wait). */
export function lockToken(trx: Trx, tokenId: string) {
  return trx
    .selectFrom('tokens')
    .select('id')
    .where('id', '=', tokenId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export function findSession(db: Db | Trx, tokenId: string) {
  return db
    .selectFrom('token_trading_sessions')
    .selectAll()
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
}

export function sessionHours(db: Db | Trx, tokenId: string) {
  return db
    .selectFrom('token_session_hours')
    .select(['weekday', 'opens', 'closes'])
    .where('token_id', '=', tokenId)
    .orderBy('weekday')
    .execute();
}

export async function saveSession(
  trx: Trx,
  session: Insertable<TokenTradingSessionsTable>,
  hours: Insertable<TokenSessionHoursTable>[],
): Promise<void> {
  await trx
    .insertInto('token_trading_sessions')
    .values(session)
    .onConflict((oc) =>
      oc.column('token_id').doUpdateSet((eb) => ({
        market_model: eb.ref('excluded.market_model'),
        time_zone: eb.ref('excluded.time_zone'),
        calendar_code: eb.ref('excluded.calendar_code'),
        opening_call_seconds: eb.ref('excluded.opening_call_seconds'),
        closing_call_seconds: eb.ref('excluded.closing_call_seconds'),
        call_seconds: eb.ref('excluded.call_seconds'),
        random_end_seconds: eb.ref('excluded.random_end_seconds'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  await trx.deleteFrom('token_session_hours').where('token_id', '=', session.token_id).execute();
  if (hours.length > 0) await trx.insertInto('token_session_hours').values(hours).execute();
}

export function findCalendar(db: Db | Trx, code: string) {
  return db.selectFrom('trading_calendars').selectAll().where('code', '=', code).executeTakeFirst();
}

export function listCalendars(db: Db) {
  return db.selectFrom('trading_calendars').selectAll().orderBy('code').execute();
}

export function holidays(db: Db | Trx, code: string) {
  return db
    .selectFrom('trading_holidays')
    .select(['day', 'name'])
    .where('calendar_code', '=', code)
    .orderBy('day')
    .execute();
}

/** Creates or renames the calendar (locked for the rest of the transaction) and replaces its days. */
export async function saveCalendar(
  trx: Trx,
  calendar: { code: string; name: string; updatedBy: string; now: Date },
  days: { date: string; name: string }[],
): Promise<void> {
  await trx
    .insertInto('trading_calendars')
    .values({
      code: calendar.code,
      name: calendar.name,
      updated_by: calendar.updatedBy,
      updated_at: calendar.now,
    })
    .onConflict((oc) =>
      oc.column('code').doUpdateSet({
        name: calendar.name,
        updated_by: calendar.updatedBy,
        updated_at: calendar.now,
      }),
    )
    .execute();
  await trx.deleteFrom('trading_holidays').where('calendar_code', '=', calendar.code).execute();
  if (days.length > 0) {
    await trx
      .insertInto('trading_holidays')
      .values(days.map((d) => ({ calendar_code: calendar.code, day: d.date, name: d.name })))
      .execute();
  }
}
