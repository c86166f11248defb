import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type {
  Business,
  BusinessOwner,
  BusinessOwnersTable,
  BusinessesTable,
  KybApplication,
  KybApplicationsTable,
} from '../../lib/db/schema-verification.js';

export function businessForUpdate(trx: Trx, id: string): Promise<Business | undefined> {
  return trx
    .selectFrom('businesses')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function insertBusiness(trx: Trx, row: Insertable<BusinessesTable>): Promise<Business> {
  return trx.insertInto('businesses').values(row).returningAll().executeTakeFirstOrThrow();
}

export function corporateInvestorBusiness(
  db: Db | Trx,
  ownerId: string,
): Promise<Business | undefined> {
  return db
    .selectFrom('businesses')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('kind', '=', 'corporate_investor')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export function openKybApplication(
  db: Db | Trx,
  businessId: string,
): Promise<KybApplication | undefined> {
  return db
    .selectFrom('kyb_applications')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('status', 'in', ['pending', 'in_review'])
    .executeTakeFirst();
}

export function insertKybApplication(
  trx: Trx,
  row: Insertable<KybApplicationsTable>,
): Promise<KybApplication> {
  return trx.insertInto('kyb_applications').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertOwners(
  trx: Trx,
  rows: Insertable<BusinessOwnersTable>[],
): Promise<BusinessOwner[]> {
  return trx.insertInto('business_owners').values(rows).returningAll().execute();
}

export function ownersOf(db: Db | Trx, kybApplicationId: string): Promise<BusinessOwner[]> {
  return db
    .selectFrom('business_owners')
    .selectAll()
    .where('kyb_application_id', '=', kybApplicationId)
    .orderBy('id')
    .execute();
}

export function kybApplicationForUpdate(trx: Trx, id: string): Promise<KybApplication | undefined> {
  return trx
    .selectFrom('kyb_applications')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateKybApplication(
  trx: Trx,
  id: string,
  changes: Updateable<KybApplicationsTable>,
): Promise<KybApplication> {
  return trx
    .updateTable('kyb_applications')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Mirrors a KYB status on its business; returns the business as it now is. */
export function setBusinessKybStatus(
  trx: Trx,
  businessId: string,
  status: Business['kyb_status'],
): Promise<Business> {
  return trx
    .updateTable('businesses')
    .set({ kyb_status: status, updated_at: new Date() })
    .where('id', '=', businessId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** KYB applications with their business's name, kind and KYB status. */
function kybApplicationRows(db: Db) {
  return db
    .selectFrom('kyb_applications')
    .innerJoin('businesses', 'businesses.id', 'kyb_applications.business_id')
    .selectAll('kyb_applications')
    .select(['businesses.name as business_name', 'businesses.kind', 'businesses.kyb_status']);
}

export function kybApplicationRow(db: Db, id: string) {
  return kybApplicationRows(db).where('kyb_applications.id', '=', id).executeTakeFirstOrThrow();
}

export function latestKybApplications(db: Db, ownerId: string) {
  return kybApplicationRows(db)
    .where('businesses.owner_id', '=', ownerId)
    .orderBy('kyb_applications.id', 'desc')
    .execute();
}

export function kybQueue(db: Db, options: { status?: string; limit: number; cursor?: string }) {
  let query = kybApplicationRows(db)
    .orderBy('kyb_applications.id', 'asc')
    .limit(options.limit + 1);
  if (options.status)
    query = query.where('kyb_applications.status', '=', options.status as KybApplication['status']);
  if (options.cursor) query = query.where('kyb_applications.id', '>', options.cursor);
  return query.execute();
}
