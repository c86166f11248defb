/**
 * The provider's webhook payload as Tessera accepts it, checked after the digest (PROVIDER.md
 * §3.2: every field optional, fields Tessera does not use tolerated). Lengths follow the columns
 * the fields land in (`provider_webhook_events.applicant_id` and `type` are varchar(64), the
 * dedupe key built from them varchar(300)); no string anywhere may carry a control character, and
 * the whole payload is stored as jsonb, which cannot hold NUL, so unknown fields are bounded too.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { MultilineText, Text } from '../../lib/http/route-schemas.js';

/** Any JSON value nested at most `depth` levels, with text and keys free of control characters. */
function JsonValue(depth: number): TSchema {
  const scalars = [MultilineText(4000), Type.Number(), Type.Boolean(), Type.Null()];
  if (depth === 0) return Type.Union(scalars);
  const inner = JsonValue(depth - 1);
  return Type.Union([
    ...scalars,
    Type.Array(inner, { maxItems: 100 }),
    Type.Object({}, { additionalProperties: inner, propertyNames: Text(100), maxProperties: 100 }),
  ]);
}

const unknownFields = JsonValue(3);

const ReviewResult = Type.Object(
  {
    reviewAnswer: Type.Optional(Text(20)),
    reviewRejectType: Type.Optional(Text(20)),
    rejectLabels: Type.Optional(Type.Array(Text(100), { maxItems: 50 })),
    moderationComment: Type.Optional(MultilineText(4000)),
    clientComment: Type.Optional(MultilineText(4000)),
  },
  { additionalProperties: unknownFields, propertyNames: Text(100) },
);

export const ProviderWebhookPayload = Type.Object(
  {
    applicantId: Type.Optional(Text(64)),
    type: Type.Optional(Text(64)),
    reviewStatus: Type.Optional(Text(40)),
    createdAtMs: Type.Optional(Text(40)),
    createdAt: Type.Optional(Text(40)),
    reviewResult: Type.Optional(ReviewResult),
  },
  { additionalProperties: unknownFields, propertyNames: Text(100), maxProperties: 100 },
);
