/**
 * The token agent's actions (docs/compliance.md "Agent actions"): staff enter them with a reason
 * (and the order's document reference for a forced transfer); a forced transfer waits for an
 * admin other than its proposer. Each use case is one transaction: the database changes at once
 * where that is the safe direction (a freeze, a pause, a revocation, an approved transfer) and the
 * chain follows through the agent-action executor or the existing chain jobs; an unfreeze changes
 * the database only once the chain has done it, so no sale is accepted that the chain would
 * refuse. A wallet recovery, approved like a forced transfer, changes the database only once the
 * chain has moved everything (wallet-recovery.queries.ts). Rows are locked users first (in id
 * order), then wallets, then the token.
 */
import type { Role } from '../../lib/db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type {
  AgentAction,
  AgentActionStatus,
  IdentityCheck,
} from '../../lib/db/schema-agent-actions.js';
import type { Token } from '../../lib/db/schema-issuance.js';
import { AppError } from '../../lib/errors.js';
import { toPage } from '../../lib/http/pagination.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { changeStatus, tokenForUpdate } from '../tokens/tokens.queries.js';
import { nextStatus } from '../tokens/tokens.rules.js';
import { queueClaimRevocation } from '../verification/kyc-claim-revoker.js';
import {
  latestKycApplication,
  setUserKycStatus,
  updateKycApplication,
} from '../verification/kyc.queries.js';
import {
  agentActionForUpdate,
  findAgentAction,
  insertAgentAction,
  listAgentActions,
  lockHolders,
  recordForcedTransfer,
  setWalletFreeze,
  updateAgentAction,
  walletForUpdate,
} from './agent-actions.queries.js';
import { addressHolder } from '../wallets/wallet.queries.js';
import { soleGranterOf } from '../users/role-grants.queries.js';
import {
  hasOpenRecovery,
  kycApprovedAt,
  pendingChainWork,
  recoveryAddressOf,
} from './wallet-recovery.queries.js';
import {
  assertIdentityReproven,
  assertInputFits,
  assertMayDecide,
  assertNewAddress,
  assertNotMadeByProposer,
  frozenAfter,
  needsApproval,
  senderFrozenAfterTransfer,
  type AgentActionInput,
} from './agent-actions.rules.js';
import { agentAction } from '../notifications/notices.js';
import { notify } from '../notifications/notify.js';
import { agentActionView, namedAgentAction, namedAgentActions } from './agent-actions.views.js';

export interface AgentActor {
  userId: string;
  role: Role;
}

export type ProposeInput = AgentActionInput & { reason: string };

async function lockedHolders(trx: Trx, input: AgentActionInput) {
  const ids = [input.user_id, input.to_user_id].filter((id): id is string => id !== undefined);
  const holders = await lockHolders(trx, ids);
  for (const id of ids) if (!holders.has(id)) throw new AppError('NOT_FOUND', `No user ${id}`);
  return holders;
}

function requireWalletAddress(holder: { id: string; wallet_address: string | null }): void {
  if (holder.wallet_address === null) {
    throw new AppError('WALLET_ADDRESS_REQUIRED', `User ${holder.id} has no wallet address`);
  }
}

async function deployedToken(trx: Trx, tokenId: string): Promise<Token> {
  const token = await tokenForUpdate(trx, tokenId);
  if (!token) throw new AppError('NOT_FOUND', 'No such token');
  if (!token.contract_address) throw new AppError('TOKEN_NOT_DEPLOYED');
  return token;
}

/**
 * A recovery may be entered, and approved, while the investor's address is the one entered, the
 * new address they proved is nobody's, their identity is proven again and nothing of theirs is
 * still on its way to the lost address. Answers the two addresses.
 */
async function checkRecovery(
  trx: Trx,
  user: { id: string; wallet_address: string | null; kyc_status: string },
  check: IdentityCheck,
): Promise<{ old_address: string; new_address: string }> {
  requireWalletAddress(user);
  const proven = await recoveryAddressOf(trx, user.id);
  if (!proven) throw new AppError('RECOVERY_ADDRESS_REQUIRED');
  assertNewAddress(user.wallet_address!, proven.address);
  if (await addressHolder(trx, proven.address, user.id)) throw new AppError('WALLET_ADDRESS_TAKEN');
  assertIdentityReproven(
    check,
    { kyc_status: user.kyc_status, kyc_approved_at: await kycApprovedAt(trx, user.id) },
    proven.linked_at,
  );
  const pending = await pendingChainWork(trx, user.id);
  if (pending > 0) {
    throw new AppError(
      'RECOVERY_IN_PROGRESS',
      `${pending} mints or settlements of the investor have still to reach the chain`,
    );
  }
  return { old_address: user.wallet_address!, new_address: proven.address };
}

interface Proposal {
  status: AgentActionStatus;
  addresses?: { old_address: string; new_address: string };
}

/**
 * Carries out what the kind does in the database now and answers the action's first status:
 * proposed (awaits approval), pending (the executor calls the chain) or done (the chain follows
 * through another job: the token's paused flag, the KYC claim's revocation).
 */
async function applyProposal(trx: Trx, input: ProposeInput, at: Date): Promise<Proposal> {
  const holders = await lockedHolders(trx, input);
  const userId = input.user_id!;
  if (input.kind === 'recover_wallet') {
    if (await hasOpenRecovery(trx, userId)) throw new AppError('RECOVERY_IN_PROGRESS');
    const addresses = await checkRecovery(trx, holders.get(userId)!, input.identity_check!);
    return { status: 'proposed', addresses };
  }
  return { status: await applyTokenAction(trx, input, holders, at) };
}

async function applyTokenAction(
  trx: Trx,
  input: ProposeInput,
  holders: Awaited<ReturnType<typeof lockedHolders>>,
  at: Date,
): Promise<AgentActionStatus> {
  const userId = input.user_id!;
  if (input.kind === 'revoke_verification') {
    const user = holders.get(userId)!;
    if (user.kyc_status !== 'approved') {
      throw new AppError('VERIFICATION_NOT_APPROVED', `The user's KYC is ${user.kyc_status}`);
    }
    await setUserKycStatus(trx, userId, 'rejected');
    // Staff's reason stays on this action: the user is told their verification ended, not why.
    const application = await latestKycApplication(trx, userId);
    if (application?.status === 'approved') {
      await updateKycApplication(trx, application.id, {
        status: 'rejected',
        rejection_reason: 'Verification revoked',
        revoked_at: at,
        reverification_allowed: input.allow_reverification ?? false,
      });
    }
    await queueClaimRevocation(trx, userId);
    await notify(trx, agentAction(userId, 'revoke_verification', null));
    return 'done';
  }
  // A court's receiver may get a wallet later: theirs is needed when the transfer is approved.
  const holder = holders.get(userId);
  if (holder) requireWalletAddress(holder);
  const tokenId = input.token_id!;
  const wallets = new Map<string, Awaited<ReturnType<typeof walletForUpdate>>>();
  for (const id of [...holders.keys()].sort())
    wallets.set(id, await walletForUpdate(trx, id, tokenId));
  const token = await deployedToken(trx, tokenId);
  const wallet = wallets.get(userId);
  switch (input.kind) {
    case 'pause':
    case 'unpause': {
      const next = nextStatus(token.status, input.kind === 'pause' ? 'pause' : 'resume');
      if (!next) {
        throw new AppError('TOKEN_STATE_CONFLICT', `A ${token.status} token cannot ${input.kind}`, {
          status: token.status,
        });
      }
      await changeStatus(trx, tokenId, next);
      return 'done';
    }
    case 'freeze_address':
      if (wallet!.addressFrozen) throw new AppError('ADDRESS_ALREADY_FROZEN');
      await setWalletFreeze(trx, userId, tokenId, { address_frozen: true });
      return 'pending';
    case 'unfreeze_address':
      if (!wallet!.addressFrozen) throw new AppError('ADDRESS_NOT_FROZEN');
      return 'pending';
    case 'freeze_units':
      await setWalletFreeze(trx, userId, tokenId, {
        frozen_quantity: frozenAfter(wallet!, input.quantity!, true),
      });
      return 'pending';
    case 'unfreeze_units':
      frozenAfter(wallet!, input.quantity!, false);
      return 'pending';
    case 'forced_transfer':
      senderFrozenAfterTransfer(wallet!, input.quantity!);
      return 'proposed';
    case 'recover_wallet':
      throw new AppError('INTERNAL_ERROR', `${input.kind} acts on no token`);
  }
}

export function agentActionsService(db: Db, clock: Clock) {
  return {
    async propose(actor: AgentActor, input: ProposeInput, ip: string) {
      assertInputFits(input);
      const view = await transaction(db, async (trx) => {
        const { status, addresses } = await applyProposal(trx, input, clock.now());
        const action = await insertAgentAction(trx, {
          ...addresses,
          identity_check: input.identity_check ?? null,
          id: newId(),
          kind: input.kind,
          token_id: input.token_id ?? null,
          user_id: input.user_id ?? null,
          to_user_id: input.to_user_id ?? null,
          quantity: input.quantity ?? null,
          reason: input.reason,
          reference: input.reference ?? null,
          status,
          proposed_by: actor.userId,
        });
        await recordAudit(trx, {
          actorId: actor.userId,
          action: `agent_action.${needsApproval(input.kind) ? 'proposed' : input.kind}`,
          targetType: 'agent_action',
          targetId: action.id,
          ip,
          details: {
            kind: action.kind,
            token_id: action.token_id,
            user_id: action.user_id,
            to_user_id: action.to_user_id,
            quantity: action.quantity,
            reason: action.reason,
            reference: action.reference,
            ...(addresses ?? {}),
            identity_check: action.identity_check,
            ...(input.allow_reverification !== undefined
              ? { allow_reverification: input.allow_reverification }
              : {}),
          },
        });
        return agentActionView(action);
      });
      return namedAgentAction(db, view);
    },

    /** An admin other than the proposer approves or rejects a proposed action. */
    async decide(
      admin: AgentActor,
      id: string,
      decision: { approve: boolean; note?: string | undefined },
      ip: string,
    ) {
      const view = await transaction(db, async (trx) => {
        const action = await agentActionForUpdate(trx, id);
        if (!action) throw new AppError('NOT_FOUND', 'No such agent action');
        if (action.status !== 'proposed') {
          throw new AppError('AGENT_ACTION_NOT_PROPOSED', `The action is ${action.status}`);
        }
        assertMayDecide(action.proposed_by, admin.userId);
        if (decision.approve) {
          assertNotMadeByProposer(await soleGranterOf(trx, admin.userId), action.proposed_by);
        }
        if (decision.approve && action.kind === 'recover_wallet')
          await approveRecovery(trx, action);
        else if (decision.approve) await approveTransfer(trx, action);
        const decided = await updateAgentAction(trx, id, {
          status: decision.approve ? 'pending' : 'rejected',
          decided_by: admin.userId,
          decided_at: clock.now(),
        });
        await recordAudit(trx, {
          actorId: admin.userId,
          action: `agent_action.${decision.approve ? 'approved' : 'rejected'}`,
          targetType: 'agent_action',
          targetId: id,
          ip,
          details: { kind: action.kind, reason: action.reason, note: decision.note ?? null },
        });
        return agentActionView(decided);
      });
      return namedAgentAction(db, view);
    },

    /** A failed action's chain call is tried again with a fresh count of attempts. */
    async retry(actor: AgentActor, id: string, ip: string) {
      const view = await transaction(db, async (trx) => {
        const action = await agentActionForUpdate(trx, id);
        if (!action) throw new AppError('NOT_FOUND', 'No such agent action');
        if (action.status !== 'failed') throw new AppError('AGENT_ACTION_NOT_FAILED');
        const retried = await updateAgentAction(trx, id, {
          status: 'pending',
          chain_attempts: 0,
          chain_due_at: null,
        });
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'agent_action.retried',
          targetType: 'agent_action',
          targetId: id,
          ip,
          details: { kind: action.kind, error: action.chain_error },
        });
        return agentActionView(retried);
      });
      return namedAgentAction(db, view);
    },

    async get(id: string) {
      const action = await findAgentAction(db, id);
      if (!action) throw new AppError('NOT_FOUND', 'No such agent action');
      return namedAgentAction(db, agentActionView(action));
    },

    async list(filter: {
      status?: AgentActionStatus | undefined;
      token_id?: string | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    }) {
      const limit = filter.limit ?? 50;
      const rows = await listAgentActions(db, {
        limit,
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.token_id ? { tokenId: filter.token_id } : {}),
        ...(filter.cursor ? { cursor: filter.cursor } : {}),
      });
      const page = toPage(rows, limit, agentActionView);
      return { ...page, data: await namedAgentActions(db, page.data) };
    },
  };
}

/** A recovery is checked again when approved; the database follows once the chain has done it. */
async function approveRecovery(trx: Trx, action: AgentAction): Promise<void> {
  const user = (await lockHolders(trx, [action.user_id!])).get(action.user_id!)!;
  const addresses = await checkRecovery(trx, user, action.identity_check!);
  if (
    addresses.old_address !== action.old_address ||
    addresses.new_address !== action.new_address
  ) {
    throw new AppError(
      'RECOVERY_IN_PROGRESS',
      'The addresses changed since the recovery was entered: reject it and enter it again',
    );
  }
}

/** The approved transfer moves the units in the database now; the executor sends it on chain. */
async function approveTransfer(trx: Trx, action: AgentAction): Promise<void> {
  const input = {
    kind: action.kind,
    user_id: action.user_id!,
    to_user_id: action.to_user_id!,
  };
  for (const holder of (await lockedHolders(trx, input)).values()) requireWalletAddress(holder);
  const tokenId = action.token_id!;
  const [first, second] = [action.user_id!, action.to_user_id!].sort();
  const locked = new Map([
    [first!, await walletForUpdate(trx, first!, tokenId)],
    [second!, await walletForUpdate(trx, second!, tokenId)],
  ]);
  await deployedToken(trx, tokenId);
  await recordForcedTransfer(trx, {
    actionId: action.id,
    tokenId,
    fromUserId: action.user_id!,
    toUserId: action.to_user_id!,
    quantity: action.quantity!,
    fromFrozenAfter: senderFrozenAfterTransfer(locked.get(action.user_id!)!, action.quantity!),
  });
}

export type AgentActionsService = ReturnType<typeof agentActionsService>;
