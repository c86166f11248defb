/**
 * What a failed chain call means for the job that made it. A transient failure is one the chain
 * would not repeat once it is back: the node or the chain service unreachable, a timeout, a 5xx
 * of the chain service, the node refusing a nonce or a fee. It never uses up an attempt: the job
 * waits and tries again, however long the outage. Anything else (a pre-check refusal, a revert, a
 * chain signer without the role...) the chain would repeat, and counts toward the attempts.
 */
import { AppError, type ErrorCode } from '../errors.js';

const transientCodes = new Set<ErrorCode>([
  'CHAIN_UNAVAILABLE',
  'CHAIN_TIMEOUT',
  'CHAIN_TRANSACTION_REJECTED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
]);

export function isTransient(error: unknown): boolean {
  return error instanceof AppError && transientCodes.has(error.code);
}

export interface TransientRetry {
  /** the wait after the first transient failure; it doubles with each one in a row */
  baseMs: number;
  maxMs: number;
}

/**
 * The wait after the `waits`-th transient failure in a row (1 = the first): doubling from baseMs,
 * capped at maxMs, then drawn in its upper half so that jobs failed by one outage come back
 * spread out rather than all at once.
 */
export function transientWaitMs(
  waits: number,
  retry: TransientRetry,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(retry.maxMs, retry.baseMs * 2 ** Math.min(Math.max(waits - 1, 0), 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
