/**
 * Polls for the receipt of a sent transaction until it is there or the deadline passes. A plain
 * loop on eth_getTransactionReceipt (one confirmation), kept simple on purpose: the retry logic
 * around it (transaction-sender.ts) decides what an absent receipt means.
 */
import { TransactionReceiptNotFoundError, type Hash, type TransactionReceipt } from 'viem';
import type { ChainClient } from '../client/chain-session.js';

export class ReceiptTimeoutError extends Error {
  constructor(
    readonly hash: Hash,
    readonly timeoutMs: number,
  ) {
    super(`transaction ${hash} has no receipt after ${timeoutMs} ms`);
    this.name = 'ReceiptTimeoutError';
  }
}

/** The receipt, or null when the node does not know it (yet). Network failures are thrown. */
export async function findReceipt(
  client: ChainClient,
  hash: Hash,
): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  }
}

export async function waitForReceipt(
  client: ChainClient,
  hash: Hash,
  options: { timeoutMs: number; pollingIntervalMs: number },
): Promise<TransactionReceipt> {
  const deadline = performance.now() + options.timeoutMs;
  for (;;) {
    const receipt = await findReceipt(client, hash);
    if (receipt) return receipt;
    if (performance.now() >= deadline) throw new ReceiptTimeoutError(hash, options.timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, options.pollingIntervalMs));
  }
}
