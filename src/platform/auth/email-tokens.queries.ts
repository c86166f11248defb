import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { EmailTokenPurpose } from '../../lib/db/schema-mail.js';
import { newId } from '../../lib/ids.js';

export async function insertEmailToken(
  trx: Trx,
  row: {
    userId: string;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await trx
    .insertInto('email_tokens')
    .values({
      id: newId(),
      user_id: row.userId,
      purpose: row.purpose,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
    })
    .execute();
}

/** The user a token still usable (not used, not expired) belongs to. */
export async function usableTokenUser(
  db: Db | Trx,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('email_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Uses a token: one statement, so two requests with one link cannot both succeed. Every other
 * token of the user for the same purpose is used up with it. Returns its user, or undefined when
 * the token is unknown, used or expired.
 */
export async function consumeEmailToken(
  trx: Trx,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return undefined;
  await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', row.user_id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  return row.user_id;
}

/** How many tokens of this purpose the user was sent since `since`, and when the last one was. */
export async function tokensSentSince(
  db: Db | Trx,
  userId: string,
  purpose: EmailTokenPurpose,
  since: Date,
): Promise<{ count: number; last: Date | null }> {
  const row = await db
    .selectFrom('email_tokens')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('created_at').as('last')])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), last: row.last ?? null };
}

export async function markEmailVerified(trx: Trx, userId: string, at: Date): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({ email_verified_at: at, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
