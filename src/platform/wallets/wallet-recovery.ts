/**
 * The investor's side of a wallet recovery (docs/compliance.md "Wallet recovery"): an investor
 * who lost their wallet's key proves a new address by signing their challenge with it, and sees
 * where the recovery stands. Staff enter the recovery and an admin approves it (agent actions);
 * the address changes once the chain has moved everything.
 */
import type { Clock } from '../../lib/clock.js';
import { transaction, type Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.queries.js';
import { assertNewAddress } from '../agent-actions/agent-actions.rules.js';
import {
  hasOpenRecovery,
  latestRecoveryOf,
  putRecoveryAddress,
  recoveryAddressOf,
} from '../agent-actions/wallet-recovery.queries.js';
import { assertSignedChallenge, parseLinkAddress } from './wallet-link.js';
import { addressHolder, lockUserWallet, markChallengeUsed, walletOf } from './wallet.queries.js';

export function walletRecoveryService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function status(userId: string) {
    const [wallet, proven, recovery] = await Promise.all([
      walletOf(db, userId),
      recoveryAddressOf(db, userId),
      latestRecoveryOf(db, userId),
    ]);
    return {
      wallet_address: wallet.wallet_address,
      new_address: proven?.address ?? null,
      linked_at: proven?.linked_at.toISOString() ?? null,
      recovery: recovery
        ? {
            id: recovery.id,
            status: recovery.status,
            old_address: recovery.old_address!,
            new_address: recovery.new_address!,
            created_at: recovery.created_at.toISOString(),
            decided_at: recovery.decided_at?.toISOString() ?? null,
          }
        : null,
    };
  }

  return {
    status,

    /**
     * Records the new address the caller proved with its key (replacing an earlier one while no
     * recovery is under way). The signature is checked before anything else is told.
     */
    async linkNewAddress(userId: string, body: { address: string; signature: string }, ip: string) {
      const address = parseLinkAddress(body.address);
      await transaction(db, async (trx) => {
        const current = await lockUserWallet(trx, userId);
        const now = clock.now();
        await assertSignedChallenge(trx, userId, address, body.signature, now);
        if (!current.wallet_address) {
          throw new AppError('WALLET_ADDRESS_REQUIRED', 'You have no wallet to recover');
        }
        assertNewAddress(current.wallet_address, address);
        if (await hasOpenRecovery(trx, userId)) throw new AppError('RECOVERY_IN_PROGRESS');
        if (await addressHolder(trx, address, userId)) throw new AppError('WALLET_ADDRESS_TAKEN');
        await putRecoveryAddress(trx, userId, address);
        await markChallengeUsed(trx, userId, now);
        await recordAudit(trx, {
          actorId: userId,
          action: 'wallet.recovery_address_linked',
          targetType: 'user',
          targetId: userId,
          ip,
          details: { address, lost_address: current.wallet_address },
        });
      });
      return status(userId);
    },
  };
}

export type WalletRecoveryService = ReturnType<typeof walletRecoveryService>;
