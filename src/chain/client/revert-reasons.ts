/**
 * The revert strings of the T-REX and ONCHAINID contracts, mapped to stable error codes. The
 * contracts revert with plain strings (no custom errors), so the string is the only signal.
 */
import type { ErrorCode } from '../../lib/errors.js';

const reasons: ReadonlyArray<readonly [RegExp, ErrorCode]> = [
  [/^Identity is not verified\.?$/, 'IDENTITY_NOT_VERIFIED'],
  [/^Transfer not possible$/, 'TRANSFER_NOT_POSSIBLE'],
  [/^Compliance not followed$/, 'COMPLIANCE_REFUSED'],
  [/^Pausable: paused$/, 'TOKEN_PAUSED'],
  [/^wallet is frozen$/, 'WALLET_FROZEN'],
  [/^(sender balance too low|Insufficient Balance)$/, 'INSUFFICIENT_TOKEN_BALANCE'],
  [/AgentRole: caller does not have the Agent role/, 'CHAIN_NOT_AUTHORIZED'],
  [/^Ownable: caller is not the owner$/, 'CHAIN_NOT_AUTHORIZED'],
  [/^Permissions: Sender does not have (management|claim) key$/, 'CHAIN_NOT_AUTHORIZED'],
];

/** The error code for a revert reason; unknown reasons are CONTRACT_REVERTED. */
export function codeForRevertReason(reason: string | undefined): ErrorCode {
  const trimmed = reason?.trim() ?? '';
  return reasons.find(([pattern]) => pattern.test(trimmed))?.[1] ?? 'CONTRACT_REVERTED';
}
