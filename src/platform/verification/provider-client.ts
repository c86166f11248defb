/**
 * The identity provider's API client (Sumsub's API; shared/PROVIDER.md). One client for the real
 * provider and the sandbox: only the base URL and keys differ. Every request is signed
 * (X-App-Token, X-App-Access-Ts, X-App-Access-Sig over ts + METHOD + path?query + body).
 * Responses are parsed tolerantly into the few fields Tessera uses.
 */
import { requestSignature } from '../../lib/provider-signing.js';
import { AppError } from '../../lib/errors.js';

export interface ProviderClientOptions {
  baseUrl: string;
  appToken: string;
  secretKey: string;
  timeoutMs: number;
  /** seconds since the epoch; injectable for tests */
  now?: () => number;
}

export interface Applicant {
  id: string;
  externalUserId: string;
  reviewStatus: string | undefined;
  /** the data the provider holds and screens ("provided info") */
  fixedInfo: Record<string, unknown>;
  /** what the provider extracted from the documents ("info") */
  info: Record<string, unknown>;
}

export interface ApplicantStatus {
  reviewStatus: string;
  reviewAnswer: 'GREEN' | 'RED' | null;
  rejectLabels: string[];
  reviewRejectType: 'RETRY' | 'FINAL' | null;
}

export interface PersonInfo {
  firstName: string;
  lastName: string;
  dob?: string;
  /** alpha-3 */
  country: string;
  nationality?: string;
}

export interface CompanyInfo {
  companyName: string;
  registrationNumber: string;
  /** alpha-3 */
  country: string;
}

export interface BeneficiaryInput {
  person: PersonInfo;
  types: string[];
  shareSize: number;
}

class ProviderResponseError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.description === 'string' ? body.description : `provider answered ${status}`);
  }
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function asApplicant(body: Record<string, unknown>): Applicant {
  const review = asRecord(body.review);
  if (typeof body.id !== 'string')
    throw new AppError('PROVIDER_UNAVAILABLE', 'The provider answered without an applicant id');
  return {
    id: body.id,
    externalUserId: typeof body.externalUserId === 'string' ? body.externalUserId : '',
    reviewStatus: typeof review.reviewStatus === 'string' ? review.reviewStatus : undefined,
    fixedInfo: asRecord(body.fixedInfo),
    info: asRecord(body.info),
  };
}

export class ProviderClient {
  constructor(private readonly options: ProviderClientOptions) {}

  /**
   * Creates the applicant, or returns the existing one with this external user id (`created`
   * false): that one still holds the data it was given before, which the caller must update.
   */
  async createOrGetApplicant(input: {
    levelName: string;
    externalUserId: string;
    type: 'individual' | 'company';
    email?: string;
    person?: PersonInfo;
    company?: CompanyInfo;
  }): Promise<Applicant & { created: boolean }> {
    const fixedInfo = input.company
      ? { companyInfo: input.company, country: input.company.country }
      : input.person;
    try {
      const body = await this.request(
        'POST',
        `/resources/applicants?levelName=${encodeURIComponent(input.levelName)}`,
        {
          externalUserId: input.externalUserId,
          type: input.type,
          ...(input.email ? { email: input.email } : {}),
          ...(fixedInfo ? { fixedInfo } : {}),
        },
      );
      return { ...asApplicant(body), created: true };
    } catch (error) {
      if (error instanceof ProviderResponseError && error.status === 409) {
        return { ...(await this.applicantByExternalId(input.externalUserId)), created: false };
      }
      throw this.translate(error);
    }
  }

  async applicantByExternalId(externalUserId: string): Promise<Applicant> {
    return asApplicant(
      await this.call(
        'GET',
        `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`,
      ),
    );
  }

  async applicant(applicantId: string): Promise<Applicant> {
    return asApplicant(
      await this.call('GET', `/resources/applicants/${encodeURIComponent(applicantId)}/one`),
    );
  }

  /**
   * Replaces a person's provided data (PATCH fixedInfo); the next check screens it. Returns the
   * data the provider now holds.
   */
  async changePersonInfo(
    applicantId: string,
    person: PersonInfo,
  ): Promise<Record<string, unknown>> {
    return this.call(
      'PATCH',
      `/resources/applicants/${encodeURIComponent(applicantId)}/fixedInfo`,
      person,
    );
  }

  /** The provider's current review state of an applicant (for reconciling missed webhooks). */
  async applicantStatus(applicantId: string): Promise<ApplicantStatus> {
    const body = await this.call(
      'GET',
      `/resources/applicants/${encodeURIComponent(applicantId)}/status`,
    );
    const result = (body.reviewResult ?? {}) as Record<string, unknown>;
    return {
      reviewStatus: typeof body.reviewStatus === 'string' ? body.reviewStatus : 'unknown',
      reviewAnswer:
        result.reviewAnswer === 'GREEN' || result.reviewAnswer === 'RED'
          ? result.reviewAnswer
          : null,
      rejectLabels: Array.isArray(result.rejectLabels)
        ? result.rejectLabels.filter((l): l is string => typeof l === 'string')
        : [],
      reviewRejectType:
        result.reviewRejectType === 'RETRY' || result.reviewRejectType === 'FINAL'
          ? result.reviewRejectType
          : null,
    };
  }

  async accessToken(externalUserId: string, levelName: string, ttlInSecs: number): Promise<string> {
    const body = await this.call('POST', '/resources/accessTokens/sdk', {
      userId: externalUserId,
      levelName,
      ttlInSecs,
    });
    if (typeof body.token !== 'string')
      throw new AppError('PROVIDER_UNAVAILABLE', 'The provider answered without a token');
    return body.token;
  }

  /** Sends an applicant back to init so a RETRY rejection can be resubmitted. */
  async resetApplicant(applicantId: string): Promise<void> {
    await this.call('POST', `/resources/applicants/${encodeURIComponent(applicantId)}/reset`);
  }

  /** Links a beneficial owner to a company applicant (KYB 2.0); returns the owner's applicant id. */
  async addBeneficiary(companyApplicantId: string, input: BeneficiaryInput): Promise<string> {
    const body = await this.call(
      'POST',
      `/resources/applicants/${encodeURIComponent(companyApplicantId)}/fixedInfo/companyInfo/beneficiaries`,
      { beneficiaryInfo: input.person, types: input.types, shareSize: input.shareSize },
    );
    if (typeof body.applicantId !== 'string') {
      throw new AppError(
        'PROVIDER_UNAVAILABLE',
        'The provider did not create an applicant for the beneficiary',
      );
    }
    return body.applicantId;
  }

  private async call(
    method: string,
    path: string,
    json?: unknown,
  ): Promise<Record<string, unknown>> {
    try {
      return await this.request(method, path, json);
    } catch (error) {
      throw this.translate(error);
    }
  }

  private translate(error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof ProviderResponseError) {
      return new AppError('PROVIDER_REFUSED', `The identity provider refused: ${error.message}`, {
        provider_status: error.status,
      });
    }
    return new AppError(
      'PROVIDER_UNAVAILABLE',
      'The identity provider could not be reached',
      undefined,
      { cause: error },
    );
  }

  private async request(
    method: string,
    path: string,
    json?: unknown,
  ): Promise<Record<string, unknown>> {
    const body = json === undefined ? '' : JSON.stringify(json);
    const ts = String(this.options.now?.() ?? Math.floor(Date.now() / 1000));
    const response = await fetch(`${this.options.baseUrl}${path}`, {
      method,
      body: body || undefined,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-app-token': this.options.appToken,
        'x-app-access-ts': ts,
        'x-app-access-sig': requestSignature(this.options.secretKey, ts, method, path, body),
      },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      if (response.ok)
        throw new Error(`provider answered ${response.status} with a body that is not JSON`);
    }
    if (response.status >= 500) throw new Error(`provider answered ${response.status}`);
    if (!response.ok) throw new ProviderResponseError(response.status, parsed);
    return parsed;
  }
}
