import { describe, expect, it } from 'vitest';
import {
  accreditationFor,
  fatcaFor,
  isRequiredOwner,
  kybStatusOf,
  outcomeOf,
  type Verdict,
} from './verification.rules.js';

const green: Verdict = { answer: 'GREEN', rejectType: null, labels: [] };
const retry: Verdict = { answer: 'RED', rejectType: 'RETRY', labels: ['UNSATISFACTORY_PHOTOS'] };
const final: Verdict = { answer: 'RED', rejectType: 'FINAL', labels: ['FORGERY'] };

describe('verification rules', () => {
  it('derives accreditation from the KYC level', () => {
    expect([0, 1, 2, 3, 4].map(accreditationFor)).toEqual([
      'retail',
      'retail',
      'professional',
      'institutional',
      'institutional',
    ]);
  });

  it('blocks US nationals under FATCA', () => {
    expect(fatcaFor('US')).toBe('blocked');
    expect(fatcaFor('AE')).toBe('clear');
  });

  it('maps verdicts, treating AML labels as final even with RETRY', () => {
    expect(outcomeOf(green)).toBe('approved');
    expect(outcomeOf(retry)).toBe('rejected_retry');
    expect(outcomeOf(final)).toBe('rejected_final');
    expect(outcomeOf({ answer: 'RED', rejectType: 'RETRY', labels: ['SANCTIONS'] })).toBe(
      'rejected_final',
    );
    expect(outcomeOf({ answer: 'RED', rejectType: null, labels: [] })).toBe('rejected_final');
  });

  it('requires owners of 25% or more, and for issuers directors and the primary contact', () => {
    expect(isRequiredOwner('ubo', 25, 'corporate_investor')).toBe(true);
    expect(isRequiredOwner('ubo', 24.99, 'corporate_investor')).toBe(false);
    expect(isRequiredOwner('director', 0, 'corporate_investor')).toBe(false);
    expect(isRequiredOwner('director', 0, 'issuer')).toBe(true);
    expect(isRequiredOwner('primary_contact', 0, 'issuer')).toBe(true);
    expect(isRequiredOwner('shareholder', 10, 'issuer')).toBe(false);
  });

  it('approves a KYB only when the company is GREEN and every required owner passed', () => {
    const approved = { kyc_status: 'approved' } as const;
    const pending = { kyc_status: 'pending' } as const;
    expect(kybStatusOf({ company: null, requiredOwners: [pending, pending] })).toBe('pending');
    expect(kybStatusOf({ company: null, requiredOwners: [approved, pending] })).toBe('in_review');
    expect(kybStatusOf({ company: green, requiredOwners: [approved, pending] })).toBe('in_review');
    expect(kybStatusOf({ company: green, requiredOwners: [approved, approved] })).toBe('approved');
    expect(
      kybStatusOf({ company: green, requiredOwners: [approved, { kyc_status: 'rejected' }] }),
    ).toBe('rejected');
    expect(kybStatusOf({ company: final, requiredOwners: [approved] })).toBe('rejected');
    expect(kybStatusOf({ company: green, requiredOwners: [] })).toBe('approved');
  });
});
