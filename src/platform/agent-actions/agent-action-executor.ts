/**
 * Carries the decided agent actions to the chain: each pending freeze, unfreeze, forced transfer
 * and wallet recovery is a job of the shared queue, sent to the chain service with the
 * idempotency key `agent-action:<id>` (a retry never freezes, transfers or recovers twice). An
 * unfreeze's and a recovery's database change is written with the job's outcome, in one
 * transaction under its claim.
 */
import type { ChainClient } from '../../lib/chain-client.js';
import { transaction, type Trx } from '../../lib/db/database.js';
import type { AgentAction } from '../../lib/db/schema-agent-actions.js';
import { AppError } from '../../lib/errors.js';
import { baseUnits } from '../../lib/token-units.js';
import { jobQueue, type JobTable, type QueueOptions } from '../../lib/worker/job-queue.js';
import { findToken } from '../tokens/tokens.queries.js';
import { recordUnfreeze } from './agent-actions.queries.js';
import { agentAction } from '../notifications/notices.js';
import { notify } from '../notifications/notify.js';
import { recordRecovery, recoveryTokens } from './wallet-recovery.queries.js';

export const agentActionJobs: JobTable<'agent_actions'> = {
  table: 'agent_actions',
  state: 'status',
  ready: 'pending',
  failed: 'failed',
  claimId: 'chain_claim_id',
  dueAt: 'chain_due_at',
  attempts: 'chain_attempts',
  waits: 'chain_waits',
  error: 'chain_error',
};

export function agentActionExecutor(deps: { queue: QueueOptions; chain: ChainClient }) {
  const { chain } = deps;
  const { db, logger } = deps.queue;
  const queue = jobQueue(agentActionJobs, deps.queue);

  async function walletOf(userId: string): Promise<string> {
    const user = await db
      .selectFrom('users')
      .select('wallet_address')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!user.wallet_address) throw new AppError('WALLET_ADDRESS_REQUIRED');
    return user.wallet_address;
  }

  /**
   * A recovery on every deployed token the investor has a wallet of (the chain skips those the
   * lost address holds none of); answers each token's recovery transaction by token address.
   */
  async function recover(action: AgentAction): Promise<Map<string, string | null>> {
    const tokens = await recoveryTokens(db, action.user_id!);
    const result = await chain.recoverWallet(
      {
        lost_addr: action.old_address!,
        new_addr: action.new_address!,
        token_addrs: tokens.map((token) => token.contract_address!),
      },
      `agent-action:${action.id}`,
    );
    return new Map(result.tokens.map((t) => [t.token_addr.toLowerCase(), t.tx_hash]));
  }

  /** The chain call of one action; answers the transaction hash, or null when none was sent. */
  async function send(action: AgentAction): Promise<string | null> {
    const token = await findToken(db, action.token_id!);
    if (!token?.contract_address) throw new AppError('TOKEN_NOT_DEPLOYED');
    const key = `agent-action:${action.id}`;
    const common = {
      token_addr: token.contract_address,
      wallet_addr: await walletOf(action.user_id!),
      payer_ref: token.business_id,
    };
    const amount = () => baseUnits(action.quantity!, token.decimals);
    switch (action.kind) {
      case 'freeze_address':
      case 'unfreeze_address': {
        const frozen = action.kind === 'freeze_address';
        return (await chain.freezeAddress({ ...common, frozen }, key)).transaction?.tx_hash ?? null;
      }
      case 'freeze_units':
      case 'unfreeze_units': {
        const freeze = action.kind === 'freeze_units';
        const result = await chain.freezeTokens({ ...common, amount: amount() }, freeze, key);
        return result.transaction?.tx_hash ?? null;
      }
      case 'forced_transfer': {
        const body = {
          token_addr: token.contract_address,
          from_addr: common.wallet_addr,
          to_addr: await walletOf(action.to_user_id!),
          amount: amount(),
          payer_ref: token.business_id,
        };
        return (await chain.agentTransfer(body, key)).tx_hash;
      }
      case 'pause':
      case 'unpause':
      case 'revoke_verification':
      case 'recover_wallet':
        throw new AppError('INTERNAL_ERROR', `${action.kind} has no chain job of its own`);
    }
  }

  return {
    /** Works up to 10 due actions, one at a time; resolves to the number taken. */
    async tick(): Promise<number> {
      let taken = 0;
      for (; taken < 10; taken++) {
        const job = await queue.claim();
        if (!job) break;
        const action = job.row;
        try {
          const recovered = action.kind === 'recover_wallet' ? await recover(action) : null;
          const txHash = recovered
            ? ([...recovered.values()].findLast((hash) => hash !== null) ?? null)
            : await send(action);
          const written = await transaction(db, async (trx) => {
            if (!(await queue.complete(job, { status: 'done', tx_hash: txHash }, trx)))
              return false;
            if (recovered) await recordRecovery(trx, action, recovered);
            if (action.kind === 'unfreeze_address' || action.kind === 'unfreeze_units') {
              await recordUnfreeze(trx, action);
            }
            if (action.user_id && action.kind !== 'pause' && action.kind !== 'unpause')
              await notify(
                trx,
                agentAction(action.user_id, action.kind, await tokenSymbol(trx, action.token_id)),
              );
            return true;
          });
          if (!written)
            logger.warn({ id: action.id }, 'agent action claimed again; outcome not written');
        } catch (error) {
          const outcome = await queue.fail(job, error);
          logger.warn({ id: action.id, err: error, outcome }, 'agent action attempt failed');
        }
      }
      return taken;
    },
  };
}

async function tokenSymbol(trx: Trx, tokenId: string | null): Promise<string | null> {
  if (!tokenId) return null;
  const token = await trx
    .selectFrom('tokens')
    .select('symbol')
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  return token.symbol;
}
