import type { Db, Trx } from '../../lib/db/database.js';
import type { NewUser, User } from '../../lib/db/schema.js';

export function findUserByEmail(db: Db | Trx, email: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: Db | Trx, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a user; a duplicate email surfaces as the unique violation `users_email_key`. */
export function insertUser(trx: Trx, user: NewUser): Promise<User> {
  return trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function anyAdminExists(db: Db | Trx): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23505' && pgError.constraint === constraint;
}

/** The KYB status of the user's most recent business, or null when the user has none. */
export async function latestKybStatus(db: Db | Trx, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('businesses')
    .select('kyb_status')
    .where('owner_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.kyb_status ?? null;
}
