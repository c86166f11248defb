import { describe, expect, it } from 'vitest';
import { codeForRevertReason } from './revert-reasons.js';

describe('codeForRevertReason', () => {
  it.each([
    ['Identity is not verified.', 'IDENTITY_NOT_VERIFIED'],
    ['Transfer not possible', 'TRANSFER_NOT_POSSIBLE'],
    ['Compliance not followed', 'COMPLIANCE_REFUSED'],
    ['Pausable: paused', 'TOKEN_PAUSED'],
    ['wallet is frozen', 'WALLET_FROZEN'],
    ['sender balance too low', 'INSUFFICIENT_TOKEN_BALANCE'],
    ['Insufficient Balance', 'INSUFFICIENT_TOKEN_BALANCE'],
    ['AgentRole: caller does not have the Agent role', 'CHAIN_NOT_AUTHORIZED'],
    ['Ownable: caller is not the owner', 'CHAIN_NOT_AUTHORIZED'],
  ])('maps "%s" to %s', (reason, code) => {
    expect(codeForRevertReason(reason)).toBe(code);
  });

  it('maps unknown or missing reasons to CONTRACT_REVERTED', () => {
    expect(codeForRevertReason('token already deployed')).toBe('CONTRACT_REVERTED');
    expect(codeForRevertReason(undefined)).toBe('CONTRACT_REVERTED');
  });
});
