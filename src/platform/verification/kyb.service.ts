/**
 * KYB use cases: submission to the provider (company applicant plus one beneficiary per owner) or
 * for manual review, the reviewers' decision, and the status recomputed from its parts. Rows are
 * locked in one order: the user, the business, the KYB application, its owners.
 */
import type { Clock } from '../../lib/clock.js';
import { Exact } from '../../lib/money.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { Business, BusinessKind, KybApplication } from '../../lib/db/schema-verification.js';
import type { User } from '../../lib/db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { isUniqueViolation } from '../../lib/db/unique-violation.js';
import type { KybBody, KybReviewBody } from './kyb.schemas.js';
import {
  businessForUpdate,
  businessOwnership,
  corporateInvestorBusiness,
  insertBusiness,
  insertKybApplication,
  insertOwners,
  kybApplicationForUpdate,
  latestKybApplicationOfBusiness,
  openKybApplication,
  ownersOf,
  setBusinessKybStatus,
  updateKybApplication,
} from './kyb.queries.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { countryOf } from './kyc.service.js';
import { notifyReviewers } from './notifications.queries.js';
import type { ProviderClient } from './provider-client.js';
import { notify } from '../notifications/notify.js';
import { kybDecided } from '../notifications/notices.js';
import { isRequiredOwner, kybStatusOf, type Verdict } from './verification.rules.js';

export interface KybDeps {
  db: Db;
  clock: Clock;
  provider: ProviderClient;
  levels: { corporateInvestorKyb: string; issuerKyb: string };
  tokenTtlSeconds: number;
  widgetUrl?: string;
}

/** The provider's beneficiary type for each owner role. */
const beneficiaryType = {
  ubo: 'ubo',
  shareholder: 'shareholder',
  director: 'director',
  primary_contact: 'representative',
} as const;

export const companyExternalId = (kybApplicationId: string) => `kyb-${kybApplicationId}`;

function kindOf(user: User): BusinessKind {
  if (user.role === 'issuer') return 'issuer';
  if (user.role === 'investor' && user.account_type === 'corporate') return 'corporate_investor';
  throw new AppError('KYB_NOT_APPLICABLE');
}

/** The checks that need no database: who may submit, and what they submit. */
function validate(user: User, body: KybBody) {
  const kind = kindOf(user);
  if (user.kyc_status !== 'approved')
    throw new AppError('KYC_REQUIRED', 'Your own KYC must be approved before KYB (spec rule 5)');
  const total = body.owners.reduce((sum, owner) => sum.plus(owner.ownership_pct), new Exact(0));
  if (total.greaterThan(100))
    throw new AppError('OWNERSHIP_OVER_100', `Ownership adds up to ${total.toString()}%`, {
      total_pct: total.toString(),
    });
  const country = countryOf(body.country, 'country');
  const owners = body.owners.map((owner, index) => ({
    ...owner,
    nationality: countryOf(owner.nationality, `owners[${index}].nationality`),
  }));
  return { kind, country, owners };
}

/** The business the KYB is for: the one named (yours), the corporate investor's own, or a new one. */
async function targetBusiness(
  trx: Trx,
  user: User,
  body: KybBody,
  kind: BusinessKind,
  country: string,
): Promise<Business> {
  const existing = body.business_id
    ? await businessForUpdate(trx, body.business_id)
    : kind === 'corporate_investor'
      ? await corporateInvestorBusiness(trx, user.id)
      : undefined;
  if (body.business_id && existing?.owner_id !== user.id)
    throw new AppError('NOT_FOUND', 'No such business');
  if (existing) {
    if (existing.kyb_status === 'approved') throw new AppError('KYB_ALREADY_APPROVED');
    if (await openKybApplication(trx, existing.id)) throw new AppError('KYB_ALREADY_PENDING');
    return existing;
  }
  return insertBusiness(trx, {
    id: newId(),
    owner_id: user.id,
    kind,
    name: body.company_name.trim(),
    registration_number: body.registration_number.trim(),
    country,
    industry: body.industry ?? null,
  });
}

/**
 * A KYB decision mirrored on its business. An approved business that is not active yet waits for
 * an admin: the staff are told, as they are of applications entering their queue.
 */
async function decideBusinessKyb(
  trx: Trx,
  businessId: string,
  status: Business['kyb_status'],
): Promise<void> {
  const before = await businessForUpdate(trx, businessId);
  const business = await setBusinessKybStatus(trx, businessId, status);
  // a later owner verdict may refine a rejection's reason: the owner was told once
  if ((status === 'approved' || status === 'rejected') && before?.kyb_status !== status)
    await notify(trx, kybDecided(business.owner_id, business.name, status === 'approved'));
  if (status === 'approved' && business.status === 'pending') {
    await notifyReviewers(trx, {
      kind: 'business.awaiting_activation',
      subjectType: 'business',
      subjectId: business.id,
      message: `${business.name} passed KYB and awaits activation`,
    });
  }
}

function verdictOf(row: {
  review_answer: Verdict['answer'] | null;
  reject_type: Verdict['rejectType'];
  reject_labels: string[] | null;
}): Verdict | null {
  return row.review_answer
    ? { answer: row.review_answer, rejectType: row.reject_type, labels: row.reject_labels ?? [] }
    : null;
}

/**
 * Recomputes a provider KYB from the company verdict and the required owners' KYC, and mirrors it
 * on the business. Call with the KYB application locked.
 */
export async function recomputeKyb(trx: Trx, application: KybApplication): Promise<KybApplication> {
  const owners = await ownersOf(trx, application.id);
  const status = kybStatusOf({
    company: verdictOf(application),
    requiredOwners: owners.filter((owner) => owner.required),
  });
  const rejectedOwners = owners.filter(
    (owner) => owner.required && owner.kyc_status === 'rejected',
  );
  const reason =
    status !== 'rejected'
      ? null
      : rejectedOwners.length > 0
        ? `Owner KYC rejected: ${rejectedOwners.map((owner) => `${owner.first_name} ${owner.last_name} (${(owner.reject_labels ?? []).join(', ') || 'rejected'})`).join('; ')}`
        : `Company review rejected: ${(application.reject_labels ?? []).join(', ') || 'rejected'}`;
  // Webhooks arrive in any order: a later owner verdict may still refine a rejection's reason.
  if (status === application.status && reason === application.rejection_reason) return application;
  const updated = await updateKybApplication(trx, application.id, {
    status,
    rejection_reason: reason,
  });
  await decideBusinessKyb(trx, application.business_id, status);
  return updated;
}

export function kybService(deps: KybDeps) {
  const { db } = deps;

  async function record(
    user: User,
    body: KybBody,
    mode: 'provider' | 'manual',
    ip: string,
    provider?: { kybId: string; companyApplicantId: string; ownerApplicantIds: string[] },
  ) {
    const { kind, country, owners } = validate(user, body);
    return transaction(db, async (trx) => {
      await lockUser(trx, user.id);
      const business = await targetBusiness(trx, user, body, kind, country.alpha2);
      const application = await insertKybApplication(trx, {
        id: provider?.kybId ?? newId(),
        business_id: business.id,
        submitted_by: user.id,
        status: 'pending',
        verification_provider: mode,
        provider_applicant_id: provider?.companyApplicantId ?? null,
        provider_event_at: provider ? deps.clock.now() : null,
      }).catch((error: unknown) => {
        if (isUniqueViolation(error, 'kyb_one_open_application'))
          throw new AppError('KYB_ALREADY_PENDING');
        throw error;
      });
      const ownerRows = await insertOwners(
        trx,
        owners.map((owner, index) => ({
          id: newId(),
          kyb_application_id: application.id,
          first_name: owner.first_name.trim(),
          last_name: owner.last_name.trim(),
          ownership_pct: owner.ownership_pct,
          role: owner.role,
          nationality: owner.nationality.alpha2,
          date_of_birth: owner.date_of_birth ?? null,
          required: isRequiredOwner(owner.role, owner.ownership_pct, business.kind),
          provider_applicant_id: provider?.ownerApplicantIds[index] ?? null,
        })),
      );
      await setBusinessKybStatus(trx, business.id, 'pending');
      await recordAudit(trx, {
        actorId: user.id,
        action: 'kyb.submitted',
        targetType: 'kyb_application',
        targetId: application.id,
        ip,
        details: {
          business_id: business.id,
          verification_provider: mode,
          owners: ownerRows.length,
        },
      });
      if (mode === 'manual') {
        await notifyReviewers(trx, {
          kind: 'kyb.submitted',
          subjectType: 'kyb_application',
          subjectId: application.id,
          message: `KYB of ${business.name} awaits review`,
        });
      }
      return {
        application,
        business: { ...business, kyb_status: 'pending' as const },
        owners: ownerRows,
      };
    });
  }

  return {
    submitManual: (user: User, body: KybBody, ip: string) => record(user, body, 'manual', ip),

    /**
     * Creates the company applicant and one beneficiary per owner at the provider, then records
     * everything in one transaction. A provider failure part-way leaves nothing here; the retry
     * starts a fresh company applicant (its external id is the new KYB application's id).
     */
    async submitToProvider(user: User, body: KybBody, ip: string) {
      const { kind, country, owners } = validate(user, body);
      if (body.business_id) {
        const business = await businessOwnership(db, body.business_id);
        if (business?.owner_id !== user.id) throw new AppError('NOT_FOUND', 'No such business');
        if (business.kyb_status === 'approved') throw new AppError('KYB_ALREADY_APPROVED');
        if (await openKybApplication(db, body.business_id))
          throw new AppError('KYB_ALREADY_PENDING');
      }
      const kybId = newId();
      const company = await deps.provider.createOrGetApplicant({
        levelName: kind === 'issuer' ? deps.levels.issuerKyb : deps.levels.corporateInvestorKyb,
        externalUserId: companyExternalId(kybId),
        type: 'company',
        email: user.email,
        company: {
          companyName: body.company_name.trim(),
          registrationNumber: body.registration_number.trim(),
          country: country.alpha3,
        },
      });
      const ownerApplicantIds: string[] = [];
      for (const owner of owners) {
        ownerApplicantIds.push(
          await deps.provider.addBeneficiary(company.id, {
            person: {
              firstName: owner.first_name.trim(),
              lastName: owner.last_name.trim(),
              country: owner.nationality.alpha3,
              nationality: owner.nationality.alpha3,
              ...(owner.date_of_birth ? { dob: owner.date_of_birth } : {}),
            },
            types: [beneficiaryType[owner.role]],
            shareSize: Number(owner.ownership_pct),
          }),
        );
      }
      return record(user, body, 'provider', ip, {
        kybId,
        companyApplicantId: company.id,
        ownerApplicantIds,
      });
    },

    /** An SDK token for the company's own widget (documents of the company). */
    async providerToken(user: User, businessId: string) {
      const application = await latestKybApplicationOfBusiness(db, businessId);
      if (application?.owner_id !== user.id) throw new AppError('NOT_FOUND', 'No such business');
      if (application.verification_provider !== 'provider')
        throw new AppError('NO_PROVIDER_APPLICATION', 'Submit with POST /api/v1/kyb/submit first');
      const level =
        application.kind === 'issuer' ? deps.levels.issuerKyb : deps.levels.corporateInvestorKyb;
      const token = await deps.provider.accessToken(
        companyExternalId(application.id),
        level,
        deps.tokenTtlSeconds,
      );
      return {
        token,
        widget_url: deps.widgetUrl
          ? `${deps.widgetUrl}?accessToken=${encodeURIComponent(token)}`
          : null,
      };
    },

    /** Manual KYB review by staff, for deployments without a provider (or to overrule it). */
    async review(reviewerId: string, businessId: string, body: KybReviewBody, ip: string) {
      const reason = body.rejection_reason?.trim();
      if (body.decision === 'reject' && !reason) throw new AppError('REJECTION_REASON_REQUIRED');
      return transaction(db, async (trx) => {
        const business = await businessOwnership(trx, businessId);
        if (!business) throw new AppError('NOT_FOUND', 'No such business');
        await lockUser(trx, business.owner_id);
        await businessForUpdate(trx, businessId);
        const open = await openKybApplication(trx, businessId);
        if (!open)
          throw new AppError(
            'APPLICATION_ALREADY_DECIDED',
            'The business has no KYB application awaiting review',
          );
        await kybApplicationForUpdate(trx, open.id);
        const status = body.decision === 'approve' ? 'approved' : 'rejected';
        const decided = await updateKybApplication(trx, open.id, {
          status,
          reviewed_by: reviewerId,
          reviewed_at: deps.clock.now(),
          review_notes: body.review_notes ?? null,
          rejection_reason: status === 'rejected' ? reason! : null,
        });
        await decideBusinessKyb(trx, businessId, status);
        await recordAudit(trx, {
          actorId: reviewerId,
          action: 'kyb.reviewed',
          targetType: 'kyb_application',
          targetId: open.id,
          ip,
          details: {
            decision: body.decision,
            business_id: businessId,
            ...(reason ? { rejection_reason: reason } : {}),
          },
        });
        return decided;
      });
    },
  };
}

export type KybService = ReturnType<typeof kybService>;
