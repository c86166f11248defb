/**
 * Table types of what an investor proves themselves with: the documents they upload (identity
 * document images, a selfie, the evidence of a classification), kept sealed and shown to staff
 * only, and their self-certified investor classification that staff review.
 */
import type { ColumnType, Selectable } from 'kysely';
import type { AccreditationStatus } from './schema.js';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export const documentPurposes = ['identity_front', 'identity_back', 'selfie', 'evidence'] as const;
export type DocumentPurpose = (typeof documentPurposes)[number];
export const documentContentTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentContentType = (typeof documentContentTypes)[number];
export const documentSubjects = ['kyc_application', 'classification'] as const;
export type DocumentSubject = (typeof documentSubjects)[number];

export interface VerificationDocumentsTable {
  id: string;
  user_id: string;
  purpose: DocumentPurpose;
  content_type: DocumentContentType;
  size_bytes: number;
  sha256: string;
  /** the file in base64, sealed (FieldEncryption, context documentContext) */
  sealed: string;
  key_id: string;
  /** the application or classification it was submitted with (null: uploaded, not yet sent) */
  subject_type: DocumentSubject | null;
  subject_id: string | null;
  created_at: CreatedAt;
  /** the retention policy's end: the purge deletes the file then */
  retain_until: Date;
}

export const classificationStatuses = ['pending', 'approved', 'rejected'] as const;
export type ClassificationStatus = (typeof classificationStatuses)[number];

export interface InvestorClassificationsTable {
  id: string;
  user_id: string;
  tier: AccreditationStatus;
  /** the self-certified criteria met (classification.rules.ts criteria of the tier) */
  criteria: string[];
  statement: string | null;
  status: ClassificationStatus;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  /** staff's reason, read by the investor */
  review_note: string | null;
  created_at: CreatedAt;
}

export interface DocumentTables {
  verification_documents: VerificationDocumentsTable;
  investor_classifications: InvestorClassificationsTable;
}

export type VerificationDocument = Selectable<VerificationDocumentsTable>;
export type InvestorClassification = Selectable<InvestorClassificationsTable>;
