/**
 * The screening result of an application as staff read it (pure): sanctions, politically exposed
 * person and adverse media, each "clear", "hit" or "not screened", from the provider's verdict
 * and its labels. A manual application, or one the provider has not decided, is not screened.
 */
import type { KycApplication } from '../../lib/db/schema-verification.js';

export type ScreeningResult = 'clear' | 'hit' | 'not_screened';

export interface Screening {
  screened_by: 'provider' | null;
  sanctions: ScreeningResult;
  pep: ScreeningResult;
  adverse_media: ScreeningResult;
  /** every label the provider gave, the screening's and the others (documents, photos) */
  labels: string[];
}

const lists = {
  sanctions: ['SANCTIONS'],
  pep: ['PEP'],
  adverse_media: ['ADVERSE_MEDIA', 'CRIMINAL', 'COMPROMISED_PERSONS'],
} as const;

export function screeningOf(
  application: Pick<KycApplication, 'verification_provider' | 'review_answer' | 'reject_labels'>,
): Screening {
  const labels = application.reject_labels ?? [];
  const screened = application.verification_provider === 'provider' && application.review_answer;
  const result = (names: readonly string[]): ScreeningResult =>
    !screened ? 'not_screened' : labels.some((l) => names.includes(l)) ? 'hit' : 'clear';
  return {
    screened_by: screened ? 'provider' : null,
    sanctions: result(lists.sanctions),
    pep: result(lists.pep),
    adverse_media: result(lists.adverse_media),
    labels,
  };
}
