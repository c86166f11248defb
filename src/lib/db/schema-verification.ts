/** Table types of identity verification: KYC and KYB applications, businesses, owners, webhooks. */
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export type ApplicationStatus = 'pending' | 'in_review' | 'approved' | 'rejected';
export type VerificationProvider = 'manual' | 'provider';
export type DocumentType =
  'passport' | 'emirates_id' | 'national_id' | 'drivers_license' | 'residence_permit';
export type ReviewAnswer = 'GREEN' | 'RED';
export type RejectType = 'RETRY' | 'FINAL';

/** The provider's verdict as stored on an application (null until the provider decided). */
interface ProviderVerdictColumns {
  provider_applicant_id: string | null;
  review_answer: ReviewAnswer | null;
  reject_type: RejectType | null;
  reject_labels: NullableJson<string[]>;
  /** createdAtMs of the newest provider event applied; older events are stale */
  provider_event_at: Date | null;
}

export interface KycApplicationsTable extends ProviderVerdictColumns {
  id: string;
  user_id: string;
  status: ApplicationStatus;
  verification_provider: VerificationProvider;
  full_name: string;
  nationality: string;
  date_of_birth: string | null;
  document_type: DocumentType | null;
  /** the name as the provider read it from the identity document (provider applications) */
  document_full_name: string | null;
  /** AES-256-GCM ciphertext (base64 of iv | tag | ciphertext); never logged, never listed */
  document_number: string | null;
  document_number_key_id: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  postal_code: string | null;
  country_of_residence: string | null;
  kyc_level: number | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  review_notes: string | null;
  rejection_reason: string | null;
  /** staff revoked the approval (an agent action holds their reason; the applicant never sees it) */
  revoked_at: Date | null;
  /** after a revocation: staff let the applicant verify again */
  reverification_allowed: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type BusinessKind = 'issuer' | 'corporate_investor';

export interface BusinessesTable {
  id: string;
  owner_id: string;
  kind: BusinessKind;
  name: string;
  registration_number: string;
  country: string;
  industry: string | null;
  platform_allocation_pct: string | null;
  status: ColumnType<'pending' | 'active', 'pending' | 'active' | undefined>;
  kyb_status: ColumnType<'none' | ApplicationStatus, 'none' | ApplicationStatus | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface KybApplicationsTable extends ProviderVerdictColumns {
  id: string;
  business_id: string;
  submitted_by: string;
  status: ApplicationStatus;
  verification_provider: VerificationProvider;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  review_notes: string | null;
  rejection_reason: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type OwnerRole = 'ubo' | 'shareholder' | 'director' | 'primary_contact';

export interface BusinessOwnersTable extends ProviderVerdictColumns {
  id: string;
  kyb_application_id: string;
  first_name: string;
  last_name: string;
  ownership_pct: string;
  role: OwnerRole;
  nationality: string;
  date_of_birth: string | null;
  /** must pass KYC for the KYB to be approved (25% or more; issuers: also directors, primary contact) */
  required: boolean;
  kyc_status: ColumnType<
    'pending' | 'in_review' | 'approved' | 'rejected',
    'pending' | 'in_review' | 'approved' | 'rejected' | undefined
  >;
  created_at: CreatedAt;
}

export interface ProviderWebhookEventsTable {
  id: string;
  dedupe_key: string;
  applicant_id: string | null;
  type: string;
  payload: Json<Record<string, unknown>>;
  outcome: string;
  received_at: CreatedAt;
}

export interface NotificationsTable {
  id: string;
  /** who should see it: a role ('staff' sees reviewer notifications) */
  audience: 'reviewers';
  kind: string;
  subject_type: string;
  subject_id: string;
  message: string;
  read_at: Date | null;
  created_at: CreatedAt;
}

export interface KycClaimRevocationsTable {
  id: string;
  user_id: string;
  wallet_address: string;
  status: ColumnType<
    'pending' | 'revoked' | 'failed',
    'pending' | 'revoked' | 'failed' | undefined
  >;
  attempts: ColumnType<number, number | undefined, number>;
  /** the job's fencing token and due time (src/lib/worker/job-queue.ts) */
  claim_id: string | null;
  due_at: Date | null;
  /** transient chain failures in a row (src/lib/worker/chain-retry.ts) */
  waits: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  tx_hash: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A job that sets the chain's country of a holder's wallet to the holder's country. */
export interface IdentityCountryUpdatesTable {
  id: string;
  user_id: string;
  /** `verification`: queued by an approved verification; `backfill`: by migration 0032 */
  reason: 'verification' | 'backfill';
  status: ColumnType<'pending' | 'done' | 'failed', 'pending' | 'done' | 'failed' | undefined>;
  /** what the job found and did (null until done, or when the wallet is not registered) */
  wallet_address: string | null;
  /** ISO 3166-1 numeric, as the chain held it before */
  previous_country: number | null;
  /** ISO 3166-1 numeric, as the chain holds it after */
  country: number | null;
  tx_hash: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** the job's fencing token and due time (src/lib/worker/job-queue.ts) */
  claim_id: string | null;
  due_at: Date | null;
  waits: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface VerificationTables {
  kyc_claim_revocations: KycClaimRevocationsTable;
  identity_country_updates: IdentityCountryUpdatesTable;
  kyc_applications: KycApplicationsTable;
  businesses: BusinessesTable;
  kyb_applications: KybApplicationsTable;
  business_owners: BusinessOwnersTable;
  provider_webhook_events: ProviderWebhookEventsTable;
  notifications: NotificationsTable;
}

export type KycApplication = Selectable<KycApplicationsTable>;
export type Business = Selectable<BusinessesTable>;
export type KybApplication = Selectable<KybApplicationsTable>;
export type BusinessOwner = Selectable<BusinessOwnersTable>;
export type Notification = Selectable<NotificationsTable>;
