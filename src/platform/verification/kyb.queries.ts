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

/** Who owns a business, its KYB status and kind; undefined when there is none. */
export function businessOwnership(db: Db | Trx, id: string) {
  return db
    .selectFrom('businesses')
    .select(['owner_id', 'kyb_status', 'kind'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Locks a business's row by id (its caller locked the owner first). */
export async function lockBusiness(trx: Trx, id: string): Promise<void> {
  await trx
    .selectFrom('businesses')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Sets a business's KYB status without touching its updated_at (a provider's progress). */
export async function markBusinessKybInReview(trx: Trx, id: string): Promise<void> {
  await trx
    .updateTable('businesses')
    .set({ kyb_status: 'in_review' })
    .where('id', '=', id)
    .execute();
}

/** The newest KYB application of a business, with the business's kind and owner. */
export function latestKybApplicationOfBusiness(db: Db, businessId: string) {
  return db
    .selectFrom('kyb_applications')
    .innerJoin('businesses', 'businesses.id', 'kyb_applications.business_id')
    .select([
      'kyb_applications.id',
      'kyb_applications.verification_provider',
      'businesses.kind',
      'businesses.owner_id',
    ])
    .where('businesses.id', '=', businessId)
    .orderBy('kyb_applications.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The KYB application the provider knows by this company applicant id, with its business. */
export function kybApplicationByApplicant(trx: Trx, applicantId: string) {
  return trx
    .selectFrom('kyb_applications')
    .innerJoin('businesses', 'businesses.id', 'kyb_applications.business_id')
    .select(['kyb_applications.id', 'businesses.owner_id', 'businesses.id as business_id'])
    .where('kyb_applications.provider_applicant_id', '=', applicantId)
    .executeTakeFirst();
}

/** The business owner the provider knows by this beneficiary applicant id, with its KYB. */
export function businessOwnerByApplicant(trx: Trx, applicantId: string) {
  return trx
    .selectFrom('business_owners')
    .innerJoin('kyb_applications', 'kyb_applications.id', 'business_owners.kyb_application_id')
    .innerJoin('businesses', 'businesses.id', 'kyb_applications.business_id')
    .select([
      'business_owners.id',
      'kyb_applications.id as kyb_id',
      'businesses.owner_id',
      'businesses.id as business_id',
    ])
    .where('business_owners.provider_applicant_id', '=', applicantId)
    .executeTakeFirst();
}

export function businessOwnerForUpdate(trx: Trx, id: string): Promise<BusinessOwner> {
  return trx
    .selectFrom('business_owners')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function updateBusinessOwner(
  trx: Trx,
  id: string,
  changes: Updateable<BusinessOwnersTable>,
): Promise<void> {
  await trx.updateTable('business_owners').set(changes).where('id', '=', id).execute();
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
    .set({ kyb_status: status, updated_at: sql<Date>`now()` })
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
