/**
 * Turns what viem throws into the error catalogue: contract reverts become the code of their
 * reason, a node that does not answer becomes CHAIN_UNAVAILABLE, a contract call answered with no
 * data (no code at the address: the node lost its state) becomes CHAIN_INFRASTRUCTURE_MISSING.
 * Anything else is returned unchanged, to be handled as an internal error.
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  ExecutionRevertedError,
  HttpRequestError,
  TimeoutError,
} from 'viem';
import { AppError } from '../../lib/errors.js';
import { codeForRevertReason } from './revert-reasons.js';

const refusedConnectionCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

function hasCode(value: unknown, codes: ReadonlySet<string>): boolean {
  for (let e = value; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
  }
  return false;
}

/** The request never reached the node (nothing can have been received): safe to treat as not sent. */
export function isConnectionRefused(error: unknown): boolean {
  return hasCode(error, refusedConnectionCodes);
}

/** The node did not answer: refused, reset, timed out, or an HTTP failure in between. */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null
  );
}

/** The revert reason carried by a viem error, or undefined when the error is not a revert. */
export function revertReasonOf(error: BaseError): { reason: string | undefined } | undefined {
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError) return { reason: reverted.reason };
  const execution = error.walk((e) => e instanceof ExecutionRevertedError);
  if (execution instanceof ExecutionRevertedError) {
    const match = /^Execution reverted with reason: (.*)\.$/s.exec(execution.shortMessage);
    return { reason: match?.[1] };
  }
  return undefined;
}

export function toChainError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof BaseError)) return error;
  const revert = revertReasonOf(error);
  if (revert) {
    const code = codeForRevertReason(revert.reason);
    const detail = revert.reason
      ? `The contract refused the call: ${revert.reason}`
      : 'The contract refused the call without a reason';
    return new AppError(code, detail, { revert_reason: revert.reason ?? null }, { cause: error });
  }
  if (error.walk((e) => e instanceof ContractFunctionZeroDataError)) {
    return new AppError(
      'CHAIN_INFRASTRUCTURE_MISSING',
      `A contract returned no data (${error.shortMessage}); the node has no code at the address, ` +
        'so it was probably reset without its state',
      undefined,
      { cause: error },
    );
  }
  if (isNetworkFailure(error)) {
    return new AppError(
      'CHAIN_UNAVAILABLE',
      `The chain node did not answer: ${error.shortMessage}`,
      undefined,
      { cause: error },
    );
  }
  return error;
}

/** Runs a chain read or estimate and rethrows its failure in catalogue terms. */
export async function onChain<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toChainError(error);
  }
}
