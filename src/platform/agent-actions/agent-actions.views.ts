/** An agent action as the API answers it. */
import type { AgentAction } from '../../lib/db/schema-agent-actions.js';

export function agentActionView(action: AgentAction) {
  return {
    id: action.id,
    kind: action.kind,
    token_id: action.token_id,
    user_id: action.user_id,
    to_user_id: action.to_user_id,
    quantity: action.quantity,
    reason: action.reason,
    reference: action.reference,
    old_address: action.old_address,
    new_address: action.new_address,
    identity_check: action.identity_check,
    status: action.status,
    proposed_by: action.proposed_by,
    decided_by: action.decided_by,
    decided_at: action.decided_at?.toISOString() ?? null,
    chain_error: action.chain_error,
    tx_hash: action.tx_hash,
    created_at: action.created_at.toISOString(),
    updated_at: action.updated_at.toISOString(),
  };
}

export type AgentActionView = ReturnType<typeof agentActionView>;
