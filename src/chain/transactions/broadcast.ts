/**
 * Sends a signed transaction and classifies what happened, because a retry must know whether the
 * node may hold the transaction:
 * - accepted: the node has it (also when it says it already knows it);
 * - unreachable: the connection was refused, the node cannot have it;
 * - nonce_too_low: the node refused it because the nonce is used;
 * - rejected: the node answered with another refusal (funds, fees...): it does not have it;
 * - uncertain: the request may have reached the node (timeout, reset, HTTP failure after sending).
 */
import { BaseError, HttpRequestError, TimeoutError, type Hex } from 'viem';
import type { ChainClient } from '../client/chain-session.js';
import { isConnectionRefused } from '../client/chain-errors.js';

export type BroadcastResult =
  | { kind: 'accepted' }
  | { kind: 'unreachable'; error: unknown }
  | { kind: 'nonce_too_low'; error: unknown }
  | { kind: 'rejected'; error: BaseError }
  | { kind: 'uncertain'; error: unknown };

const alreadyKnown = /already known|already imported|known transaction|AlreadyKnown/i;
const nonceTooLow = /nonce too low|nonce is too low|NonceTooLow|invalid nonce/i;

function messageOf(error: BaseError): string {
  return `${error.shortMessage} ${error.details}`;
}

export async function broadcast(client: ChainClient, raw: Hex): Promise<BroadcastResult> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
    return { kind: 'accepted' };
  } catch (error) {
    if (isConnectionRefused(error)) return { kind: 'unreachable', error };
    if (!(error instanceof BaseError)) return { kind: 'uncertain', error };
    if (error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)) {
      return { kind: 'uncertain', error };
    }
    if (alreadyKnown.test(messageOf(error))) return { kind: 'accepted' };
    if (nonceTooLow.test(messageOf(error))) return { kind: 'nonce_too_low', error };
    return { kind: 'rejected', error };
  }
}
