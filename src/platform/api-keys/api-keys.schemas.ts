import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Text } from '../../lib/http/route-schemas.js';

const Scope = Type.Union([Type.Literal('read'), Type.Literal('trade')]);

/** Keys in force per user at most. */
export const maxKeysPerUser = 20;
/** Allow-list entries per key at most. */
export const maxAllowedIps = 20;

export const CreateApiKeyBody = Type.Object(
  {
    label: Text(100, { description: 'what the key is for, to tell keys apart' }),
    scopes: Type.Array(Scope, {
      minItems: 1,
      maxItems: 2,
      uniqueItems: true,
      description: '`read` (the GET routes open to keys), `trade` (place, amend, cancel orders)',
    }),
    allowed_ips: Type.Optional(
      Type.Array(Type.String({ minLength: 2, maxLength: 43 }), {
        maxItems: maxAllowedIps,
        description: 'addresses or CIDR ranges (IPv4 or IPv6) the key may be used from; none: any',
      }),
    ),
    expires_at: Type.Optional(DateTime('when the key stops working; none: it works until revoked')),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

const Nullable = <T extends ReturnType<typeof DateTime>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const ApiKeyView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  label: Type.String(),
  access_key: Type.String({ description: 'sent as X-Tessera-Key' }),
  scopes: Type.Array(Scope),
  allowed_ips: Type.Array(Type.String()),
  expires_at: Nullable(DateTime()),
  created_at: DateTime(),
  last_used_at: Nullable(
    DateTime('to the minute: each process writes one use per key per minute at most'),
  ),
  revoked_at: Nullable(DateTime()),
});
export type ApiKeyView = Static<typeof ApiKeyView>;

export const CreatedApiKey = Type.Intersect([
  ApiKeyView,
  Type.Object({
    secret: Type.String({ description: 'the signing secret: shown this once, never again' }),
  }),
]);
