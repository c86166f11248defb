/**
 * Linking a self-custody address (DECISIONS.md "API contract points"): the server issues a
 * challenge (random nonce, expiry, single use), the user signs its exact text with the wallet
 * (EIP-191 personal_sign), and the platform checks the signature recovers to the address.
 *
 * A user may link while having no address, or while holding the custodial one with no tokens at
 * or on their way to it; after that the address is fixed (changing it would strand tokens on
 * chain). One transaction per link, the user's row locked first, then the challenge.
 */
import { randomBytes } from 'node:crypto';
import { getAddress, isAddress, verifyMessage, type Address, type Hex } from 'viem';
import type { Clock } from '../../lib/clock.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { WalletCustody } from '../../lib/db/schema-fiat.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.queries.js';
import { isUniqueViolation } from '../../lib/db/unique-violation.js';
import type { WalletAddresses } from './wallet-address.js';
import {
  addressHolder,
  challengeForUpdate,
  hasTokenHoldings,
  lockUserWallet,
  markChallengeUsed,
  putChallenge,
  setUserWallet,
  walletOf,
} from './wallet.queries.js';

export const platformName = 'Tessera';

/** The text the wallet signs: names the platform, the account, the nonce and the expiry. */
export function challengeMessage(userId: string, nonce: string, expiresAt: Date): string {
  return [
    `${platformName} asks you to link this wallet to your account.`,
    '',
    'Signing proves you control the address; it sends no transaction and costs nothing.',
    '',
    `Account: ${userId}`,
    `Nonce: ${nonce}`,
    `Expires: ${expiresAt.toISOString()}`,
  ].join('\n');
}

/** An address as given: checksummed, or VALIDATION_FAILED. */
export function parseLinkAddress(given: string): Address {
  if (!isAddress(given)) {
    throw new AppError('VALIDATION_FAILED', 'address is not an address (or its checksum is wrong)');
  }
  return getAddress(given);
}

/**
 * The address signed the user's live challenge (which is then used up): the proof that the user
 * holds its key. The caller holds the user's row lock.
 */
export async function assertSignedChallenge(
  trx: Trx,
  userId: string,
  address: Address,
  signature: string,
  now: Date,
): Promise<void> {
  const challenge = await challengeForUpdate(trx, userId);
  if (!challenge || challenge.used_at || challenge.expires_at <= now) {
    throw new AppError(
      'WALLET_CHALLENGE_INVALID',
      challenge?.used_at
        ? 'The challenge was already used'
        : challenge
          ? 'The challenge has expired'
          : 'No challenge was issued',
    );
  }
  const signed = await verifyMessage({
    address,
    message: challenge.message,
    signature: signature as Hex,
  }).catch(() => false);
  if (!signed) throw new AppError('WALLET_SIGNATURE_INVALID');
}

export interface WalletView {
  wallet_address: string | null;
  wallet_custody: WalletCustody | null;
}

export function walletLinkService(deps: {
  db: Db;
  clock: Clock;
  challengeTtlSeconds: number;
  addresses: WalletAddresses;
}) {
  const { db, clock } = deps;
  return {
    wallet: (userId: string): Promise<WalletView> => walletOf(db, userId),

    /**
     * The user's wallet, a custodial one assigned now if they have none (so an investor can trade
     * before any subscription); a wallet they already have is answered unchanged.
     */
    custodial: (userId: string, ip: string) =>
      transaction(db, async (trx): Promise<WalletView> => {
        const current = await lockUserWallet(trx, userId);
        if (current.wallet_address) return current;
        const address = await deps.addresses.ensureWalletAddress(trx, userId);
        await recordAudit(trx, {
          actorId: userId,
          action: 'wallet.custodial_assigned',
          targetType: 'user',
          targetId: userId,
          ip,
          details: { address },
        });
        return { wallet_address: address, wallet_custody: 'custodial' };
      }),

    async challenge(userId: string) {
      const nonce = randomBytes(16).toString('hex');
      const expiresAt = new Date(clock.now().getTime() + deps.challengeTtlSeconds * 1000);
      const message = challengeMessage(userId, nonce, expiresAt);
      await putChallenge(db, { user_id: userId, nonce, message, expires_at: expiresAt });
      return { message, nonce, expires_at: expiresAt.toISOString() };
    },

    async link(userId: string, body: { address: string; signature: string }, ip: string) {
      const address = parseLinkAddress(body.address);
      return transaction(db, async (trx): Promise<WalletView> => {
        const current = await lockUserWallet(trx, userId);
        const now = clock.now();
        await assertSignedChallenge(trx, userId, address, body.signature, now);

        // Checked only after the signature, so only the key's holder learns what follows.
        if (current.wallet_address === address && current.wallet_custody === 'self') {
          await markChallengeUsed(trx, userId, now);
          return current;
        }
        if (current.wallet_custody === 'self') throw new AppError('WALLET_ALREADY_LINKED');
        if (current.wallet_address && (await hasTokenHoldings(trx, userId))) {
          throw new AppError('WALLET_HAS_HOLDINGS');
        }
        if (await addressHolder(trx, address, userId)) throw new AppError('WALLET_ADDRESS_TAKEN');
        await setUserWallet(trx, userId, address, 'self').catch((error: unknown) => {
          if (isUniqueViolation(error, 'users_wallet_address_key'))
            throw new AppError('WALLET_ADDRESS_TAKEN');
          throw error;
        });
        await markChallengeUsed(trx, userId, now);
        await recordAudit(trx, {
          actorId: userId,
          action: 'wallet.linked',
          targetType: 'user',
          targetId: userId,
          ip,
          details: {
            address,
            previous_address: current.wallet_address,
            previous_custody: current.wallet_custody,
          },
        });
        return { wallet_address: address, wallet_custody: 'self' };
      });
    },
  };
}

export type WalletLinkService = ReturnType<typeof walletLinkService>;
