import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../../lib/http/route-schemas.js';
import { Email, Password } from '../users/users.schemas.js';

export const RegisterBody = Type.Object(
  {
    email: Email,
    password: Password,
    role: Text(20, { description: 'investor or issuer; staff and admin are created by an admin' }),
    account_type: Type.Optional(
      Type.Union([Type.Literal('individual'), Type.Literal('corporate')]),
    ),
    full_name: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object(
  { email: Email, password: Password },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const ChangePasswordBody = Type.Object(
  { current_password: Password, new_password: Password },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const RefreshBody = Type.Object(
  { refresh_token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

export const AccessToken = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'seconds until the access token expires' }),
});
export type AccessToken = Static<typeof AccessToken>;

export const TokenPair = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'seconds until the access token expires' }),
});
export type TokenPair = Static<typeof TokenPair>;

/** The answer to a registration, the same whether the address was free or not. */
export const RegistrationAccepted = Type.Object({
  accepted: Type.Literal(true),
  message: Type.String(),
});

export const EmailTokenBody = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 100 }) },
  { additionalProperties: false },
);

export const PasswordResetRequestBody = Type.Object(
  { email: Email },
  { additionalProperties: false },
);

export const ResetPasswordBody = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 100 }), new_password: Password },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const FactorChallenge = Type.Object({
  factor_required: Type.Literal(true),
  challenge_token: Type.String({
    description: 'present it with a factor to POST /api/v1/auth/login/factor; single use',
  }),
  factors: Type.Array(
    Type.Union([Type.Literal('totp'), Type.Literal('passkey'), Type.Literal('recovery_code')]),
  ),
  expires_in: Type.Integer({ description: 'seconds the challenge stays open' }),
});
export type FactorChallenge = Static<typeof FactorChallenge>;

/** A WebAuthn credential's answer as @simplewebauthn/browser returns it (checked by the server). */
export const WebauthnResponse = Type.Object(
  {
    id: Type.String({ maxLength: 1400 }),
    rawId: Type.String({ maxLength: 1400 }),
    type: Type.Literal('public-key'),
    response: Type.Record(Type.String(), Type.Unknown()),
    clientExtensionResults: Type.Record(Type.String(), Type.Unknown()),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);

export const FactorProofBody = {
  code: Type.Optional(
    Type.String({
      minLength: 6,
      maxLength: 20,
      description: 'the authenticator app code (6 digits), or a recovery code',
    }),
  ),
  passkey: Type.Optional(WebauthnResponse),
};

export const LoginFactorBody = Type.Object(
  { challenge_token: Type.String({ minLength: 1, maxLength: 200 }), ...FactorProofBody },
  { additionalProperties: false },
);
export type LoginFactorBody = Static<typeof LoginFactorBody>;

export const StepUpBody = Type.Object(
  {
    ...FactorProofBody,
    challenge_token: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'with a passkey: the token of POST /api/v1/auth/step-up/passkey-options',
      }),
    ),
  },
  { additionalProperties: false },
);
export type StepUpBody = Static<typeof StepUpBody>;
