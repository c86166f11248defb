/**
 * A token's trading halt (tokens.halted_until): staff's halt by hand and a circuit breaker's (the
 * trading process), and a split's or consolidation's (the platform's split runner). The book's
 * writer reads the token at every batch, so no order is accepted while it runs.
 */
import type { Db, Trx } from './database.js';
import type { Token } from './schema-issuance.js';

/** Ends a halt still running at `now` with no trace of it; undefined when the token is not halted. */
export function liftHalt(db: Db | Trx, tokenId: string, now: Date): Promise<Token | undefined> {
  return db
    .updateTable('tokens')
    .set({ halted_until: null, updated_at: now })
    .where('id', '=', tokenId)
    .where('halted_until', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Ends a halt still running at `now` by moving its end to `now` (a corporate action's halt, or
 * staff's lift): the halt stays on record, so a token with auctions reopens through a reopening
 * call from `now` (docs/auctions.md); undefined when the token is not halted.
 */
export function endHalt(db: Db | Trx, tokenId: string, now: Date): Promise<Token | undefined> {
  return db
    .updateTable('tokens')
    .set({ halted_until: now, updated_at: now })
    .where('id', '=', tokenId)
    .where('halted_until', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Halts the book until `until` (a later or earlier end than a running halt's alike). */
export function haltUntil(
  trx: Trx,
  tokenId: string,
  until: Date,
  now: Date,
): Promise<Token | undefined> {
  return trx
    .updateTable('tokens')
    .set({ halted_until: until, updated_at: now })
    .where('id', '=', tokenId)
    .returningAll()
    .executeTakeFirst();
}
