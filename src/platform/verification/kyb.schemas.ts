import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from '../../lib/http/pagination.js';
import { MultilineText, Percent, Text } from '../../lib/http/route-schemas.js';
import { BirthDate, CountryCode } from './kyc.schemas.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const ownerRoles = ['ubo', 'shareholder', 'director', 'primary_contact'] as const;

export const OwnerInput = Type.Object(
  {
    first_name: Text(100),
    last_name: Text(100),
    ownership_pct: Percent('percent of the business held', { upTo100: true, acceptNumber: true }),
    role: Type.Union(ownerRoles.map((r) => Type.Literal(r))),
    nationality: CountryCode,
    date_of_birth: Type.Optional(BirthDate),
  },
  { additionalProperties: false },
);

export const KybBody = Type.Object(
  {
    business_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'an existing business of yours; omitted: a new one is created',
      }),
    ),
    company_name: Text(200),
    registration_number: Text(100),
    country: CountryCode,
    industry: Type.Optional(Text(100)),
    owners: Type.Array(OwnerInput, { minItems: 1, maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type KybBody = Static<typeof KybBody>;

export const KybReviewBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    review_notes: Type.Optional(MultilineText(4000)),
    rejection_reason: Type.Optional(MultilineText(2000)),
  },
  { additionalProperties: false },
);
export type KybReviewBody = Static<typeof KybReviewBody>;

export const KybQueueQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Union(['pending', 'in_review', 'approved', 'rejected'].map((s) => Type.Literal(s))),
    ),
  },
  { additionalProperties: false },
);

export const OwnerView = Type.Object({
  id: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  ownership_pct: Type.String(),
  role: Type.String(),
  nationality: Type.String(),
  required: Type.Boolean(),
  kyc_status: Type.String(),
  provider_applicant_id: Nullable(Type.String()),
  reject_labels: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

export const KybApplicationView = Type.Object({
  id: Type.String(),
  business_id: Type.String(),
  business_name: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  kyb_status: Type.String(),
  verification_provider: Type.String(),
  provider_applicant_id: Nullable(Type.String()),
  review_answer: Nullable(Type.String()),
  reject_labels: Type.Union([Type.Array(Type.String()), Type.Null()]),
  rejection_reason: Nullable(Type.String()),
  review_notes: Nullable(Type.String()),
  reviewed_by: Nullable(Type.String()),
  reviewed_at: Nullable(Type.String()),
  owners: Type.Array(OwnerView),
  created_at: Type.String(),
});
export type KybApplicationView = Static<typeof KybApplicationView>;
