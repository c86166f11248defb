import { describe, expect, it } from 'vitest';
import type { Applicant, ReviewResult } from './applicant.js';
import { createApplicant, decide } from './applicant-transitions.js';
import { automaticDecision, decisionFromNames, problematicStructure } from './decision-rules.js';

function applicant(fixedInfo: Record<string, unknown>, type: Applicant['type'] = 'individual') {
  return createApplicant(
    {
      id: 'a'.repeat(24),
      inspectionId: 'b'.repeat(24),
      reviewId: 'rrrrr',
      attemptId: 'ttttt',
      externalUserId: 'x',
      type,
      levelName: 'level',
      fixedInfo,
    },
    0,
  );
}
const decided = (result: ReviewResult) => decide(applicant({}), result, 1);

describe('decision rules', () => {
  it.each([
    [['Sanction'], 'SANCTIONS', 'FINAL'],
    [['ivan', 'SANCTIONOV'], 'SANCTIONS', 'FINAL'],
    [['Pep'], 'PEP', 'FINAL'],
    [['Forgery Ltd'], 'FORGERY', 'FINAL'],
    [['Retry'], 'UNSATISFACTORY_PHOTOS', 'RETRY'],
  ])('%j is RED %s (%s)', (names, label, type) => {
    expect(decisionFromNames(names)).toMatchObject({
      reviewAnswer: 'RED',
      rejectLabels: [label],
      reviewRejectType: type,
    });
  });

  it('takes the first matching rule and is GREEN otherwise', () => {
    expect(decisionFromNames(['Retry', 'Sanction'])).toMatchObject({ rejectLabels: ['SANCTIONS'] });
    expect(decisionFromNames(['Ada', 'Lovelace'])).toEqual({ reviewAnswer: 'GREEN' });
  });

  it('reads the company name of a company applicant', () => {
    const company = applicant({ companyInfo: { companyName: 'Pep Holdings' } }, 'company');
    expect(automaticDecision(company, [])).toMatchObject({
      kind: 'decide',
      result: { rejectLabels: ['PEP'] },
    });
  });

  it('waits for every beneficiary to have a final answer', () => {
    const company = applicant({ companyInfo: { companyName: 'Acme' } }, 'company');
    const green = decided({ reviewAnswer: 'GREEN' });
    const retry = decided({ reviewAnswer: 'RED', rejectLabels: ['X'], reviewRejectType: 'RETRY' });
    expect(automaticDecision(company, [green, applicant({})])).toEqual({ kind: 'wait' });
    expect(automaticDecision(company, [green, retry])).toEqual({ kind: 'wait' });
    expect(automaticDecision(company, [green])).toEqual({
      kind: 'decide',
      result: { reviewAnswer: 'GREEN' },
    });
  });

  it('rejects a company with a finally rejected beneficiary', () => {
    const company = applicant({ companyInfo: { companyName: 'Acme' } }, 'company');
    const final = decided({
      reviewAnswer: 'RED',
      rejectLabels: ['PEP'],
      reviewRejectType: 'FINAL',
    });
    expect(automaticDecision(company, [final])).toEqual({
      kind: 'decide',
      result: problematicStructure,
    });
  });
});
