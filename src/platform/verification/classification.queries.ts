/** Investor classification requests and the tier they put in force. */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { InvestorClassificationsTable } from '../../lib/db/schema-documents.js';
import type { AccreditationStatus } from '../../lib/db/schema.js';
import { effectiveTier } from './classification.rules.js';

export function insertClassification(trx: Trx, row: Insertable<InvestorClassificationsTable>) {
  return trx
    .insertInto('investor_classifications')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's requests, newest first. */
export function classificationsOf(db: Db | Trx, userId: string) {
  return db
    .selectFrom('investor_classifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}

/** The tier of the user's last approved classification (null: none approved). */
export async function approvedTier(
  db: Db | Trx,
  userId: string,
): Promise<AccreditationStatus | null> {
  const row = await db
    .selectFrom('investor_classifications')
    .select('tier')
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .orderBy('reviewed_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.tier ?? null;
}

/** A verified user's accreditation follows their classification (capped by the KYC level). */
export async function applyClassification(trx: Trx, userId: string): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select(['kyc_status', 'kyc_level'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.kyc_status !== 'approved') return;
  await trx
    .updateTable('users')
    .set({
      accreditation_status: effectiveTier(user.kyc_level, await approvedTier(trx, userId)),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();
}

export function classificationForUpdate(trx: Trx, id: string) {
  return trx
    .selectFrom('investor_classifications')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Staff's queue: the requests of a status (pending by default), oldest first, with who asks. */
export function classificationQueue(db: Db, status: InvestorClassificationsTable['status']) {
  return db
    .selectFrom('investor_classifications as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select(['u.email', 'u.full_name', 'u.kyc_level', 'u.kyc_status'])
    .where('c.status', '=', status)
    .orderBy('c.created_at')
    .limit(100)
    .execute();
}

/** The user a request is of, read without a lock (the caller locks the user first). */
export async function classificationOwner(db: Db | Trx, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('investor_classifications')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.user_id;
}

export function decideClassification(
  trx: Trx,
  id: string,
  decision: Updateable<InvestorClassificationsTable>,
) {
  return trx
    .updateTable('investor_classifications')
    .set(decision)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
