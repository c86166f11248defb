/**
 * How an applicant's review moves, as pure functions returning the next applicant. Refusals are
 * the provider's: a check cannot be requested twice or after a final answer, a reset cannot
 * happen while a check runs. Ids and time come in as arguments so the rules stay deterministic.
 */
import type { Applicant, IdDoc, ReviewResult, WidgetStep } from './applicant.js';
import { badRequest, conflict } from './provider-errors.js';

export interface NewApplicant {
  id: string;
  inspectionId: string;
  reviewId: string;
  attemptId: string;
  externalUserId: string;
  type: Applicant['type'];
  levelName: string;
  email?: string;
  fixedInfo: Record<string, unknown>;
  memberOf?: string[];
}

export function createApplicant(input: NewApplicant, now: number): Applicant {
  return {
    id: input.id,
    inspectionId: input.inspectionId,
    externalUserId: input.externalUserId,
    type: input.type,
    levelName: input.levelName,
    createdAt: now,
    ...(input.email === undefined ? {} : { email: input.email }),
    fixedInfo: input.fixedInfo,
    beneficiaries: [],
    memberOf: input.memberOf ?? [],
    idDocs: [],
    completedSteps: [],
    review: {
      reviewStatus: 'init',
      reviewId: input.reviewId,
      attemptId: input.attemptId,
      attemptCnt: 0,
      createDate: now,
    },
  };
}

/** Whether the person may (re)give documents: before the first check, or after a RETRY answer. */
export function acceptsDocuments(applicant: Applicant): boolean {
  const review = applicant.review;
  switch (review.reviewStatus) {
    case 'init':
      return true;
    case 'completed':
      return (
        review.reviewResult.reviewAnswer === 'RED' &&
        review.reviewResult.reviewRejectType === 'RETRY'
      );
    case 'pending':
    case 'onHold':
      return false;
  }
}

/**
 * What the sandbox "reads" from a captured document: it has no OCR, so the document bears the
 * names the applicant holds when it is captured (as the real document would match them).
 */
function namesOnDocument(applicant: Applicant): Pick<IdDoc, 'firstName' | 'lastName'> {
  const { firstName, lastName } = applicant.fixedInfo;
  return {
    ...(typeof firstName === 'string' ? { firstName } : {}),
    ...(typeof lastName === 'string' ? { lastName } : {}),
  };
}

export function completeStep(applicant: Applicant, step: WidgetStep, idDoc?: IdDoc): Applicant {
  if (!acceptsDocuments(applicant)) {
    throw conflict(
      `Applicant is in status '${applicant.review.reviewStatus}', documents are closed`,
    );
  }
  return {
    ...applicant,
    completedSteps: [...applicant.completedSteps.filter((s) => s !== step), step],
    idDocs: idDoc
      ? [
          ...applicant.idDocs.filter((d) => d.idDocType !== idDoc.idDocType),
          { ...namesOnDocument(applicant), ...idDoc },
        ]
      : applicant.idDocs,
  };
}

/**
 * The provider's "change provided information" (PATCH fixedInfo) for a person: the fields given
 * replace the held ones, null fields are ignored. Like the provider it takes a change in any
 * review status; the change is screened by the next check, not by one already decided.
 */
export function changeFixedInfo(applicant: Applicant, changes: Record<string, unknown>): Applicant {
  if (applicant.type === 'company') {
    throw badRequest('Provided company data is not changed through this method');
  }
  const given = Object.entries(changes).filter(
    ([, value]) => value !== null && value !== undefined,
  );
  return { ...applicant, fixedInfo: { ...applicant.fixedInfo, ...Object.fromEntries(given) } };
}

/** Requesting a check: a new attempt moves to pending. */
export function submit(applicant: Applicant, attemptId: string, now: number): Applicant {
  if (!acceptsDocuments(applicant)) {
    throw conflict(
      `Applicant ${applicant.id} is in status '${applicant.review.reviewStatus}', a check cannot be requested`,
    );
  }
  const { reviewId, attemptCnt, createDate } = applicant.review;
  return {
    ...applicant,
    review: {
      reviewStatus: 'pending',
      reviewId,
      attemptId,
      attemptCnt: attemptCnt + 1,
      createDate,
      pendingSince: now,
    },
  };
}

/** A company waiting for its beneficiaries: pending becomes onHold. */
export function hold(applicant: Applicant): Applicant {
  const review = applicant.review;
  if (review.reviewStatus !== 'pending') return applicant;
  return { ...applicant, review: { ...review, reviewStatus: 'onHold' } };
}

/** A verdict; the sandbox (like the provider's test endpoint) accepts one in any status. */
export function decide(applicant: Applicant, result: ReviewResult, now: number): Applicant {
  const { reviewId, attemptId, attemptCnt, createDate } = applicant.review;
  const pendingSince = 'pendingSince' in applicant.review ? applicant.review.pendingSince : now;
  const retry = result.reviewAnswer === 'RED' && result.reviewRejectType === 'RETRY';
  return {
    ...applicant,
    // A RETRY answer asks for the documents again, so the widget walks through its steps anew.
    completedSteps: retry ? [] : applicant.completedSteps,
    review: {
      reviewStatus: 'completed',
      reviewId,
      attemptId,
      attemptCnt,
      createDate,
      pendingSince,
      reviewDate: now,
      reviewResult: result,
    },
  };
}

/** Back to init with documents and previous answers dropped (a full resubmission). */
export function reset(applicant: Applicant, attemptId: string): Applicant {
  const review = applicant.review;
  if (review.reviewStatus === 'pending') {
    throw conflict(`Applicant ${applicant.id} is in status 'pending' and cannot be reset`);
  }
  return {
    ...applicant,
    idDocs: [],
    completedSteps: [],
    review: {
      reviewStatus: 'init',
      reviewId: review.reviewId,
      attemptId,
      attemptCnt: review.attemptCnt,
      createDate: review.createDate,
    },
  };
}

export interface DecisionInput {
  reviewAnswer: 'GREEN' | 'RED';
  rejectLabels?: string[];
  reviewRejectType?: 'FINAL' | 'RETRY';
  moderationComment?: string;
  clientComment?: string;
}

/** The provider's test-review body as a result: RED needs a reject type; GREEN carries no labels. */
export function reviewResultOf(input: DecisionInput): ReviewResult {
  const comments = {
    ...(input.moderationComment ? { moderationComment: input.moderationComment } : {}),
    ...(input.clientComment ? { clientComment: input.clientComment } : {}),
  };
  if (input.reviewAnswer === 'GREEN') return { reviewAnswer: 'GREEN', ...comments };
  if (input.reviewRejectType === undefined) {
    throw badRequest('reviewRejectType is required when reviewAnswer is RED');
  }
  return {
    reviewAnswer: 'RED',
    rejectLabels: input.rejectLabels ?? [],
    reviewRejectType: input.reviewRejectType,
    ...comments,
  };
}
