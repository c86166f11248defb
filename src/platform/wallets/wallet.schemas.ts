import { Type, type Static } from '@sinclair/typebox';

export const WalletView = Type.Object({
  wallet_address: Type.Union([Type.String(), Type.Null()]),
  wallet_custody: Type.Union([Type.Literal('custodial'), Type.Literal('self'), Type.Null()]),
});

export const ChallengeView = Type.Object({
  message: Type.String({ description: 'sign exactly this text (EIP-191 personal_sign)' }),
  nonce: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});

export const LinkBody = Type.Object(
  {
    address: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
    signature: Type.String({
      pattern: '^0x[0-9a-fA-F]{130}$',
      description: '65-byte personal_sign signature of the challenge message',
    }),
  },
  { additionalProperties: false },
);
export type LinkBody = Static<typeof LinkBody>;

/** Where the investor's wallet recovery stands (docs/compliance.md "Wallet recovery"). */
export const RecoveryView = Type.Object({
  wallet_address: Type.Union([Type.String(), Type.Null()]),
  /** the new address proved by its key, until a recovery to it is done */
  new_address: Type.Union([Type.String(), Type.Null()]),
  linked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** the latest recovery entered by staff */
  recovery: Type.Union([
    Type.Object({
      id: Type.String(),
      status: Type.Union(
        ['proposed', 'rejected', 'pending', 'done', 'failed'].map((s) => Type.Literal(s)),
      ),
      old_address: Type.String(),
      new_address: Type.String(),
      created_at: Type.String({ format: 'date-time' }),
      decided_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
