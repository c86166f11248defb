/** The API shape of the token agent's actions (docs/compliance.md "Agent actions"). */
import { Type, type Static } from '@sinclair/typebox';
import {
  agentActionKinds,
  agentActionStatuses,
  identityChecks,
} from '../../lib/db/schema-agent-actions.js';
import { Page, PageQuery } from '../../lib/http/pagination.js';
import { DateTime, MultilineText, Text } from '../../lib/http/route-schemas.js';
import { UserRef } from '../users/user-refs.js';

const Uuid = Type.String({ format: 'uuid' });
const Kind = Type.Union(agentActionKinds.map((kind) => Type.Literal(kind)));
const Status = Type.Union(agentActionStatuses.map((status) => Type.Literal(status)));
const IdentityCheck = Type.Union(identityChecks.map((check) => Type.Literal(check)));
const Reason = MultilineText(2000, { minLength: 3, pattern: '\\S', description: 'why (audited)' });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const ProposeAgentActionBody = Type.Object(
  {
    kind: Kind,
    token_id: Type.Optional(Uuid),
    user_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'the holder (the sender of a forced transfer, the user whose KYC is revoked)',
      }),
    ),
    to_user_id: Type.Optional(Type.String({ format: 'uuid', description: 'the receiver' })),
    quantity: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1_000_000_000_000_000, description: 'whole tokens' }),
    ),
    reason: Reason,
    reference: Type.Optional(
      Text(200, {
        description: "the order's document reference (court or regulator), or the staff review's",
      }),
    ),
    identity_check: Type.Optional(
      Type.Union(
        identityChecks.map((check) => Type.Literal(check)),
        {
          description:
            'a recovery: how the investor proved their identity again (a KYC check approved ' +
            'since they linked the new address, or staff review with its reference)',
        },
      ),
    ),
    allow_reverification: Type.Optional(
      Type.Boolean({
        description:
          'a revocation: whether the user may verify their identity again (default false); ' +
          'the reason is never shown to them',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ProposeAgentActionBody = Static<typeof ProposeAgentActionBody>;

export const DecideAgentActionBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    note: Type.Optional(MultilineText(2000)),
  },
  { additionalProperties: false },
);

export const AgentActionView = Type.Object({
  id: Uuid,
  kind: Kind,
  token_id: nullable(Uuid),
  user_id: nullable(Uuid),
  to_user_id: nullable(Uuid),
  quantity: nullable(Type.Integer()),
  reason: Type.String(),
  reference: nullable(Type.String()),
  old_address: nullable(Type.String()),
  new_address: nullable(Type.String()),
  identity_check: nullable(IdentityCheck),
  status: Status,
  proposed_by: Uuid,
  decided_by: nullable(Uuid),
  decided_at: nullable(DateTime()),
  chain_error: nullable(Type.String()),
  tx_hash: nullable(Type.String()),
  created_at: DateTime(),
  updated_at: DateTime(),
  holder: nullable(UserRef),
  receiver: nullable(UserRef),
  proposer: nullable(UserRef),
  decider: nullable(UserRef),
});

export const AgentActionsQuery = Type.Object(
  {
    status: Type.Optional(Status),
    token_id: Type.Optional(Uuid),
    ...PageQuery,
  },
  { additionalProperties: false },
);

export const AgentActionPage = Page(AgentActionView);
