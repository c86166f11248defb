/**
 * An uploaded document checked before it is kept (pure): its bytes are what its type says (the
 * file's own signature, not its name), it is not empty or over the size limit; and the retention
 * policy: kept five years from its upload (anti-money-laundering records), then purged.
 */
import type { DocumentContentType } from '../../lib/db/schema-documents.js';

export const maxDocumentBytes = 4 * 1024 * 1024;
export const retentionYears = 5;

const signatures: Record<DocumentContentType, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
};

/** What is wrong with the file, in words; undefined when it may be kept. */
export function documentProblem(bytes: Uint8Array, contentType: DocumentContentType) {
  if (bytes.length === 0) return 'The file is empty.';
  if (bytes.length > maxDocumentBytes)
    return `The file is ${(bytes.length / 1048576).toFixed(1)} MB; at most ${maxDocumentBytes / 1048576} MB.`;
  const signature = signatures[contentType];
  if (!signature.every((byte, i) => bytes[i] === byte))
    return `The file is not a ${contentType.split('/')[1]!.toUpperCase()} file.`;
  return undefined;
}

export function retainUntil(uploadedAt: Date): Date {
  const until = new Date(uploadedAt);
  until.setUTCFullYear(until.getUTCFullYear() + retentionYears);
  return until;
}

/** The sealed file's context: the ciphertext opens only in its own row. */
export const documentContext = (id: string) => `verification_documents:${id}:file`;
