/**
 * KYC use cases: manual submission (spec B), provider submission and SDK token (spec A), the
 * caller's status. Rows are locked in one order everywhere: the user, then the application.
 */
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { KycApplication } from '../../lib/db/schema-verification.js';
import type { User } from '../../lib/db/schema.js';
import { parseCountry, type Country } from '../../lib/countries.js';
import type { Clock } from '../../lib/clock.js';
import type { FieldEncryption } from '../../lib/crypto/field-encryption.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { isUniqueViolation } from '../../lib/db/unique-violation.js';
import type { ManualKycBody, ProviderKycBody } from './kyc.schemas.js';
import { insertKycApplication, latestKycApplication, setUserKycStatus } from './kyc.queries.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { canResubmit } from './kyc.views.js';
import { notifyReviewers } from './notifications.queries.js';
import { sendDocuments } from './documents.service.js';
import type { ProviderClient } from './provider-client.js';
import { holdsPerson, personInfoOf, providerPerson } from './provider-person.js';
import { kycStageOf, type KycStage, type ProviderProgress } from './kyc-stage.js';
import type { Logger } from '../../lib/logger.js';

export interface KycDeps {
  db: Db;
  clock: Clock;
  encryption: FieldEncryption;
  provider: ProviderClient;
  providerLevel: string;
  tokenTtlSeconds: number;
  /** the sandbox's widget page, when the provider is the sandbox */
  widgetUrl?: string;
  logger: Logger;
}

export function countryOf(code: string, field: string): Country {
  const country = parseCountry(code);
  if (!country)
    throw new AppError('INVALID_COUNTRY', `${field} "${code}" is not an ISO 3166 country code`, {
      field,
    });
  return country;
}

/** The context that binds an encrypted document number to its row. */
export const documentNumberContext = (applicationId: string) =>
  `kyc_applications:${applicationId}:document_number`;

/** Refuses a submission when the latest application is open, approved or finally rejected. */
function assertMaySubmit(latest: KycApplication | undefined): void {
  if (!latest) return;
  switch (latest.status) {
    case 'pending':
    case 'in_review':
      throw new AppError('KYC_ALREADY_PENDING');
    case 'approved':
      throw new AppError('KYC_ALREADY_APPROVED');
    case 'rejected':
      if (!canResubmit(latest)) throw new AppError('KYC_REJECTED_FINAL');
  }
}

function assertCanVerify(user: User): void {
  if (user.role !== 'investor' && user.role !== 'issuer') {
    throw new AppError(
      'FORBIDDEN_ROLE',
      'Staff and admin accounts are outside identity verification',
    );
  }
}

async function openApplication(
  trx: Trx,
  user: User,
  application: Parameters<typeof insertKycApplication>[1],
  ip: string,
) {
  const inserted = await insertKycApplication(trx, application).catch((error: unknown) => {
    if (isUniqueViolation(error, 'kyc_one_open_application'))
      throw new AppError('KYC_ALREADY_PENDING');
    throw error;
  });
  await setUserKycStatus(trx, user.id, 'pending');
  await recordAudit(trx, {
    actorId: user.id,
    action: 'kyc.submitted',
    targetType: 'kyc_application',
    targetId: inserted.id,
    ip,
    details: { verification_provider: inserted.verification_provider },
  });
  return inserted;
}

export function kycService(deps: KycDeps) {
  /** Best effort: an open provider application's live state, null when the provider fails. */
  async function providerProgress(application: KycApplication): Promise<ProviderProgress | null> {
    const open = application.status === 'pending' || application.status === 'in_review';
    if (!open || !application.provider_applicant_id) return null;
    try {
      const applicant = await deps.provider.applicant(application.provider_applicant_id);
      const documents = applicant.info.idDocs;
      return {
        reviewStatus: applicant.reviewStatus,
        documents: Array.isArray(documents) ? documents.length : 0,
      };
    } catch (error) {
      deps.logger.warn(
        { err: error, applicantId: application.provider_applicant_id },
        "the provider's state of the applicant is unknown; the application's status stands in",
      );
      return null;
    }
  }

  const { db } = deps;

  return {
    async submitManual(user: User, body: ManualKycBody, ip: string): Promise<KycApplication> {
      assertCanVerify(user);
      const nationality = countryOf(body.nationality, 'nationality');
      const residence = body.country_of_residence
        ? countryOf(body.country_of_residence, 'country_of_residence')
        : undefined;
      return transaction(db, async (trx) => {
        await lockUser(trx, user.id);
        assertMaySubmit(await latestKycApplication(trx, user.id));
        const id = newId();
        const sealed = deps.encryption.seal(body.document_number.trim(), documentNumberContext(id));
        const application = await openApplication(
          trx,
          user,
          {
            id,
            user_id: user.id,
            status: 'pending',
            verification_provider: 'manual',
            full_name: body.full_name.trim(),
            nationality: nationality.alpha2,
            date_of_birth: body.date_of_birth,
            document_type: body.document_type,
            document_number: sealed.ciphertext,
            document_number_key_id: sealed.keyId,
            address_line1: body.address_line1 ?? null,
            address_line2: body.address_line2 ?? null,
            city: body.city ?? null,
            postal_code: body.postal_code ?? null,
            country_of_residence: residence?.alpha2 ?? null,
          },
          ip,
        );
        await sendDocuments(trx, user.id, body.document_ids ?? [], {
          type: 'kyc_application',
          id,
        });
        await notifyReviewers(trx, {
          kind: 'kyc.submitted',
          subjectType: 'kyc_application',
          subjectId: id,
          message: `KYC application from ${user.email} awaits review`,
        });
        return application;
      });
    },

    /**
     * Everything is checked first (role, state, countries, what the row can store); then the
     * provider applicant is created, or reused, in which case its provided data is replaced by
     * this submission's (it would otherwise screen what an earlier, failed or RETRY-rejected
     * submission gave). Nothing is written until the provider holds exactly the data recorded, so
     * an unreachable provider leaves no trace and the application names the person screened.
     */
    async submitToProvider(user: User, body: ProviderKycBody, ip: string): Promise<KycApplication> {
      assertCanVerify(user);
      const nationality = countryOf(body.nationality, 'nationality');
      const residence = body.country_of_residence
        ? countryOf(body.country_of_residence, 'country_of_residence')
        : nationality;
      const person = providerPerson({
        firstName: body.first_name,
        lastName: body.last_name,
        dob: body.date_of_birth,
        country: residence.alpha3,
        nationality: nationality.alpha3,
      });
      const previous = await latestKycApplication(db, user.id);
      assertMaySubmit(previous);
      if (previous?.provider_applicant_id)
        await deps.provider.resetApplicant(previous.provider_applicant_id);
      const applicant = await deps.provider.createOrGetApplicant({
        levelName: deps.providerLevel,
        externalUserId: user.id,
        type: 'individual',
        email: user.email,
        person: personInfoOf(person),
      });
      const held = applicant.created
        ? applicant.fixedInfo
        : await deps.provider.changePersonInfo(applicant.id, personInfoOf(person));
      if (!holdsPerson(held, person)) {
        throw new AppError(
          'PROVIDER_UNAVAILABLE',
          'The identity provider does not hold the submitted data; nothing was recorded',
        );
      }
      return transaction(db, async (trx) => {
        await lockUser(trx, user.id);
        assertMaySubmit(await latestKycApplication(trx, user.id));
        return openApplication(
          trx,
          user,
          {
            id: newId(),
            user_id: user.id,
            status: 'pending',
            verification_provider: 'provider',
            full_name: person.fullName,
            nationality: nationality.alpha2,
            date_of_birth: person.dob,
            country_of_residence: residence.alpha2,
            provider_applicant_id: applicant.id,
            // Events from before this submission belong to an earlier attempt.
            provider_event_at: deps.clock.now(),
          },
          ip,
        );
      });
    },

    async providerToken(user: User): Promise<{ token: string; widget_url: string | null }> {
      const latest = await latestKycApplication(db, user.id);
      if (latest?.verification_provider !== 'provider' || !latest.provider_applicant_id) {
        throw new AppError('NO_PROVIDER_APPLICATION', 'Submit with POST /api/v1/kyc/submit first');
      }
      const token = await deps.provider.accessToken(
        user.id,
        deps.providerLevel,
        deps.tokenTtlSeconds,
      );
      return {
        token,
        widget_url: deps.widgetUrl
          ? `${deps.widgetUrl}?accessToken=${encodeURIComponent(token)}`
          : null,
      };
    },

    /** The caller's latest application and, while it is open, where the provider has it now. */
    async mine(user: User) {
      const application = await latestKycApplication(db, user.id);
      let canSubmit = user.role === 'investor' || user.role === 'issuer';
      try {
        assertMaySubmit(application);
      } catch {
        canSubmit = false;
      }
      const stage: KycStage | null = application
        ? kycStageOf(application, await providerProgress(application))
        : null;
      return { user, application, canSubmit, stage };
    },
  };
}

export type KycService = ReturnType<typeof kycService>;
