/**
 * Token dividends on chain: the database moved the tokens when the payments were paid; each batch
 * of up to 100 of those payments (fixed when they were paid) is then one batchForcedTransfer from
 * the issuer's address to the holders'. The batch row is the job, claimed with a lease like the
 * allocation minter's; the chain call's idempotency key is the batch id, so a batch sent again
 * after a crash, a lease expiry or a staff retry never transfers twice.
 */
import { sql } from 'kysely';
import type { ChainClient } from '../../lib/chain-client.js';
import { transaction, type Db } from '../../lib/db/database.js';
import type { DividendChainBatch } from '../../lib/db/schema-dividends.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { baseUnits } from '../../lib/token-units.js';
import type { WalletAddresses } from '../wallets/wallet-address.js';

export interface ChainSenderDeps {
  db: Db;
  chain: ChainClient;
  wallets: WalletAddresses;
  logger: Logger;
  leaseSeconds: number;
  batchSize?: number;
}

/** Claims pending batches and sending ones whose lease ran out (a dead worker's). */
function claimBatches(db: Db, limit: number, leaseSeconds: number): Promise<DividendChainBatch[]> {
  return db
    .updateTable('dividend_chain_batches')
    .set((eb) => ({
      status: 'sending',
      claimed_at: sql<Date>`now()`,
      attempts: eb('attempts', '+', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where(
      'id',
      'in',
      db
        .selectFrom('dividend_chain_batches')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'pending'),
            eb.and([
              eb('status', '=', 'sending'),
              eb('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`),
            ]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

function describe(error: unknown): string {
  if (error instanceof AppError) return `${error.code}: ${error.detail ?? error.title}`;
  return error instanceof Error ? error.message : String(error);
}

export function dividendChainSender(deps: ChainSenderDeps) {
  const { db, chain } = deps;

  async function send(batch: DividendChainBatch): Promise<string> {
    const token = await db
      .selectFrom('dividend_declarations')
      .innerJoin('tokens', 'tokens.id', 'dividend_declarations.token_id')
      .select([
        'dividend_declarations.issuer_id',
        'tokens.contract_address',
        'tokens.decimals',
        'tokens.business_id',
      ])
      .where('dividend_declarations.id', '=', batch.dividend_id)
      .executeTakeFirstOrThrow();
    if (!token.contract_address) throw new AppError('TOKEN_NOT_DEPLOYED');
    const payments = await db
      .selectFrom('dividend_payments')
      .select(['user_id', 'quantity'])
      .where('chain_batch_id', '=', batch.id)
      .orderBy('id')
      .execute();
    const transfers = await transaction(db, async (trx) => {
      const from = await deps.wallets.ensureWalletAddress(trx, token.issuer_id);
      const list = [];
      for (const payment of payments) {
        list.push({
          from_addr: from,
          to_addr: await deps.wallets.ensureWalletAddress(trx, payment.user_id),
          amount: baseUnits(payment.quantity, token.decimals),
        });
      }
      return list;
    });
    const sent = await chain.batchTransfer(
      { token_addr: token.contract_address, transfers, payer_ref: token.business_id },
      `dividend-batch:${batch.id}`,
    );
    return sent.tx_hash;
  }

  /** Only the claim holder writes the outcome (a reclaimed batch's first worker finds it changed). */
  async function finish(
    batch: DividendChainBatch,
    outcome: { hash: string } | { error: string },
  ): Promise<void> {
    await db
      .updateTable('dividend_chain_batches')
      .set(
        'hash' in outcome
          ? { status: 'sent', tx_hash: outcome.hash, error: null, updated_at: new Date() }
          : { status: 'failed', error: outcome.error, updated_at: new Date() },
      )
      .where('id', '=', batch.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', batch.attempts)
      .execute();
  }

  return {
    async tick(): Promise<number> {
      const claimed = await claimBatches(db, deps.batchSize ?? 5, deps.leaseSeconds);
      for (const batch of claimed) {
        try {
          await finish(batch, { hash: await send(batch) });
        } catch (error) {
          deps.logger.warn({ batch_id: batch.id, err: error }, 'dividend chain batch failed');
          await finish(batch, { error: describe(error) });
        }
      }
      return claimed.length;
    },
  };
}

export type DividendChainSender = ReturnType<typeof dividendChainSender>;
