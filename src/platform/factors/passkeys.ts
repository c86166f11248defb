/**
 * Passkeys (WebAuthn) as a second factor: the options a browser needs to create or use one, and
 * the checks of what it answers (origin, relying party, the challenge we issued, the signature
 * under the stored public key, a signature counter that never goes back).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../lib/db/database.js';
import { findPasskey, listPasskeys, usePasskey } from './factors.queries.js';

export type PasskeyProof = AuthenticationResponseJSON;
export type PasskeyRegistration = RegistrationResponseJSON;

export interface RelyingParty {
  /** the registrable domain passkeys are bound to (WEBAUTHN_RP_ID) */
  rpId: string;
  /** the web origins the browser may use them from (WEBAUTHN_ORIGINS) */
  origins: readonly string[];
}

export function passkeys(db: Db, rp: RelyingParty, clock: Clock) {
  const credentialsOf = async (userId: string) =>
    (await listPasskeys(db, userId)).map((key) => ({
      id: key.credential_id,
      transports: key.transports as AuthenticatorTransport[],
    }));

  return {
    async registrationOptions(user: { id: string; email: string }) {
      return generateRegistrationOptions({
        rpName: 'Tessera',
        rpID: rp.rpId,
        userName: user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: await credentialsOf(user.id),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
    },

    /** The new credential, or undefined when the answer does not verify. */
    async verifyRegistration(response: PasskeyRegistration, challenge: string) {
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: [...rp.origins],
        expectedRPID: rp.rpId,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verified?.verified) return undefined;
      const { credential } = verified.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
      };
    },

    async authenticationOptions(userId: string) {
      return generateAuthenticationOptions({
        rpID: rp.rpId,
        allowCredentials: await credentialsOf(userId),
        userVerification: 'preferred',
      });
    },

    async verifyAssertion(
      userId: string,
      response: PasskeyProof,
      challenge: string,
    ): Promise<'valid' | 'invalid'> {
      const key = await findPasskey(db, response.id);
      if (!key || key.user_id !== userId) return 'invalid';
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: [...rp.origins],
        expectedRPID: rp.rpId,
        credential: {
          id: key.credential_id,
          publicKey: new Uint8Array(key.public_key),
          counter: key.counter,
          transports: key.transports,
        },
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verified?.verified) return 'invalid';
      await usePasskey(db, key.id, verified.authenticationInfo.newCounter, clock.now());
      return 'valid';
    },
  };
}

export type Passkeys = ReturnType<typeof passkeys>;
