import { Type, type Static } from '@sinclair/typebox';
import type { Business } from '../../lib/db/schema-verification.js';
import { Percent, Text } from '../../lib/http/route-schemas.js';
import { CountryCode } from '../verification/kyc.schemas.js';

export const CreateBusinessBody = Type.Object(
  {
    name: Text(200),
    registration_number: Text(100),
    country: CountryCode,
    industry: Type.Optional(Text(100)),
    platform_allocation_pct: Percent(
      "percent of each token's supply allocated to the platform at go-live",
      { upTo100: true, acceptNumber: true },
    ),
  },
  { additionalProperties: false },
);
export type CreateBusinessBody = Static<typeof CreateBusinessBody>;

export const ActivateBusinessBody = Type.Object(
  { status: Type.Literal('active') },
  { additionalProperties: false },
);

export const BusinessView = Type.Object({
  id: Type.String(),
  owner_id: Type.String(),
  kind: Type.String(),
  name: Type.String(),
  registration_number: Type.String(),
  country: Type.String(),
  industry: Type.Union([Type.String(), Type.Null()]),
  platform_allocation_pct: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  kyb_status: Type.String(),
  created_at: Type.String(),
});

export function toBusinessView(business: Business): Static<typeof BusinessView> {
  return { ...business, created_at: business.created_at.toISOString() };
}
