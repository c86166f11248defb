import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from '../../lib/http/pagination.js';
import { MultilineText, Text } from '../../lib/http/route-schemas.js';
import { kycStages } from './kyc-stage.js';
import { DocumentIds, DocumentView } from './classification.schemas.js';

const ScreeningResult = Type.Union([
  Type.Literal('clear'),
  Type.Literal('hit'),
  Type.Literal('not_screened'),
]);

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const CountryCode = Type.String({
  minLength: 2,
  maxLength: 3,
  pattern: '^[A-Za-z]{2,3}$',
  description: 'ISO 3166-1 alpha-2 or alpha-3',
  expects: 'chosen from the list of countries (an ISO 3166 code such as "DE")',
  examples: ['AE', 'DEU'],
});
export const BirthDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
export const documentTypes = ['passport', 'emirates_id', 'national_id', 'drivers_license'] as const;

export const ManualKycBody = Type.Object(
  {
    full_name: Text(200),
    nationality: CountryCode,
    date_of_birth: BirthDate,
    document_type: Type.Union(documentTypes.map((t) => Type.Literal(t))),
    document_number: Type.String({
      minLength: 1,
      maxLength: 50,
      pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$',
    }),
    address_line1: Type.Optional(Text(200)),
    address_line2: Type.Optional(Text(200)),
    city: Type.Optional(Text(100)),
    postal_code: Type.Optional(Text(20)),
    country_of_residence: Type.Optional(CountryCode),
    document_ids: Type.Optional(DocumentIds),
  },
  { additionalProperties: false },
);
export type ManualKycBody = Static<typeof ManualKycBody>;

export const ProviderKycBody = Type.Object(
  {
    first_name: Text(100),
    last_name: Text(100),
    date_of_birth: BirthDate,
    nationality: CountryCode,
    country_of_residence: Type.Optional(CountryCode),
  },
  { additionalProperties: false },
);
export type ProviderKycBody = Static<typeof ProviderKycBody>;

export const ReviewBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    kyc_level: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 5, description: 'default 2 on approve' }),
    ),
    review_notes: Type.Optional(MultilineText(4000)),
    rejection_reason: Type.Optional(MultilineText(2000)),
  },
  { additionalProperties: false },
);
export type ReviewBody = Static<typeof ReviewBody>;

export const KycQueueQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Union(
        ['waiting', 'pending', 'in_review', 'approved', 'rejected'].map((s) => Type.Literal(s)),
        { description: 'waiting: pending and in review (every application not yet decided)' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const KycApplicationView = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  status: Type.String(),
  verification_provider: Type.String(),
  full_name: Type.String(),
  nationality: Type.String(),
  date_of_birth: Nullable(Type.String()),
  document_type: Nullable(Type.String()),
  document_name: Nullable(
    Type.String({ description: 'the name as the provider read it from the identity document' }),
  ),
  kyc_level: Type.Union([Type.Integer(), Type.Null()]),
  provider_applicant_id: Nullable(Type.String()),
  reject_labels: Type.Union([Type.Array(Type.String()), Type.Null()]),
  rejection_reason: Nullable(Type.String()),
  review_notes: Nullable(Type.String()),
  reviewed_by: Nullable(Type.String()),
  reviewed_at: Nullable(Type.String()),
  revoked_at: Nullable(
    Type.String({
      description:
        'when staff revoked the approval; their reason is on the agent action, never shown to the applicant',
    }),
  ),
  can_resubmit: Type.Boolean(),
  created_at: Type.String(),
});
export type KycApplicationView = Static<typeof KycApplicationView>;

export const KycDetailView = Type.Intersect([
  KycApplicationView,
  Type.Object({
    email: Type.String(),
    document_number: Nullable(Type.String()),
    address_line1: Nullable(Type.String()),
    address_line2: Nullable(Type.String()),
    city: Nullable(Type.String()),
    postal_code: Nullable(Type.String()),
    country_of_residence: Nullable(Type.String()),
    documents: Type.Array(DocumentView, {
      description: 'the images sent with a manual application (GET /admin/documents/:id)',
    }),
    screening: Type.Object(
      {
        screened_by: Type.Union([Type.Literal('provider'), Type.Null()]),
        sanctions: ScreeningResult,
        pep: ScreeningResult,
        adverse_media: ScreeningResult,
        labels: Type.Array(Type.String()),
      },
      { description: "the provider's screening: each list clear, hit or not screened" },
    ),
  }),
]);

export const KycQueueItem = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  email: Type.String(),
  status: Type.String(),
  verification_provider: Type.String(),
  full_name: Type.String(),
  nationality: Type.String(),
  document_type: Nullable(Type.String()),
  submitted_at: Type.String(),
  reviewed_at: Nullable(Type.String()),
});

export const KycMeView = Type.Object({
  status: Type.String(),
  kyc_level: Type.Integer(),
  accreditation_status: Nullable(Type.String()),
  fatca_status: Nullable(Type.String()),
  can_submit: Type.Boolean(),
  application: Type.Union([KycApplicationView, Type.Null()]),
  stage: Type.Union([Type.Union(kycStages.map((s) => Type.Literal(s))), Type.Null()], {
    description:
      "where the latest application stands; a provider application follows the provider's live state",
  }),
});
