/**
 * The identity provider's API client (Sumsub's API; shared/PROVIDER.md). One client for the real
 * provider and the sandbox: only the base URL and keys differ. Every request is signed
 * (X-App-Token, X-App-Access-Ts, X-App-Access-Sig over ts + METHOD + path?query + body).
 * Replies are checked against provider.schemas.ts (only the fields Tessera uses; the rest is
 * tolerated); a reply that does not match is PROVIDER_BAD_RESPONSE.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { systemClock, type Clock } from '../../lib/clock.js';
import { requestSignature } from '../../lib/provider-signing.js';
import { AppError } from '../../lib/errors.js';
import {
  AccessTokenReply,
  ApplicantReply,
  ApplicantStatusReply,
  BeneficiaryReply,
  FixedInfoReply,
} from './provider.schemas.js';

export interface ProviderClientOptions {
  baseUrl: string;
  appToken: string;
  secretKey: string;
  timeoutMs: number;
  /** signs each request's timestamp; the system's by default */
  clock?: Clock;
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

/** Compiled once per schema: the checks run on every reply. */
const checks = new Map<TSchema, TypeCheck<TSchema>>();

/** The reply as its schema describes it, or PROVIDER_BAD_RESPONSE naming the first mismatch. */
export function parseProviderReply<S extends TSchema>(
  schema: S,
  reply: unknown,
  what: string,
): Static<S> {
  let check = checks.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    checks.set(schema, check);
  }
  if (check.Check(reply)) return reply;
  const first = check.Errors(reply).First();
  throw new AppError(
    'PROVIDER_BAD_RESPONSE',
    `The identity provider's answer to ${what} does not match its schema` +
      (first ? `: ${first.path || '/'} ${first.message}` : ''),
  );
}

function asApplicant(body: unknown, what: string): Applicant {
  const reply = parseProviderReply(ApplicantReply, body, what);
  return {
    id: reply.id,
    externalUserId: reply.externalUserId ?? '',
    reviewStatus: reply.review?.reviewStatus,
    fixedInfo: reply.fixedInfo ?? {},
    info: reply.info ?? {},
  };
}

/** A provider's value Tessera acts on, or null for any other (or none). */
function oneOf<T extends string>(value: string | undefined, known: readonly T[]): T | null {
  return known.find((candidate) => candidate === value) ?? null;
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
      return { ...asApplicant(body, 'creating an applicant'), created: true };
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
      'an applicant by external id',
    );
  }

  async applicant(applicantId: string): Promise<Applicant> {
    return asApplicant(
      await this.call('GET', `/resources/applicants/${encodeURIComponent(applicantId)}/one`),
      'an applicant',
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
    return parseProviderReply(
      FixedInfoReply,
      await this.call(
        'PATCH',
        `/resources/applicants/${encodeURIComponent(applicantId)}/fixedInfo`,
        person,
      ),
      'changing provided data',
    );
  }

  /** The provider's current review state of an applicant (for reconciling missed webhooks). */
  async applicantStatus(applicantId: string): Promise<ApplicantStatus> {
    const body = parseProviderReply(
      ApplicantStatusReply,
      await this.call('GET', `/resources/applicants/${encodeURIComponent(applicantId)}/status`),
      "an applicant's status",
    );
    const result = body.reviewResult ?? {};
    return {
      reviewStatus: body.reviewStatus ?? 'unknown',
      reviewAnswer: oneOf(result.reviewAnswer, ['GREEN', 'RED']),
      rejectLabels: result.rejectLabels ?? [],
      reviewRejectType: oneOf(result.reviewRejectType, ['RETRY', 'FINAL']),
    };
  }

  async accessToken(externalUserId: string, levelName: string, ttlInSecs: number): Promise<string> {
    const body = await this.call('POST', '/resources/accessTokens/sdk', {
      userId: externalUserId,
      levelName,
      ttlInSecs,
    });
    return parseProviderReply(AccessTokenReply, body, 'an access token').token;
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
    return parseProviderReply(BeneficiaryReply, body, 'adding a beneficiary').applicantId;
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
    const ts = String(Math.floor((this.options.clock ?? systemClock).now().getTime() / 1000));
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
