/** Request and response schemas of documents and investor classification. */
import { Type, type TLiteral } from '@sinclair/typebox';
import {
  classificationStatuses,
  documentContentTypes,
  documentPurposes,
} from '../../lib/db/schema-documents.js';
import { maxDocumentBytes } from './documents.rules.js';
import { MultilineText, Text } from '../../lib/http/route-schemas.js';

const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value): TLiteral<T> => Type.Literal(value)));
const Tier = Type.Union([
  Type.Literal('retail'),
  Type.Literal('professional'),
  Type.Literal('institutional'),
]);
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const UploadBody = Type.Object(
  {
    purpose: literals(documentPurposes),
    content_type: literals(documentContentTypes),
    data: Type.String({
      // base64 of at most maxDocumentBytes
      maxLength: Math.ceil(maxDocumentBytes / 3) * 4,
      pattern: '^[A-Za-z0-9+/]+={0,2}$',
      description: `the file in base64, at most ${maxDocumentBytes / 1048576} MB`,
    }),
  },
  { additionalProperties: false },
);

export const DocumentView = Type.Object({
  id: Type.String(),
  purpose: Type.String(),
  content_type: Type.String(),
  size_bytes: Type.Integer(),
  sha256: Type.String(),
  created_at: Type.String(),
  retain_until: Type.String({ description: 'kept until then (retention policy), then purged' }),
});

export const DocumentIds = Type.Array(Type.String({ format: 'uuid' }), {
  maxItems: 5,
  description: 'documents uploaded with POST /api/v1/documents, sent with this',
});

export const ClassificationBody = Type.Object(
  {
    tier: Tier,
    criteria: Type.Optional(Type.Array(Text(40), { maxItems: 5 })),
    statement: Type.Optional(MultilineText(2000)),
    evidence_document_ids: Type.Optional(DocumentIds),
  },
  { additionalProperties: false },
);

export const ClassificationView = Type.Object({
  id: Type.String(),
  tier: Tier,
  criteria: Type.Array(Type.Object({ key: Type.String(), text: Type.String() })),
  statement: Nullable(Type.String()),
  status: Type.String(),
  review_note: Nullable(Type.String({ description: "staff's note, read by the investor" })),
  reviewed_at: Nullable(Type.String()),
  created_at: Type.String(),
});

const Limits = Type.Object({
  tier: Tier,
  subscription_usd: Type.String({ description: 'the largest subscription, USD' }),
  buy_order_usd: Type.String({ description: "the largest buy order's value, USD" }),
  text: Type.String(),
});

const TierCriteria = Type.Record(Type.String(), Type.String());

export const MyClassificationView = Type.Object({
  tier: Tier,
  kyc_approved: Type.Boolean(),
  limits: Limits,
  requests: Type.Array(ClassificationView),
  criteria: Type.Object(
    {
      retail: TierCriteria,
      professional: TierCriteria,
      institutional: TierCriteria,
    },
    { description: 'by tier, the criteria an investor certifies (key: text)' },
  ),
});

export const ClassificationQueueItem = Type.Composite([
  ClassificationView,
  Type.Object({
    user_id: Type.String(),
    email: Type.String(),
    full_name: Nullable(Type.String()),
    kyc_status: Type.String(),
    kyc_level: Type.Integer(),
    evidence: Type.Array(DocumentView),
  }),
]);

export const ClassificationQueueQuery = Type.Object(
  { status: Type.Optional(literals(classificationStatuses)) },
  { additionalProperties: false },
);

export const ClassificationReviewBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    note: Type.Optional(MultilineText(2000)),
  },
  { additionalProperties: false },
);
