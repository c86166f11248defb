import type { Db, Trx } from '../../lib/db/database.js';
import type { RoleGrant, RoleGrantStatus } from '../../lib/db/schema.js';

/** Serialises grants with each other (the count of admins decides whether one may grant alone). */
export async function lockAdmins(trx: Trx): Promise<number> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.length;
}

export function insertRoleGrant(
  trx: Trx,
  grant: Omit<RoleGrant, 'created_at' | 'decided_at' | 'decided_by'> & {
    decided_at?: Date | null;
  },
): Promise<RoleGrant> {
  return trx.insertInto('role_grants').values(grant).returningAll().executeTakeFirstOrThrow();
}

export function roleGrantForUpdate(trx: Trx, id: string): Promise<RoleGrant | undefined> {
  return trx
    .selectFrom('role_grants')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function decideRoleGrant(
  trx: Trx,
  id: string,
  decision: { status: RoleGrantStatus; decided_by: string; decided_at: Date },
): Promise<RoleGrant> {
  return trx
    .updateTable('role_grants')
    .set({ ...decision, password_hash: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listRoleGrants(
  db: Db,
  options: { limit: number; cursor?: string; status?: RoleGrantStatus },
): Promise<RoleGrant[]> {
  let query = db
    .selectFrom('role_grants')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.cursor) query = query.where('id', '<', options.cursor);
  if (options.status) query = query.where('status', '=', options.status);
  return query.execute();
}

/** Who alone made this account staff or admin (they were the only admin), if anyone. */
export async function soleGranterOf(db: Db | Trx, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('role_grants')
    .select('proposed_by')
    .where('user_id', '=', userId)
    .where('status', '=', 'granted_alone')
    .executeTakeFirst();
  return row?.proposed_by;
}

export async function emailInUse(trx: Trx, email: string): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}
