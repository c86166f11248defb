import { describe, expect, it } from 'vitest';
import { classificationProblem, effectiveTier, limitsOf } from './classification.rules.js';

describe('investor classification', () => {
  it('is retail until a classification is approved, and never above the KYC level', () => {
    expect(effectiveTier(2, null)).toBe('retail');
    expect(effectiveTier(2, 'professional')).toBe('professional');
    expect(effectiveTier(2, 'institutional')).toBe('professional');
    expect(effectiveTier(3, 'institutional')).toBe('institutional');
    expect(effectiveTier(1, 'professional')).toBe('retail');
    expect(effectiveTier(3, 'retail')).toBe('retail');
  });

  it('asks a professional or institutional request for a criterion and its evidence', () => {
    expect(classificationProblem({ tier: 'retail', criteria: [], evidence: 0 })).toBeUndefined();
    expect(classificationProblem({ tier: 'professional', criteria: [], evidence: 1 })).toBe(
      'Say which criterion of a professional investor you meet',
    );
    expect(
      classificationProblem({ tier: 'professional', criteria: ['portfolio'], evidence: 0 }),
    ).toMatch(/^Attach the evidence/);
    expect(
      classificationProblem({ tier: 'professional', criteria: ['portfolio'], evidence: 1 }),
    ).toBeUndefined();
    expect(
      classificationProblem({ tier: 'professional', criteria: ['regulated_entity'], evidence: 1 }),
    ).toBe('regulated_entity is not a criterion of the professional tier');
  });

  it('states the limits with their unit', () => {
    expect(limitsOf('professional')).toEqual({
      tier: 'professional',
      subscription_usd: '5000',
      buy_order_usd: '5000',
      text: 'As a professional investor you may subscribe at most 5000 USD per subscription and buy at most 5000 USD per order.',
    });
  });
});
