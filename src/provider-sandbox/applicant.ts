/**
 * The sandbox's applicant as it keeps it (not the provider's wire shape: see applicant-views.ts).
 * The review is a union on `reviewStatus`, so a result exists only on a completed review and a
 * pending time only once the applicant was submitted. Times are epoch milliseconds.
 */
export type ApplicantType = 'individual' | 'company';
export type RejectType = 'FINAL' | 'RETRY';
export type WidgetStep = 'IDENTITY' | 'SELFIE' | 'LIVENESS' | 'COMPANY_DOCUMENTS';
export type BeneficiaryType = 'ubo' | 'shareholder' | 'director' | 'representative';

interface ResultComments {
  moderationComment?: string;
  clientComment?: string;
}

export type ReviewResult =
  | ({ reviewAnswer: 'GREEN' } & ResultComments)
  | ({
      reviewAnswer: 'RED';
      rejectLabels: string[];
      reviewRejectType: RejectType;
    } & ResultComments);

interface ReviewBase {
  reviewId: string;
  attemptId: string;
  /** submissions so far */
  attemptCnt: number;
  createDate: number;
}

export type Review =
  | (ReviewBase & { reviewStatus: 'init' })
  | (ReviewBase & { reviewStatus: 'pending' | 'onHold'; pendingSince: number })
  | (ReviewBase & {
      reviewStatus: 'completed';
      pendingSince?: number;
      reviewDate: number;
      reviewResult: ReviewResult;
    });

export type ReviewStatus = Review['reviewStatus'];

/** A document the person gave in the widget, reported back in the applicant's `info.idDocs`. */
export interface IdDoc {
  idDocType: string;
  country?: string;
  number?: string;
  /** the names as read from the document */
  firstName?: string;
  lastName?: string;
}

/** A company's link to a person (KYB 2.0): always backed by a nested individual applicant here. */
export interface Beneficiary {
  id: string;
  applicantId: string;
  types: BeneficiaryType[];
  shareSize?: number;
  beneficiaryInfo?: Record<string, unknown>;
}

export interface Applicant {
  id: string;
  inspectionId: string;
  externalUserId: string;
  type: ApplicantType;
  levelName: string;
  createdAt: number;
  email?: string;
  /** the data the client provided, verbatim (beneficiaries are kept apart, below) */
  fixedInfo: Record<string, unknown>;
  /** company applicants: the people linked to it */
  beneficiaries: Beneficiary[];
  /** individual applicants: the companies this person is a beneficiary of */
  memberOf: string[];
  idDocs: IdDoc[];
  completedSteps: WidgetStep[];
  review: Review;
}

/** A decision that ends the review: GREEN, or RED that is final (not a request to retry). */
export function hasFinalDecision(applicant: Applicant): boolean {
  const review = applicant.review;
  if (review.reviewStatus !== 'completed') return false;
  const result = review.reviewResult;
  return result.reviewAnswer === 'GREEN' || result.reviewRejectType === 'FINAL';
}
