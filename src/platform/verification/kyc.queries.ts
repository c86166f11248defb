import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { KycApplication, KycApplicationsTable } from '../../lib/db/schema-verification.js';
import type { Insertable, Updateable } from 'kysely';
import { fatcaFor } from './verification.rules.js';
import { effectiveTier } from './classification.rules.js';
import { approvedTier } from './classification.queries.js';

export function latestKycApplication(
  db: Db | Trx,
  userId: string,
): Promise<KycApplication | undefined> {
  return db
    .selectFrom('kyc_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The user an application belongs to, or undefined when there is no such application. */
export function kycApplicationUser(db: Db | Trx, id: string): Promise<string | undefined> {
  return db
    .selectFrom('kyc_applications')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row?.user_id);
}

/** The user of the newest application the provider knows by this applicant id. */
export function kycApplicantUser(db: Db | Trx, applicantId: string): Promise<string | undefined> {
  return db
    .selectFrom('kyc_applications')
    .select('user_id')
    .where('provider_applicant_id', '=', applicantId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
    .then((row) => row?.user_id);
}

/** The application's provider applicant id: undefined without the application, null when manual. */
export function kycProviderApplicantId(db: Db, id: string): Promise<string | null | undefined> {
  return db
    .selectFrom('kyc_applications')
    .select('provider_applicant_id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => (row ? row.provider_applicant_id : undefined));
}

export async function insertKycApplication(
  trx: Trx,
  row: Insertable<KycApplicationsTable>,
): Promise<KycApplication> {
  return trx.insertInto('kyc_applications').values(row).returningAll().executeTakeFirstOrThrow();
}

export function kycApplicationForUpdate(trx: Trx, id: string): Promise<KycApplication | undefined> {
  return trx
    .selectFrom('kyc_applications')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The newest application the provider knows by this applicant id, locked. */
export function kycApplicationByApplicantForUpdate(
  trx: Trx,
  applicantId: string,
): Promise<KycApplication | undefined> {
  return trx
    .selectFrom('kyc_applications')
    .selectAll()
    .where('provider_applicant_id', '=', applicantId)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateKycApplication(
  trx: Trx,
  id: string,
  changes: Updateable<KycApplicationsTable>,
): Promise<KycApplication> {
  return trx
    .updateTable('kyc_applications')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Applications in submission order (UUID v7 ids sort by creation), after `cursor`. */
/** Applications that wait for a person: not yet decided. */
export const waitingKycStatuses = ['pending', 'in_review'] as const;

/** `status` 'waiting' lists every application not yet decided (the queue's default view). */
export function kycQueue(db: Db, options: { status?: string; limit: number; cursor?: string }) {
  let query = db
    .selectFrom('kyc_applications')
    .innerJoin('users', 'users.id', 'kyc_applications.user_id')
    .select([
      'kyc_applications.id',
      'kyc_applications.user_id',
      'users.email',
      'kyc_applications.status',
      'kyc_applications.verification_provider',
      'kyc_applications.full_name',
      'kyc_applications.nationality',
      'kyc_applications.document_type',
      'kyc_applications.created_at',
      'kyc_applications.reviewed_at',
    ])
    .orderBy('kyc_applications.id', 'asc')
    .limit(options.limit + 1);
  if (options.status === 'waiting')
    query = query.where('kyc_applications.status', 'in', waitingKycStatuses);
  else if (options.status)
    query = query.where('kyc_applications.status', '=', options.status as KycApplication['status']);
  if (options.cursor) query = query.where('kyc_applications.id', '>', options.cursor);
  return query.execute();
}

/** Mirrors an application's status on the user (users.kyc_status). */
export async function setUserKycStatus(
  trx: Trx,
  userId: string,
  status: 'pending' | 'in_review' | 'rejected',
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ kyc_status: status, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/** The first reviewer access: a pending user moves to in_review (updated_at left as it was). */
export async function startUserKycReview(trx: Trx, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ kyc_status: 'in_review' })
    .where('id', '=', userId)
    .where('kyc_status', '=', 'pending')
    .execute();
}

export async function userEmail(trx: Trx, userId: string): Promise<string> {
  const { email } = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return email;
}

/**
 * An approval's effect on the user (spec B rule 3): level, accreditation tier and FATCA status.
 * The tier is the level's (rule 3) capped by the classification the investor certified and staff
 * approved: retail until they have one (classification.rules.ts).
 */
export async function approveUserKyc(
  trx: Trx,
  userId: string,
  level: number,
  nationality: string,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      kyc_status: 'approved',
      kyc_level: level,
      accreditation_status: effectiveTier(level, await approvedTier(trx, userId)),
      fatca_status: fatcaFor(nationality),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();
}
