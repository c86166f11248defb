/**
 * The identity provider's replies as Tessera reads them (TypeBox), checked before they become
 * domain types (shared/PROVIDER.md). Only the fields Tessera uses are described; every other field
 * is tolerated, and so is a field the provider leaves out where PROVIDER.md says it may.
 */
import { Type, type Static } from '@sinclair/typebox';

const Fields = Type.Record(Type.String(), Type.Unknown());

export const ApplicantReply = Type.Object({
  id: Type.String({ minLength: 1 }),
  externalUserId: Type.Optional(Type.String()),
  review: Type.Optional(Type.Object({ reviewStatus: Type.Optional(Type.String()) })),
  fixedInfo: Type.Optional(Fields),
  info: Type.Optional(Fields),
});

/** The review's answer and reject type are read as text: values Tessera does not act on read as none. */
export const ApplicantStatusReply = Type.Object({
  reviewStatus: Type.Optional(Type.String()),
  reviewResult: Type.Optional(
    Type.Object({
      reviewAnswer: Type.Optional(Type.String()),
      rejectLabels: Type.Optional(Type.Array(Type.String())),
      reviewRejectType: Type.Optional(Type.String()),
    }),
  ),
});

export const AccessTokenReply = Type.Object({ token: Type.String({ minLength: 1 }) });

export const BeneficiaryReply = Type.Object({ applicantId: Type.String({ minLength: 1 }) });

/** The provided data the provider now holds (PATCH fixedInfo answers it). */
export const FixedInfoReply = Fields;

export type ApplicantReply = Static<typeof ApplicantReply>;
