/** Business rows as the businesses service reads and activates them. */
import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { Business } from '../../lib/db/schema-verification.js';

export function activateBusiness(trx: Trx, id: string): Promise<Business> {
  return trx
    .updateTable('businesses')
    .set({ status: 'active', updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The newest 200 businesses, only the owner's when `ownerId` is given. */
export function listBusinesses(db: Db, ownerId?: string): Promise<Business[]> {
  let query = db.selectFrom('businesses').selectAll().orderBy('id', 'desc').limit(200);
  if (ownerId) query = query.where('owner_id', '=', ownerId);
  return query.execute();
}

export function findBusiness(db: Db, id: string): Promise<Business | undefined> {
  return db.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
}
