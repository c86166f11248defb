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
