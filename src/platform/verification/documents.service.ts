/**
 * The documents investors prove themselves with: uploaded (checked, sealed, kept by the
 * retention policy), then sent with a manual KYC application or a classification request; staff
 * read them with what they were sent with (each opening audited); past their retention the
 * platform's worker purges them (workers.ts). Only their uploader lists an unsent one; only staff open a file.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import type { FieldEncryption } from '../../lib/crypto/field-encryption.js';
import type { Db, Trx } from '../../lib/db/database.js';
import type {
  DocumentContentType,
  DocumentPurpose,
  DocumentSubject,
} from '../../lib/db/schema-documents.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { documentContext, documentProblem, retainUntil } from './documents.rules.js';
import {
  attachDocuments,
  documentsOf,
  insertDocument,
  sealedDocument,
} from './documents.queries.js';

export interface Upload {
  purpose: DocumentPurpose;
  content_type: DocumentContentType;
  /** the file, base64 */
  data: string;
}

type Listed = Awaited<ReturnType<typeof documentsOf>>[number];

export const documentView = (d: Omit<Listed, 'subject_type' | 'subject_id' | 'user_id'>) => ({
  id: d.id,
  purpose: d.purpose,
  content_type: d.content_type,
  size_bytes: d.size_bytes,
  sha256: d.sha256,
  created_at: d.created_at.toISOString(),
  retain_until: d.retain_until.toISOString(),
});

/** Sends the user's uploaded documents with a subject; 422 DOCUMENT_INVALID if one cannot be. */
export async function sendDocuments(
  trx: Trx,
  userId: string,
  ids: readonly string[],
  subject: { type: DocumentSubject; id: string },
): Promise<void> {
  const unique = [...new Set(ids)];
  if ((await attachDocuments(trx, userId, unique, subject)) !== unique.length) {
    throw new AppError(
      'DOCUMENT_INVALID',
      'A document named is not one you uploaded, or was already sent',
      { field: 'document_ids' },
    );
  }
}

export function documentsService(db: Db, encryption: FieldEncryption, clock: Clock) {
  return {
    async upload(userId: string, upload: Upload) {
      const bytes = Buffer.from(upload.data, 'base64');
      const problem = documentProblem(bytes, upload.content_type);
      if (problem) throw new AppError('DOCUMENT_INVALID', problem, { field: 'data' });
      const id = newId();
      const now = clock.now();
      const sealed = encryption.seal(bytes.toString('base64'), documentContext(id));
      const row = await insertDocument(db, {
        id,
        user_id: userId,
        purpose: upload.purpose,
        content_type: upload.content_type,
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        sealed: sealed.ciphertext,
        key_id: sealed.keyId,
        created_at: now,
        retain_until: retainUntil(now),
      });
      return documentView(row);
    },

    /** The documents sent with a subject (the staff's review lists them). */
    async of(subject: { type: DocumentSubject; id: string }) {
      return (await documentsOf(db, subject)).map(documentView);
    },

    /** A document's file for staff, the opening audited; 404 once purged. */
    async open(actor: { userId: string; ip: string }, id: string) {
      const row = await sealedDocument(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such document (or it was purged)');
      const data = encryption.open(
        { ciphertext: row.sealed, keyId: row.key_id },
        documentContext(row.id),
      );
      await recordAudit(db, {
        actorId: actor.userId,
        action: 'document.viewed',
        targetType: 'verification_document',
        targetId: id,
        ip: actor.ip,
        details: {
          user_id: row.user_id,
          subject_type: row.subject_type,
          subject_id: row.subject_id,
        },
      });
      return { contentType: row.content_type, bytes: Buffer.from(data, 'base64') };
    },
  };
}

export type DocumentsService = ReturnType<typeof documentsService>;
