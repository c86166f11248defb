import { describe, expect, it } from 'vitest';
import { kycStageOf } from './kyc-stage.js';

const provider = (status: 'pending' | 'in_review' | 'approved' | 'rejected') =>
  ({ status, verification_provider: 'provider' }) as const;

describe('kycStageOf', () => {
  it('follows the provider from the created applicant to the decision', () => {
    const steps = [
      [{ reviewStatus: 'init', documents: 0 }, 'created'],
      [{ reviewStatus: undefined, documents: 0 }, 'created'],
      [{ reviewStatus: 'init', documents: 1 }, 'documents_pending'],
      [{ reviewStatus: 'pending', documents: 2 }, 'submitted'],
      [{ reviewStatus: 'prechecked', documents: 2 }, 'submitted'],
      [{ reviewStatus: 'onHold', documents: 2 }, 'in_review'],
      [{ reviewStatus: 'completed', documents: 2 }, 'in_review'],
    ] as const;
    for (const [progress, stage] of steps)
      expect(kycStageOf(provider('pending'), progress)).toBe(stage);
    expect(kycStageOf(provider('approved'), { reviewStatus: 'completed', documents: 2 })).toBe(
      'decided',
    );
    expect(kycStageOf(provider('rejected'), null)).toBe('decided');
  });

  it("falls back on the application's status when the provider does not answer", () => {
    expect(kycStageOf(provider('pending'), null)).toBe('created');
    expect(kycStageOf(provider('in_review'), null)).toBe('in_review');
  });

  it('reads a manual application from its own status', () => {
    const manual = (status: 'pending' | 'in_review') =>
      ({ status, verification_provider: 'manual' }) as const;
    expect(kycStageOf(manual('pending'), null)).toBe('submitted');
    expect(kycStageOf(manual('in_review'), null)).toBe('in_review');
  });
});
