/**
 * What the provider captured from a person's documents (pure): the identity document's type and
 * the name as read from it, from the applicant's extracted data (`info`). The provider reports
 * each document in `info.idDocs` (type, country, names, number...); the person's extracted names
 * are also at the top of `info`.
 */
import type { DocumentType } from '../../lib/db/schema-verification.js';
import { fullNameMaxLength } from './provider-person.js';

const documentTypes: Record<string, DocumentType> = {
  PASSPORT: 'passport',
  ID_CARD: 'national_id',
  DRIVERS: 'drivers_license',
  RESIDENCE_PERMIT: 'residence_permit',
};

export interface CapturedIdentity {
  documentType: DocumentType | null;
  nameOnDocument: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function nameOf(source: Record<string, unknown>): string | null {
  const name = [text(source.firstName), text(source.lastName)].filter(Boolean).join(' ');
  return name ? [...name].slice(0, fullNameMaxLength).join('') : null;
}

/** The first identity document the provider holds, and the name read from it; null if none. */
export function capturedIdentity(info: Record<string, unknown>): CapturedIdentity | null {
  const docs = Array.isArray(info.idDocs) ? info.idDocs : [];
  const identity = docs.find(
    (doc): doc is Record<string, unknown> =>
      typeof doc === 'object' &&
      doc !== null &&
      text((doc as { idDocType?: unknown }).idDocType) in documentTypes,
  );
  const captured = {
    documentType: identity ? documentTypes[text(identity.idDocType)]! : null,
    nameOnDocument: (identity && nameOf(identity)) ?? nameOf(info),
  };
  return captured.documentType || captured.nameOnDocument ? captured : null;
}
