/**
 * The SQL of the agent's actions: the action rows, the holders' wallets they change, and the one
 * place a forced transfer moves units between holders (recordForcedTransfer).
 */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type {
  AgentAction,
  AgentActionsTable,
  AgentActionStatus,
} from '../../lib/db/schema-agent-actions.js';
import { newId } from '../../lib/ids.js';
import { recordTokenMovements } from '../../lib/ledger/token-movements.js';
import type { HolderWallet } from './agent-actions.rules.js';

export function insertAgentAction(
  trx: Trx,
  row: Insertable<AgentActionsTable>,
): Promise<AgentAction> {
  return trx.insertInto('agent_actions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function agentActionForUpdate(trx: Trx, id: string): Promise<AgentAction | undefined> {
  return trx
    .selectFrom('agent_actions')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateAgentAction(
  trx: Db | Trx,
  id: string,
  changes: Updateable<AgentActionsTable>,
): Promise<AgentAction> {
  return trx
    .updateTable('agent_actions')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findAgentAction(db: Db, id: string): Promise<AgentAction | undefined> {
  return db.selectFrom('agent_actions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAgentActions(
  db: Db,
  filter: { status?: AgentActionStatus; tokenId?: string; limit: number; cursor?: string },
): Promise<AgentAction[]> {
  let query = db
    .selectFrom('agent_actions')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(filter.limit + 1);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.tokenId) query = query.where('token_id', '=', filter.tokenId);
  if (filter.cursor) query = query.where('id', '<', filter.cursor);
  return query.execute();
}

/** Locks users' rows in id order, the order every use case takes them in. */
export async function lockHolders(
  trx: Trx,
  userIds: string[],
): Promise<Map<string, { id: string; wallet_address: string | null; kyc_status: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'wallet_address', 'kyc_status'])
    .where('id', 'in', userIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The holder's wallet of the token, created empty if it has none, locked. */
export async function walletForUpdate(
  trx: Trx,
  userId: string,
  tokenId: string,
): Promise<HolderWallet> {
  await trx
    .insertInto('wallets')
    .values({ id: newId(), user_id: userId, token_id: tokenId })
    .onConflict((oc) => oc.columns(['user_id', 'token_id']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('wallets')
    .select(['balance', 'locked_balance', 'frozen_quantity', 'address_frozen'])
    .where('user_id', '=', userId)
    .where('token_id', '=', tokenId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return {
    balance: row.balance,
    locked: row.locked_balance,
    frozen: row.frozen_quantity,
    addressFrozen: row.address_frozen,
  };
}

export async function setWalletFreeze(
  trx: Trx,
  userId: string,
  tokenId: string,
  changes: { address_frozen?: boolean; frozen_quantity?: number },
): Promise<void> {
  await trx
    .updateTable('wallets')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('token_id', '=', tokenId)
    .execute();
}

export interface ForcedTransferEntry {
  actionId: string;
  tokenId: string;
  fromUserId: string;
  toUserId: string;
  quantity: number;
  /** the sender's frozen units after the transfer (agent-actions.rules.ts) */
  fromFrozenAfter: number;
}

/**
 * Every unit a court's or regulator's order moves between holders goes through here: both
 * wallets, a wallet transaction each and the register's movement, in the caller's transaction
 * (both wallets locked).
 */
export async function recordForcedTransfer(trx: Trx, entry: ForcedTransferEntry): Promise<void> {
  await trx
    .updateTable('wallets')
    .set({
      balance: sql`balance - ${entry.quantity}`,
      frozen_quantity: entry.fromFrozenAfter,
      updated_at: sql<Date>`now()`,
    })
    .where('user_id', '=', entry.fromUserId)
    .where('token_id', '=', entry.tokenId)
    .execute();
  await trx
    .updateTable('wallets')
    .set({ balance: sql`balance + ${entry.quantity}`, updated_at: sql<Date>`now()` })
    .where('user_id', '=', entry.toUserId)
    .where('token_id', '=', entry.tokenId)
    .execute();
  const side = (userId: string, quantity: number) => ({
    id: newId(),
    user_id: userId,
    token_id: entry.tokenId,
    type: 'forced_transfer' as const,
    status: 'completed' as const,
    quantity,
    amount: '0.00',
    reference_type: 'agent_action',
    reference_id: entry.actionId,
  });
  await trx
    .insertInto('wallet_transactions')
    .values([side(entry.fromUserId, -entry.quantity), side(entry.toUserId, entry.quantity)])
    .execute();
  await recordTokenMovements(trx, [
    {
      tokenId: entry.tokenId,
      kind: 'forced_transfer',
      fromUserId: entry.fromUserId,
      toUserId: entry.toUserId,
      quantity: entry.quantity,
      sourceType: 'agent_action',
      sourceId: entry.actionId,
    },
  ]);
}

/** The database change that waits for the chain: an unfreeze, once the chain has done it. */
export async function recordUnfreeze(trx: Trx, action: AgentAction): Promise<void> {
  await trx
    .updateTable('wallets')
    .set({
      ...(action.kind === 'unfreeze_address'
        ? { address_frozen: false }
        : { frozen_quantity: sql<number>`greatest(frozen_quantity - ${action.quantity!}, 0)` }),
      updated_at: sql<Date>`now()`,
    })
    .where('user_id', '=', action.user_id!)
    .where('token_id', '=', action.token_id!)
    .execute();
}
