/**
 * Request schemas of the provider API the sandbox imitates. Like the provider they tolerate
 * fields they do not use (no `additionalProperties: false`). The answers with a fixed shape have
 * schemas too, so the OpenAPI document (and the SDK typed from it) describes them.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { MultilineText, Text } from '../lib/http/route-schemas.js';

const text = (maxLength = 512) => Text(maxLength);

export const LevelQuery = Type.Object({ levelName: text() });

export const ApplicantParams = Type.Object({ id: text(600) });

export const ExternalUserIdParams = Type.Object({ externalUserId: text() });

const CompanyInfo = Type.Object({
  companyName: Type.Optional(text()),
  registrationNumber: Type.Optional(text()),
  country: Type.Optional(text(3)),
});

const PersonInfo = {
  firstName: Type.Optional(text(200)),
  lastName: Type.Optional(text(200)),
  dob: Type.Optional(text(10)),
  country: Type.Optional(text(3)),
  nationality: Type.Optional(text(3)),
};

export const FixedInfo = Type.Object({ ...PersonInfo, companyInfo: Type.Optional(CompanyInfo) });

/** PATCH fixedInfo: a person's fields, each may be null (ignored, as the provider does). */
const nullable = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
export const PersonInfoChange = Type.Object({
  firstName: nullable(200),
  lastName: nullable(200),
  dob: nullable(10),
  country: nullable(3),
  nationality: nullable(3),
});

export const CreateApplicantBody = Type.Object({
  externalUserId: Type.Optional(text()),
  type: Type.Optional(Type.Union([Type.Literal('individual'), Type.Literal('company')])),
  email: Type.Optional(text(320)),
  fixedInfo: Type.Optional(FixedInfo),
});
export type CreateApplicantBody = Static<typeof CreateApplicantBody>;

const ttlInSecs = Type.Integer({ minimum: 1, maximum: 86_400 });

export const AccessTokenBody = Type.Object({
  userId: text(),
  levelName: text(),
  ttlInSecs: Type.Optional(ttlInSecs),
});

export const AccessTokenQuery = AccessTokenBody;

export const TestCompletedBody = Type.Object({
  reviewAnswer: Type.Union([Type.Literal('GREEN'), Type.Literal('RED')]),
  rejectLabels: Type.Array(text(100), { maxItems: 50 }),
  reviewRejectType: Type.Optional(Type.Union([Type.Literal('FINAL'), Type.Literal('RETRY')])),
  moderationComment: Type.Optional(MultilineText(2000)),
  clientComment: Type.Optional(MultilineText(2000)),
});

export const BeneficiaryTypes = Type.Array(
  Type.Union([
    Type.Literal('ubo'),
    Type.Literal('shareholder'),
    Type.Literal('director'),
    Type.Literal('representative'),
  ]),
  { minItems: 1, maxItems: 4, uniqueItems: true },
);

/** KYB 2.0: either an existing applicant (`applicantId`) or a new person (`beneficiaryInfo`). */
export const BeneficiaryBody = Type.Object({
  applicantId: Type.Optional(text(64)),
  beneficiaryInfo: Type.Optional(
    Type.Object({
      ...PersonInfo,
      firstName: text(200),
      lastName: text(200),
    }),
  ),
  types: BeneficiaryTypes,
  shareSize: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
});

/** How every `/resources` route is authenticated (src/provider-sandbox/signature-check.ts). */
export const providerSecurity = [{ providerSignature: [] }];

export const providerSignatureScheme = {
  type: 'apiKey',
  in: 'header',
  name: 'X-App-Token',
  description:
    'The app token in X-App-Token, X-App-Access-Ts (Unix seconds) and X-App-Access-Sig (hex HMAC-SHA256 of ts + METHOD + path?query + body with the secret key).',
};

/**
 * Answers in the provider's shape, open (`additionalProperties`): they name the fields a caller
 * keys on and pass the rest through as the views build them (applicant-views.ts).
 */
const open = <T extends TProperties>(properties: T) =>
  Type.Object(properties, { additionalProperties: true });

export const ReviewAnswer = open({ reviewStatus: Type.String() });

export const ApplicantAnswer = open({
  id: Type.String(),
  levelName: Type.String(),
  review: ReviewAnswer,
});

export const ApplicantLookupAnswer = Type.Object({
  exists: Type.Boolean(),
  applicant: Type.Optional(ApplicantAnswer),
});

export const FixedInfoAnswer = open({});

export const BeneficiaryAnswer = open({ id: Type.String() });

export const OkAnswer = Type.Object({ ok: Type.Integer() });

export const AccessTokenAnswer = Type.Object({ token: Type.String(), userId: Type.String() });

/** The provider's error body (provider-errors.ts), on every refusal. */
export const ProviderErrorAnswer = Type.Object({
  description: Type.String(),
  code: Type.Integer(),
  correlationId: Type.String(),
  errorCode: Type.Optional(Type.Integer()),
  errorName: Type.Optional(Type.String()),
});
