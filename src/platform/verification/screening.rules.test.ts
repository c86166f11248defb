import { describe, expect, it } from 'vitest';
import { screeningOf } from './screening.rules.js';

describe('screening as staff read it', () => {
  it('is clear on every list after a GREEN answer', () => {
    expect(
      screeningOf({
        verification_provider: 'provider',
        review_answer: 'GREEN',
        reject_labels: null,
      }),
    ).toEqual({
      screened_by: 'provider',
      sanctions: 'clear',
      pep: 'clear',
      adverse_media: 'clear',
      labels: [],
    });
  });

  it('names the list a RED answer hit, other labels kept apart', () => {
    expect(
      screeningOf({
        verification_provider: 'provider',
        review_answer: 'RED',
        reject_labels: ['PEP', 'UNSATISFACTORY_PHOTOS'],
      }),
    ).toEqual({
      screened_by: 'provider',
      sanctions: 'clear',
      pep: 'hit',
      adverse_media: 'clear',
      labels: ['PEP', 'UNSATISFACTORY_PHOTOS'],
    });
  });

  it('says a manual or undecided application was not screened', () => {
    for (const application of [
      { verification_provider: 'manual', review_answer: null, reject_labels: null },
      { verification_provider: 'provider', review_answer: null, reject_labels: null },
    ] as const) {
      expect(screeningOf(application)).toMatchObject({
        screened_by: null,
        sanctions: 'not_screened',
        pep: 'not_screened',
        adverse_media: 'not_screened',
      });
    }
  });
});
