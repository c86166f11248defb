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
