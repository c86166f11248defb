import { Type, type Static } from '@sinclair/typebox';
import type { RoleGrant, User } from '../../lib/db/schema.js';
import { roleGrantStatuses, verificationStatuses } from '../../lib/db/schema.js';
import { tiers } from '../verification/classification.rules.js';
import { PageQuery } from '../../lib/http/pagination.js';
import { DateTime, Text } from '../../lib/http/route-schemas.js';

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 1, maxLength: 1024 });

export const UserView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  role: Type.Union([
    Type.Literal('investor'),
    Type.Literal('issuer'),
    Type.Literal('staff'),
    Type.Literal('admin'),
  ]),
  account_type: Type.Union([Type.Literal('individual'), Type.Literal('corporate'), Type.Null()]),
  full_name: Type.Union([Type.String(), Type.Null()]),
  kyc_status: Type.String(),
  kyc_level: Type.Integer(),
  kyb_status: Type.Union([Type.String(), Type.Null()]),
  kyc_document_type: Type.Union([Type.String(), Type.Null()], {
    description:
      'The identity document of the latest KYC application: as given (manual review) or as the provider captured it',
  }),
  kyc_document_name: Type.Union([Type.String(), Type.Null()], {
    description: 'The name as the provider read it from that document',
  }),
  accreditation_status: Type.Union([...tiers.map((tier) => Type.Literal(tier)), Type.Null()]),
  fatca_status: Type.Union([Type.String(), Type.Null()]),
  fiat_balance: Type.String({ description: 'USD, decimal string' }),
  wallet_address: Type.Union([Type.String(), Type.Null()]),
  is_activated: Type.Boolean(),
  email_verified: Type.Boolean({
    description: 'the user followed the link sent to their address (needed to move money or trade)',
  }),
  password_change_required: Type.Boolean({
    description: 'true until the account replaces a password it was given (the first admin)',
  }),
  created_at: Type.String({ format: 'date-time' }),
});
export type UserView = Static<typeof UserView>;

export const CreateStaffBody = Type.Object(
  {
    email: Email,
    password: Password,
    role: Type.Union([Type.Literal('staff'), Type.Literal('admin')]),
    full_name: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);
export type CreateStaffBody = Static<typeof CreateStaffBody>;

export const UserListQuery = Type.Object(
  {
    ...PageQuery,
    role: Type.Optional(
      Type.Union(['investor', 'issuer', 'staff', 'admin'].map((role) => Type.Literal(role))),
    ),
    kyc_status: Type.Optional(
      Type.Union(verificationStatuses.map((status) => Type.Literal(status))),
    ),
    email: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 254,
        // no control characters: PostgreSQL refuses a NUL in text
        pattern: '^[^\\u0000-\\u001f\\u007f]+$',
        description: 'any part of the address',
      }),
    ),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 254,
        pattern: '^[^\\u0000-\\u001f\\u007f]+$',
        description: 'a user id, or any part of the email, the name or the wallet address',
      }),
    ),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

export const UserRefsQuery = Type.Object(
  {
    id: Type.Array(Type.String({ format: 'uuid' }), {
      minItems: 1,
      maxItems: 200,
      description: 'the user ids, the parameter repeated (?id=...&id=...)',
    }),
  },
  { additionalProperties: false },
);

export interface UserRelations {
  kybStatus: string | null;
  kycDocument: { type: string | null; name: string | null } | null;
}

/** The public shape of a user: never the password hash. */
export function toUserView(
  user: User,
  related: UserRelations = { kybStatus: null, kycDocument: null },
): UserView {
  return {
    id: user.id,
    email: user.email,
    role: user.role as UserView['role'],
    account_type: user.account_type,
    full_name: user.full_name,
    kyc_status: user.kyc_status,
    kyc_level: user.kyc_level,
    kyb_status: related.kybStatus,
    kyc_document_type: related.kycDocument?.type ?? null,
    kyc_document_name: related.kycDocument?.name ?? null,
    accreditation_status: user.accreditation_status,
    fatca_status: user.fatca_status,
    fiat_balance: user.fiat_balance,
    wallet_address: user.wallet_address,
    is_activated: user.is_activated,
    email_verified: user.email_verified_at !== null,
    password_change_required: user.password_change_required,
    created_at: user.created_at.toISOString(),
  };
}

const GrantStatus = Type.Union(roleGrantStatuses.map((status) => Type.Literal(status)));

/** A staff or admin account as proposed, and how it was decided (never the password). */
export const RoleGrantView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  user_id: Type.String({ format: 'uuid', description: "the account's id once it exists" }),
  email: Type.String(),
  full_name: Type.Union([Type.String(), Type.Null()]),
  role: Type.Union([Type.Literal('staff'), Type.Literal('admin')]),
  status: GrantStatus,
  proposed_by: Type.String({ format: 'uuid' }),
  decided_by: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  decided_at: Type.Union([DateTime(), Type.Null()]),
  created_at: DateTime(),
});

export function toRoleGrantView(grant: RoleGrant): Static<typeof RoleGrantView> {
  return {
    id: grant.id,
    user_id: grant.user_id,
    email: grant.email,
    full_name: grant.full_name,
    role: grant.role,
    status: grant.status,
    proposed_by: grant.proposed_by,
    decided_by: grant.decided_by,
    decided_at: grant.decided_at?.toISOString() ?? null,
    created_at: grant.created_at.toISOString(),
  };
}

export const RoleGrantsQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(GrantStatus) },
  { additionalProperties: false },
);

export const DecideRoleGrantBody = Type.Object(
  { decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]) },
  { additionalProperties: false },
);
