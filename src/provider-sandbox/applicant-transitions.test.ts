import { describe, expect, it } from 'vitest';
import {
  acceptsDocuments,
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
});
