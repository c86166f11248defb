import { describe, expect, it } from 'vitest';
import {
  acceptsDocuments,
  changeFixedInfo,
  completeStep,
  createApplicant,
  decide,
  hold,
  reset,
  reviewResultOf,
  submit,
} from './applicant-transitions.js';
import { ProviderError } from './provider-errors.js';

const fresh = () =>
  createApplicant(
    {
      id: 'a'.repeat(24),
      inspectionId: 'b'.repeat(24),
      reviewId: 'rrrrr',
      attemptId: 'first',
      externalUserId: 'x',
      type: 'individual',
      levelName: 'level',
      fixedInfo: {},
    },
    1_000,
  );

describe('applicant transitions', () => {
  it('submits from init as a new attempt, and refuses a second request while pending', () => {
    const pending = submit(fresh(), 'second', 2_000);
    expect(pending.review).toMatchObject({
      reviewStatus: 'pending',
      attemptId: 'second',
      attemptCnt: 1,
      pendingSince: 2_000,
    });
    expect(() => submit(pending, 'third', 3_000)).toThrow(ProviderError);
    expect(() => submit(hold(pending), 'third', 3_000)).toThrow(/onHold/);
  });

  it('closes documents after GREEN or RED FINAL, reopens them after RED RETRY', () => {
    const withSteps = completeStep(fresh(), 'IDENTITY', { idDocType: 'PASSPORT', number: '1' });
    const pending = submit(withSteps, 's', 2_000);
    const green = decide(pending, { reviewAnswer: 'GREEN' }, 3_000);
    expect(acceptsDocuments(green)).toBe(false);
    expect(() => submit(green, 'again', 4_000)).toThrow(ProviderError);
    const retry = decide(
      pending,
      { reviewAnswer: 'RED', rejectLabels: ['UNSATISFACTORY_PHOTOS'], reviewRejectType: 'RETRY' },
      3_000,
    );
    expect(acceptsDocuments(retry)).toBe(true);
    expect(retry.completedSteps).toEqual([]);
    expect(submit(retry, 'again', 4_000).review).toMatchObject({ attemptCnt: 2 });
  });

  it('resets to init, dropping documents, but not while pending', () => {
    const pending = submit(completeStep(fresh(), 'SELFIE'), 's', 2_000);
    expect(() => reset(pending, 'r')).toThrow(/cannot be reset/);
    const completed = decide(pending, { reviewAnswer: 'GREEN' }, 3_000);
    const again = reset(completed, 'r');
    expect(again.review).toEqual({
      reviewStatus: 'init',
      reviewId: 'rrrrr',
      attemptId: 'r',
      attemptCnt: 1,
      createDate: 1_000,
    });
    expect(again.completedSteps).toEqual([]);
  });

  it('reads a test-review body: RED needs a reject type, GREEN drops labels', () => {
    expect(() => reviewResultOf({ reviewAnswer: 'RED', rejectLabels: ['X'] })).toThrow(
      /reviewRejectType/,
    );
    expect(reviewResultOf({ reviewAnswer: 'GREEN', rejectLabels: ['X'] })).toEqual({
      reviewAnswer: 'GREEN',
    });
  });

  it('changes provided data in any status, ignores null fields, refuses companies', () => {
    const person = { ...fresh(), fixedInfo: { firstName: 'Ada', lastName: 'Lovelace' } };
    const changed = changeFixedInfo(submit(person, 'second', 2_000), {
      firstName: 'Grace',
      lastName: null,
    });
    expect(changed.fixedInfo).toEqual({ firstName: 'Grace', lastName: 'Lovelace' });
    expect(changed.review.reviewStatus).toBe('pending');
    expect(() => changeFixedInfo({ ...person, type: 'company' }, { firstName: 'X' })).toThrow(
      ProviderError,
    );
  });

  it('reads the held names off a captured document', () => {
    const person = { ...fresh(), fixedInfo: { firstName: 'Ada', lastName: 'Lovelace' } };
    const captured = completeStep(person, 'IDENTITY', { idDocType: 'PASSPORT', number: 'P1' });
    expect(captured.idDocs).toEqual([
      { idDocType: 'PASSPORT', number: 'P1', firstName: 'Ada', lastName: 'Lovelace' },
    ]);
  });
});
