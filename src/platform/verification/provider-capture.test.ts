import { describe, expect, it } from 'vitest';
import { capturedIdentity } from './provider-capture.js';

describe('capturedIdentity', () => {
  it('takes the first identity document and the name read from it', () => {
    expect(
      capturedIdentity({
        firstName: 'Provided',
        lastName: 'Name',
        idDocs: [
          { idDocType: 'SELFIE' },
          { idDocType: 'PASSPORT', country: 'GBR', firstName: 'Ada', lastName: 'Lovelace' },
          { idDocType: 'DRIVERS', firstName: 'Other', lastName: 'Doc' },
        ],
      }),
    ).toEqual({ documentType: 'passport', nameOnDocument: 'Ada Lovelace' });
  });

  it('falls back to the extracted names when the document carries none', () => {
    expect(
      capturedIdentity({
        firstName: 'Ada',
        lastName: 'Lovelace',
        idDocs: [{ idDocType: 'ID_CARD' }],
      }),
    ).toEqual({ documentType: 'national_id', nameOnDocument: 'Ada Lovelace' });
    expect(capturedIdentity({ firstName: 'Ada' })).toEqual({
      documentType: null,
      nameOnDocument: 'Ada',
    });
  });

  it('is null when nothing was captured, and tolerates odd shapes', () => {
    expect(capturedIdentity({})).toBeNull();
    expect(capturedIdentity({ idDocs: 'x' })).toBeNull();
    expect(capturedIdentity({ idDocs: [null, 7, { idDocType: 'UNKNOWN' }] })).toBeNull();
  });

  it('cuts an over-long name to the stored length', () => {
    expect(
      capturedIdentity({
        idDocs: [{ idDocType: 'PASSPORT', firstName: 'A'.repeat(150), lastName: 'B'.repeat(150) }],
      })?.nameOnDocument,
    ).toHaveLength(200);
  });
});
