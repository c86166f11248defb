/**
 * Puts each token's chain-enforced rules on its compliance once the token is deployed and after
 * every change. The rules row is the job: a change leaves it pending with a new version; the job
 * queue claims it, this worker calls the chain service (idempotency key = token and version; the
 * chain side sends only what the chain does not show done) and writes the outcome only under its
 * claim: synced if the version is still the one it put, else pending again for the new one. The
 * treasury's and the issuer's wallets go with the rules as exempt receivers (their custodial
 * addresses derived now if need be), so the go-live allocations cannot be refused on chain.
 */
import { sql } from 'kysely';
import type { ChainClient } from '../../lib/chain-client.js';
import { chainRulesBody } from '../../lib/compliance/chain-rules.js';
import { AppError } from '../../lib/errors.js';
import { jobQueue, type JobTable, type QueueOptions } from '../../lib/worker/job-queue.js';
import { transaction } from '../../lib/db/database.js';
import { treasuryId } from '../../lib/ledger/fiat-ledger.js';
import { findToken, issuerOf } from '../tokens/tokens.queries.js';
import type { WalletAddresses } from '../wallets/wallet-address.js';
import { rulesOfRow } from '../../lib/compliance/compliance-state.queries.js';

export const complianceSyncJobs: JobTable<'token_compliance_rules'> = {
  table: 'token_compliance_rules',
  state: 'chain_sync',
  ready: 'pending',
  failed: 'failed',
  claimId: 'chain_sync_claim_id',
  dueAt: 'chain_sync_due_at',
  attempts: 'chain_sync_attempts',
  waits: 'chain_sync_waits',
  error: 'chain_sync_error',
  where: sql`exists (select 1 from tokens t
    where t.id = token_compliance_rules.token_id and t.contract_address is not null)`,
};

export function complianceChainSync(deps: {
  queue: QueueOptions;
  chain: ChainClient;
  wallets: WalletAddresses;
}) {
  const { chain, wallets } = deps;
  const { db } = deps.queue;

  /** The treasury's and the issuer's wallet addresses. */
  function exemptWallets(issuerId: string): Promise<string[]> {
    return transaction(db, async (trx) => [
      await wallets.ensureWalletAddress(trx, await treasuryId(trx)),
      await wallets.ensureWalletAddress(trx, issuerId),
    ]);
  }

  const queue = jobQueue(complianceSyncJobs, deps.queue);
  return {
    tick: () =>
      queue.runBatch(10, async (row) => {
        const token = await findToken(deps.queue.db, row.token_id);
        if (!token?.contract_address)
          throw new AppError('TOKEN_NOT_DEPLOYED', `token ${row.token_id} has no contract`);
        const body = chainRulesBody(
          token.contract_address,
          rulesOfRow(row),
          { totalSupply: token.total_supply, decimals: token.decimals },
          await exemptWallets(await issuerOf(db, token.business_id)),
        );
        await chain.setComplianceRules(
          { ...body, payer_ref: token.business_id },
          `compliance-rules:${token.id}:${row.version}`,
        );
        return {
          chain_sync: sql`case when version = ${row.version} then 'synced' else 'pending' end`,
        };
      }),
  };
}
