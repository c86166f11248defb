/**
 * The SQL of wallet recovery: the new address an investor proved, what must reach the chain
 * before a recovery, and the one place the database follows a recovery the chain has done
 * (recordRecovery).
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { AgentAction } from '../../lib/db/schema-agent-actions.js';
import { recordTokenMovements } from '../../lib/ledger/token-movements.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { setUserWallet } from '../wallets/wallet.queries.js';

/** The new address, linked now (the time a KYC check must follow for a recovery by KYC). */
export async function putRecoveryAddress(trx: Trx, userId: string, address: string) {
  await trx
    .insertInto('wallet_recovery_addresses')
    .values({ user_id: userId, address })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ address, linked_at: sql`now()` }))
    .execute();
}

export function recoveryAddressOf(db: Db | Trx, userId: string) {
  return db
    .selectFrom('wallet_recovery_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The investor's latest recovery, whatever its state. */
export function latestRecoveryOf(db: Db | Trx, userId: string): Promise<AgentAction | undefined> {
  return db
    .selectFrom('agent_actions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'recover_wallet')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A recovery entered, approved or failed (not yet done or rejected). */
export async function hasOpenRecovery(trx: Trx, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('agent_actions')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'recover_wallet')
    .where('status', 'in', ['proposed', 'pending', 'failed'])
    .executeTakeFirst();
  return row !== undefined;
}

/** When the investor's latest approved KYC check was approved (null: none). */
export async function kycApprovedAt(trx: Trx, userId: string): Promise<Date | null> {
  const row = await trx
    .selectFrom('kyc_applications')
    .select((eb) => eb.fn.max('reviewed_at').as('at'))
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return row?.at ?? null;
}

/**
 * Mints and settlements of the investor still on their way to the chain: they would reach the
 * lost address after the recovery moved everything from it.
 */
export async function pendingChainWork(trx: Trx, userId: string): Promise<number> {
  const row = await sql<{ n: string }>`
    select (select count(*) from token_allocations
              where user_id = ${userId} and status = 'confirmed'
                and on_chain_status in ('pending', 'minting'))
         + (select count(*) from trades
              where (buyer_id = ${userId} or seller_id = ${userId})
                and settlement_status in ('pending', 'processing')) as n`.execute(trx);
  return Number(row.rows[0]!.n);
}

/** The deployed tokens of which the investor has a wallet: those the recovery looks at on chain. */
export function recoveryTokens(db: Db, userId: string) {
  return db
    .selectFrom('wallets')
    .innerJoin('tokens', 'tokens.id', 'wallets.token_id')
    .select(['tokens.id', 'tokens.contract_address', 'tokens.business_id'])
    .where('wallets.user_id', '=', userId)
    .where('tokens.contract_address', 'is not', null)
    .orderBy('tokens.id')
    .execute();
}

/**
 * The database follows a recovery the chain has done, in the caller's transaction: the user's
 * address becomes the new one (a self-custody address: the investor proved its key), each held
 * balance is a `recovery` movement of the register from the lost address to the new one, and the
 * proven address is used up. The lost address stays on the action and in the movements.
 */
export async function recordRecovery(
  trx: Trx,
  action: AgentAction,
  txHashes: ReadonlyMap<string, string | null>,
): Promise<void> {
  const userId = action.user_id!;
  await lockUser(trx, userId);
  await setUserWallet(trx, userId, action.new_address!, 'self');
  const held = await trx
    .selectFrom('wallets')
    .innerJoin('tokens', 'tokens.id', 'wallets.token_id')
    .select(['wallets.token_id', 'wallets.balance', 'tokens.contract_address'])
    .where('wallets.user_id', '=', userId)
    .where('wallets.balance', '>', 0)
    .orderBy('wallets.token_id')
    .forUpdate(['wallets'])
    .execute();
  await recordTokenMovements(
    trx,
    held.map((wallet) => ({
      tokenId: wallet.token_id,
      kind: 'recovery' as const,
      fromUserId: userId,
      toUserId: userId,
      quantity: wallet.balance,
      sourceType: 'agent_action',
      sourceId: action.id,
      fromAddress: action.old_address,
      toAddress: action.new_address,
      txHash: txHashes.get(wallet.contract_address?.toLowerCase() ?? '') ?? null,
    })),
  );
  await trx.deleteFrom('wallet_recovery_addresses').where('user_id', '=', userId).execute();
}
