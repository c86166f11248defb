/**
 * The development keys everyone knows: the accounts anvil and hardhat derive from the mnemonic
 * "test test ... junk". Anyone who can reach a node may sign with them, so they are allowed only
 * against a node on this machine's loopback interface (the embedded anvil); anywhere else the chain
 * process refuses to start.
 */
import { pbkdf2Sync } from 'node:crypto';
import { HDKey, hdKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { ConfigError } from '../../lib/config.js';

const developmentMnemonic = 'test test test test test test test test test test test junk';
/** hardhat's default account count (anvil's ten are its first ten) */
const developmentAccounts = 20;

/** True for localhost, 127.0.0.0/8 and ::1: a node only this machine reaches. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

let developmentAddresses: Set<string> | undefined;

export function isDevelopmentKey(key: `0x${string}`): boolean {
  if (!developmentAddresses) {
    // the BIP-39 seed (no passphrase), then the accounts at m/44'/60'/0'/0/i
    const seed = pbkdf2Sync(developmentMnemonic, 'mnemonic', 2048, 64, 'sha512');
    const root = HDKey.fromMasterSeed(seed);
    developmentAddresses = new Set(
      Array.from({ length: developmentAccounts }, (_, addressIndex) =>
        hdKeyToAccount(root, { addressIndex }).address.toLowerCase(),
      ),
    );
  }
  return developmentAddresses.has(privateKeyToAddress(key).toLowerCase());
}

/** Throws when a well-known development key would sign for a node beyond the loopback. */
export function assertKeysFitNode(
  rpcUrl: string,
  keys: Readonly<Record<string, `0x${string}` | undefined>>,
): void {
  if (isLoopbackUrl(rpcUrl)) return;
  for (const [variable, key] of Object.entries(keys)) {
    if (key !== undefined && isDevelopmentKey(key)) {
      throw new ConfigError(
        variable,
        `is a public development key (the "test test ... junk" mnemonic) and CHAIN_RPC_URL (${new URL(rpcUrl).host}) is not on loopback: anyone who reaches that node can sign with it. Set a key of your own.`,
      );
    }
  }
}
