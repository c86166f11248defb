import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { NewUser, Role, User, VerificationStatus } from '../../lib/db/schema.js';

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

/** `like` pattern text matching `text` literally (its wildcards escaped). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Users newest first (UUID v7 ids sort by creation), after `cursor`, each with the KYB status of
 * their newest business. `email` matches any part of the address, case-insensitively; `q` is
 * a user id, or any part of the email, the name or the wallet address.
 */
export function listUsers(
  db: Db,
  options: {
    limit: number;
    cursor?: string;
    role?: Role;
    kycStatus?: VerificationStatus;
    email?: string;
    q?: string;
  },
) {
  let query = db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .selectFrom('businesses')
        .select('businesses.kyb_status')
        .whereRef('businesses.owner_id', '=', 'users.id')
        .orderBy('businesses.id', 'desc')
        .limit(1)
        .as('kyb_status'),
    )
    // The treasury is a system account, not a person.
    .where('users.role', '<>', 'treasury')
    .orderBy('users.id', 'desc')
    .limit(options.limit + 1);
  if (options.cursor) query = query.where('users.id', '<', options.cursor);
  if (options.role) query = query.where('users.role', '=', options.role);
  if (options.kycStatus) query = query.where('users.kyc_status', '=', options.kycStatus);
  if (options.email) query = query.where('users.email', 'ilike', `%${likeLiteral(options.email)}%`);
  const q = options.q;
  if (q !== undefined) {
    const part = `%${likeLiteral(q)}%`;
    query = uuidPattern.test(q)
      ? query.where('users.id', '=', q.toLowerCase())
      : query.where((eb) =>
          eb.or([
            eb('users.email', 'ilike', part),
            eb('users.full_name', 'ilike', part),
            eb('users.wallet_address', 'ilike', part),
          ]),
        );
  }
  return query.execute();
}

/** The identity document of the user's latest KYC application, as given or as the provider read it. */
export async function latestKycDocument(
  db: Db | Trx,
  userId: string,
): Promise<{ type: string | null; name: string | null } | null> {
  const row = await db
    .selectFrom('kyc_applications')
    .select(['document_type', 'document_full_name'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { type: row.document_type, name: row.document_full_name } : null;
}

/** Serialises concurrent first-admin creations (the transaction's advisory lock). */
export async function lockFirstAdminCreation(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(724001)`.execute(trx);
}
