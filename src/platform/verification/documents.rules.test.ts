import { describe, expect, it } from 'vitest';
import { documentProblem, maxDocumentBytes, retainUntil } from './documents.rules.js';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

describe('uploaded documents', () => {
  it('keeps a file whose bytes are of its type', () => {
    expect(documentProblem(png, 'image/png')).toBeUndefined();
    expect(
      documentProblem(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'),
    ).toBeUndefined();
    expect(
      documentProblem(new TextEncoder().encode('%PDF-1.7'), 'application/pdf'),
    ).toBeUndefined();
  });

  it('refuses an empty file, one too large, and one not of its type', () => {
    expect(documentProblem(new Uint8Array(), 'image/png')).toBe('The file is empty.');
    expect(documentProblem(new Uint8Array(maxDocumentBytes + 1), 'image/png')).toBe(
      'The file is 4.0 MB; at most 4 MB.',
    );
    expect(documentProblem(png, 'image/jpeg')).toBe('The file is not a JPEG file.');
  });

  it('keeps a document five years from its upload', () => {
    expect(retainUntil(new Date('2026-11-28T10:00:00Z')).toISOString()).toBe(
      '2031-11-28T10:00:00.000Z',
    );
  });
});
