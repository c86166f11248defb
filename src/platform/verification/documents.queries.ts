/** The uploaded documents: kept, attached to what they were sent with, listed, opened, purged. */
import type { Insertable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { DocumentSubject, VerificationDocumentsTable } from '../../lib/db/schema-documents.js';

const listed = [
  'id',
  'user_id',
  'purpose',
  'content_type',
  'size_bytes',
  'sha256',
  'subject_type',
  'subject_id',
  'created_at',
  'retain_until',
] as const;

export function insertDocument(db: Db, row: Insertable<VerificationDocumentsTable>) {
  return db
    .insertInto('verification_documents')
    .values(row)
    .returning(listed)
    .executeTakeFirstOrThrow();
}

/**
 * Attaches the user's unsent documents `ids` to a subject; the number attached (fewer than asked:
 * some are not theirs, already sent, or purged).
 */
export async function attachDocuments(
  trx: Trx,
  userId: string,
  ids: readonly string[],
  subject: { type: DocumentSubject; id: string },
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .updateTable('verification_documents')
    .set({ subject_type: subject.type, subject_id: subject.id })
    .where('id', 'in', [...ids])
    .where('user_id', '=', userId)
    .where('subject_type', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function documentsOf(db: Db | Trx, subject: { type: DocumentSubject; id: string }) {
  return db
    .selectFrom('verification_documents')
    .select(listed)
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .orderBy('created_at')
    .execute();
}

export function sealedDocument(db: Db, id: string) {
  return db
    .selectFrom('verification_documents')
    .select(['id', 'content_type', 'sealed', 'key_id', 'user_id', 'subject_type', 'subject_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Deletes up to `limit` documents past their retention; the number deleted. */
export async function purgeExpiredDocuments(db: Db, now: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('verification_documents')
    .where(
      'id',
      'in',
      db
        .selectFrom('verification_documents')
        .select('id')
        .where('retain_until', '<=', now)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
