/**
 * The connection to the EVM node: one viem public client (reads, estimates, broadcasts, receipts)
 * and the platform signer as a local account. Transactions are signed locally and sent raw, so the
 * same code works against anvil or any EVM JSON-RPC URL with a configured key.
 */
import { concat, createPublicClient, http, keccak256, toHex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

export interface ChainSessionOptions {
  rpcUrl: string;
  signerKey: `0x${string}`;
  claimSignerKey: `0x${string}` | undefined;
  rpcTimeoutMs: number;
  /** How often receipts are polled; anvil mines at once, so 50 ms avoids viem's 4 s default. */
  pollingIntervalMs: number;
}

export function createChainClient(
  options: Pick<ChainSessionOptions, 'rpcUrl' | 'rpcTimeoutMs' | 'pollingIntervalMs'>,
) {
  return createPublicClient({
    transport: http(options.rpcUrl, {
      timeout: options.rpcTimeoutMs,
      retryCount: 1,
      retryDelay: 100,
    }),
    pollingInterval: options.pollingIntervalMs,
    cacheTime: 0,
  });
}

export type ChainClient = ReturnType<typeof createChainClient>;

export interface ChainSession {
  client: ChainClient;
  chainId: number;
  /** sends every transaction of this process; its nonces are managed by the TransactionSender */
  signer: PrivateKeyAccount;
  /** signs KYC claims; its key is registered on the platform ClaimIssuer with purpose 3 (claim) */
  claimSigner: PrivateKeyAccount;
}

/** A key of its own for claim signatures when none is configured, derived from the signer key. */
export function derivedClaimSignerKey(signerKey: `0x${string}`): `0x${string}` {
  return keccak256(concat([signerKey, toHex('tessera:claim-signer')]));
}

/** Connects and learns the chain id; a node that does not answer fails here, before anything else. */
export async function openChainSession(options: ChainSessionOptions): Promise<ChainSession> {
  const client = createChainClient(options);
  const chainId = await client.getChainId();
  return {
    client,
    chainId,
    signer: privateKeyToAccount(options.signerKey),
    claimSigner: privateKeyToAccount(
      options.claimSignerKey ?? derivedClaimSignerKey(options.signerKey),
    ),
  };
}
