/**
 * Custodial wallet addresses (DECISIONS.md "API contract points"): a user without an address of
 * their own gets one derived from the platform's custody mnemonic at first need, BIP-44 path
 * m/44'/60'/0'/0/i with i a per-user index from a database sequence. Any BIP-39 wallet restores
 * the keys from the mnemonic; the index is recorded in custodial_addresses, so nothing else needs
 * to be kept.
 */
import { getAddress, toHex } from 'viem';
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';
import { sql } from 'kysely';
import type { Trx } from '../../lib/db/database.js';
import { setUserWallet } from './wallet.queries.js';

export type WalletAddress = `0x${string}`;

export interface CustodyKey {
  /** the address at BIP-44 address index `index` (pure: same mnemonic, same answer) */
  addressAt(index: number): WalletAddress;
}

export function custodyKey(mnemonic: string): CustodyKey {
  // The parent of the address keys, m/44'/60'/0'/0, is derived once (PBKDF2 over the mnemonic is
  // the slow part); each address is then one child step from it.
  const parent = mnemonicToAccount(mnemonic, { path: "m/44'/60'/0'/0" }).getHdKey();
  return {
    addressAt: (index) => privateKeyToAddress(toHex(parent.deriveChild(index).privateKey!)),
  };
}

export interface WalletAddresses {
  /**
   * The user's wallet address, assigning a custodial one first if the user has none.
   *
   * Locks the user's row (FOR UPDATE) for the rest of `trx`, so concurrent callers for one user
   * get the same address; users come first in the platform's lock order, so call it before
   * locking that user's other rows. Each user gets a distinct derivation index (a sequence, and a
   * unique constraint), hence a distinct address. The address is EIP-55 checksummed.
   */
  ensureWalletAddress(trx: Trx, userId: string): Promise<WalletAddress>;
}

export function walletAddresses(custody: CustodyKey): WalletAddresses {
  return {
    async ensureWalletAddress(trx, userId) {
      const user = await trx
        .selectFrom('users')
        .select('wallet_address')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!user) throw new Error(`ensureWalletAddress: no user ${userId}`);
      if (user.wallet_address) return getAddress(user.wallet_address);

      const address = await custodialAddress(trx, custody, userId);
      await setUserWallet(trx, userId, address, 'custodial');
      return address;
    },
  };
}

/** The user's custodial address, derived and recorded on first use. Call with the user locked. */
async function custodialAddress(
  trx: Trx,
  custody: CustodyKey,
  userId: string,
): Promise<WalletAddress> {
  const recorded = await trx
    .selectFrom('custodial_addresses')
    .select('address')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (recorded) return getAddress(recorded.address);
  const { index } = await sql<{
    index: number;
  }>`select nextval('custodial_address_index')::integer as index`
    .execute(trx)
    .then((result) => result.rows[0]!);
  const address = custody.addressAt(index);
  await trx
    .insertInto('custodial_addresses')
    .values({ user_id: userId, address_index: index, address })
    .execute();
  return address;
}
