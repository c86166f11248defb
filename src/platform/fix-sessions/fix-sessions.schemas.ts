import { Type, type Static } from '@sinclair/typebox';
import { fixSessionKinds, fixSessionScopes } from '../../lib/db/schema-fix.js';
import { DateTime } from '../../lib/http/route-schemas.js';
import { maxAllowedIps } from '../api-keys/api-keys.schemas.js';

const Kind = Type.Union(fixSessionKinds.map((kind) => Type.Literal(kind)));
const Scope = Type.Union(fixSessionScopes.map((scope) => Type.Literal(scope)));
const CompId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' });

export const CreateFixSessionBody = Type.Object(
  {
    user_id: Type.String({ format: 'uuid' }),
    api_key_id: Type.String({
      format: 'uuid',
      description: "the user's API key the Logon signs with (order entry needs its trade scope)",
    }),
    sender_comp_id: { ...CompId, description: "the client's CompID (SenderCompID it sends)" },
    target_comp_id: { ...CompId, description: "Tessera's CompID (TargetCompID it sends)" },
    kind: Kind,
    scope: Type.Optional({
      ...Scope,
      description:
        "whose orders it reports: the user's (own, the default) or every order of the venue " +
        '(venue: a drop copy of a staff or admin user only)',
    }),
    allowed_ips: Type.Optional(
      Type.Array(Type.String({ minLength: 2, maxLength: 43 }), {
        maxItems: maxAllowedIps,
        description: 'addresses or CIDR ranges the client may connect from; none: any',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateFixSessionBody = Static<typeof CreateFixSessionBody>;

export const FixSessionView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  user_id: Type.String({ format: 'uuid' }),
  api_key_id: Type.String({ format: 'uuid' }),
  sender_comp_id: Type.String(),
  target_comp_id: Type.String(),
  kind: Kind,
  scope: Scope,
  allowed_ips: Type.Array(Type.String()),
  created_at: DateTime(),
  disabled_at: Type.Union([DateTime(), Type.Null()]),
});
export type FixSessionView = Static<typeof FixSessionView>;
