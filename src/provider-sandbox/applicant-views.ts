/**
 * The provider's wire shapes for an applicant (the applicant object, its review status and a
 * beneficiary link), rendered from the sandbox's own record.
 */
import type { Applicant, Beneficiary, Review } from './applicant.js';
import type { Level } from './levels.js';
import { applicantTime, reviewTime } from './provider-formats.js';

/** The client id the sandbox reports in applicants and webhooks (the provider's account name). */
export const sandboxClientId = 'tessera-sandbox';

const personFields = ['firstName', 'lastName', 'middleName', 'dob', 'country', 'nationality'];

function reviewTimes(review: Review, now: number) {
  const pendingSince = 'pendingSince' in review ? review.pendingSince : undefined;
  const until = review.reviewStatus === 'completed' ? review.reviewDate : now;
  return {
    ...(pendingSince === undefined
      ? {}
      : {
          elapsedSincePendingMs: until - pendingSince,
          elapsedSinceQueuedMs: until - pendingSince,
          startDate: reviewTime(pendingSince),
        }),
    ...(review.reviewStatus === 'completed' ? { reviewDate: reviewTime(review.reviewDate) } : {}),
  };
}

/** `GET /resources/applicants/{id}/status`, also the applicant object's `review`. */
export function reviewView(applicant: Applicant, now: number) {
  const review = applicant.review;
  return {
    reviewId: review.reviewId,
    attemptId: review.attemptId,
    attemptCnt: review.attemptCnt,
    ...reviewTimes(review, now),
    reprocessing: false,
    levelName: applicant.levelName,
    createDate: reviewTime(review.createDate),
    ...(review.reviewStatus === 'completed' ? { reviewResult: review.reviewResult } : {}),
    reviewStatus: review.reviewStatus,
    priority: 0,
  };
}

export function beneficiaryView(beneficiary: Beneficiary) {
  return {
    id: beneficiary.id,
    applicantId: beneficiary.applicantId,
    types: beneficiary.types,
    ...(beneficiary.shareSize === undefined ? {} : { shareSize: beneficiary.shareSize }),
    ...(beneficiary.beneficiaryInfo === undefined
      ? {}
      : { beneficiaryInfo: beneficiary.beneficiaryInfo }),
  };
}

function fixedInfoView(applicant: Applicant) {
  if (applicant.type !== 'company') return applicant.fixedInfo;
  const companyInfo = (applicant.fixedInfo.companyInfo ?? {}) as Record<string, unknown>;
  return {
    ...applicant.fixedInfo,
    companyInfo: { ...companyInfo, beneficiaries: applicant.beneficiaries.map(beneficiaryView) },
  };
}

/** What the provider "extracted": the provided person or company data plus the widget's documents. */
function infoView(applicant: Applicant) {
  const provided = applicant.fixedInfo;
  const person = Object.fromEntries(
    personFields.filter((field) => field in provided).map((field) => [field, provided[field]]),
  );
  return {
    ...person,
    ...(provided.companyInfo === undefined ? {} : { companyInfo: provided.companyInfo }),
    ...(applicant.idDocs.length > 0 ? { idDocs: applicant.idDocs } : {}),
  };
}

/** The applicant object (`GET /resources/applicants/{id}/one`, and the create response). */
export function applicantView(applicant: Applicant, level: Level | undefined, now: number) {
  return {
    id: applicant.id,
    createdAt: applicantTime(applicant.createdAt),
    clientId: sandboxClientId,
    inspectionId: applicant.inspectionId,
    externalUserId: applicant.externalUserId,
    levelName: applicant.levelName,
    ...(applicant.email === undefined ? {} : { email: applicant.email }),
    applicantPlatform: 'API',
    type: applicant.type,
    fixedInfo: fixedInfoView(applicant),
    info: infoView(applicant),
    requiredIdDocs: { docSets: level?.docSets ?? [] },
    review: reviewView(applicant, now),
    ...(applicant.memberOf.length > 0
      ? { memberOf: applicant.memberOf.map((applicantId) => ({ applicantId })) }
      : {}),
  };
}
