/** An agent action as the API answers it, with the people it names. */
import type { Db } from '../../lib/db/database.js';
import type { AgentAction } from '../../lib/db/schema-agent-actions.js';
import { userRefs, type UserRef } from '../users/user-refs.js';

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

/**
 * The views with the people they name by id (holder, receiver, proposer, decider), read in one
 * query, so staff see whose securities move and who decided, not UUIDs.
 */
export async function namedAgentActions(db: Db, views: AgentActionView[]) {
  const refs = await userRefs(
    db,
    views.flatMap((v) =>
      [v.user_id, v.to_user_id, v.proposed_by, v.decided_by].filter((id) => id !== null),
    ),
  );
  const ref = (id: string | null): UserRef | null => (id === null ? null : (refs.get(id) ?? null));
  return views.map((v) => ({
    ...v,
    holder: ref(v.user_id),
    receiver: ref(v.to_user_id),
    proposer: ref(v.proposed_by),
    decider: ref(v.decided_by),
  }));
}

export async function namedAgentAction(db: Db, view: AgentActionView) {
  return (await namedAgentActions(db, [view]))[0]!;
}
