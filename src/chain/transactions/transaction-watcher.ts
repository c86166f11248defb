/**
 * Watches recorded transactions until they are final, and drives again what a lost block carried.
 * One round (a claim loop's tick; the rows are the jobs, claimed FOR UPDATE SKIP LOCKED, nothing
 * kept in memory between rounds):
 *
 * 1. Final rows the chain can no longer hold are opened again: a nonce at or above the signer's
 *    count on chain, or a block above the head (a node restarted from an older state). The nonce
 *    allocator then reads the next nonce from the node again.
 * 2. Each claimed row, in nonce order, under its idempotency key (no request races it):
 *    - mined or reverted: the receipt is asked for again. Still there (perhaps in another block):
 *      final once the head is CHAIN_CONFIRMATIONS blocks on (the transaction's own included).
 *      Gone: a mined row goes back to `sent` and is driven again (below). A reverted one did
 *      nothing and must not run now (its caller acted on the revert): it stays watched until its
 *      nonce is used by another of ours (it can then never run) or it shows up mined again.
 *    - sent again after a lost block: a receipt is recorded (the first result kept); in the node's
 *      pool it is waited for; its nonce free: the same signed bytes are broadcast again (same hash,
 *      so it cannot run twice); its nonce used by another of ours: its call is signed anew
 *      (the old one can never run); its nonce used by nothing of ours: undecided (below).
 *    - sent long ago (CHAIN_PENDING_ALERT_MS) with no receipt: stalled (below). Its caller's retry
 *      resumes it as before (transaction-sender.ts).
 * 3. Undecided or stalled: the row carries the alert, the reviewers get a notification once, the
 *    error is logged, and the gauge chain_transactions_undecided counts it until it is mined again.
 *    An undecided row is failed with CHAIN_OUTCOME_UNKNOWN, so nothing sends it again.
 */
import type { TransactionReceipt } from 'viem';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../lib/db/database.js';
import type { ChainAlert } from '../../lib/db/schema.js';
import type { Logger } from '../../lib/logger.js';
import type { ChainSession } from '../client/chain-session.js';
import {
  transactionFromRow,
  type MinedTransaction,
  type Operation,
  type PendingTransaction,
  type RevertedTransaction,
} from './chain-transaction.js';
import { recordFailed } from './gas-records.js';
import type { TransactionSender } from './transaction-sender.js';
import {
  claimWatched,
  findWatched,
  markConfirmed,
  moveToBlock,
  raiseAlert,
  reopenAsSent,
  reopenBeyondChain,
  type WatchedRow,
} from './transaction-watch.queries.js';
import { findReceipt } from './wait-for-receipt.js';

export interface TransactionWatcherOptions {
  db: Db;
  session: ChainSession;
  sender: TransactionSender;
  logger: Logger;
  clock: Clock;
  /** CHAIN_CONFIRMATIONS */
  confirmations: number;
  /** CHAIN_PENDING_ALERT_MS */
  pendingAlertMs: number;
  /** how long a checked row waits before its next check (the loop's interval) */
  recheckMs: number;
}

const rowsPerRound = 100;

export class TransactionWatcher {
  constructor(private readonly options: TransactionWatcherOptions) {}

  /** One round; resolves to how many rows it checked. */
  async tick(): Promise<number> {
    const { db, session, sender, logger, clock, recheckMs, pendingAlertMs } = this.options;
    const { client, signer, chainId } = session;
    const [head, nonceCount] = await Promise.all([
      client.getBlockNumber(),
      client.getTransactionCount({ address: signer.address, blockTag: 'latest' }),
    ]);
    const reopened = await reopenBeyondChain(db, {
      chainId,
      from: signer.address,
      nonceCount,
      head: Number(head),
    });
    if (reopened > 0) {
      sender.forgetNonce();
      logger.warn(
        { reopened, head: Number(head), nonce_count: nonceCount },
        'the chain went back below recorded transactions: checking them again',
      );
    }
    const now = clock.now();
    const rows = await claimWatched(db, {
      chainId,
      from: signer.address,
      now,
      until: new Date(now.getTime() + recheckMs),
      sentBefore: new Date(now.getTime() - pendingAlertMs),
      limit: rowsPerRound,
    });
    for (const row of rows) {
      try {
        await sender.underKey(row.operation as Operation, row.idempotency_key, () =>
          this.#check(row.id, Number(head)),
        );
      } catch (error) {
        // The row is checked again when its claim ends.
        logger.error(
          { err: error, tx_hash: row.tx_hash, operation: row.operation },
          'confirmation check failed',
        );
      }
    }
    return rows.length;
  }

  async #check(id: string, head: number): Promise<void> {
    const row = await findWatched(this.options.db, id);
    if (!row || row.confirmed_at) return;
    const tx = transactionFromRow(row);
    switch (tx.status) {
      case 'mined':
        return this.#checkMined(tx, row, head);
      case 'reverted':
        return this.#checkReverted(tx, row, head);
      case 'sent':
        return row.redrives > 0 ? this.#drive(tx, row) : this.#checkStalled(tx, row);
      case 'queued':
      case 'failed':
        return;
    }
  }

  /** The receipt is still there: moved to its new block if need be, final when deep enough. */
  async #confirm(
    tx: MinedTransaction | RevertedTransaction,
    receipt: TransactionReceipt,
    head: number,
  ): Promise<void> {
    const { db, logger, clock, confirmations } = this.options;
    const block = { number: Number(receipt.blockNumber), hash: receipt.blockHash };
    if (tx.receipt.blockHash !== null && block.hash !== tx.receipt.blockHash) {
      logger.warn(
        { tx_hash: tx.sent.hash, from_block: tx.receipt.blockNumber, to_block: block.number },
        'transaction mined again in another block',
      );
      await moveToBlock(db, tx.id, block);
      if ((receipt.status === 'success') !== (tx.status === 'mined')) {
        await this.#alert(
          tx.id,
          'undecided',
          `Transaction ${tx.sent.hash} (${tx.operation} ${tx.idempotencyKey}) was recorded ` +
            `${tx.status}, and a reorganisation mined it again ${receipt.status === 'success' ? 'successfully' : 'reverted'}: ` +
            'check what its business operation recorded',
        );
        return;
      }
    }
    if (head - block.number + 1 >= confirmations) await markConfirmed(db, tx.id, clock.now());
  }

  async #checkMined(tx: MinedTransaction, row: WatchedRow, head: number): Promise<void> {
    const { db, sender, logger } = this.options;
    const receipt = await findReceipt(this.options.session.client, tx.sent.hash);
    if (receipt) return this.#confirm(tx, receipt, head);
    sender.forgetNonce();
    logger.warn(
      {
        tx_hash: tx.sent.hash,
        nonce: tx.sent.nonce,
        block: tx.receipt.blockNumber,
        operation: tx.operation,
        key: tx.idempotencyKey,
      },
      'the block of a recorded transaction is no longer on the chain: driving it again',
    );
    const reopened = transactionFromRow(await reopenAsSent(db, tx.id)) as PendingTransaction;
    return this.#drive(reopened, row);
  }

  /** A lost reverted transaction did nothing and must not run now; its nonce decides when it is final. */
  async #checkReverted(tx: RevertedTransaction, row: WatchedRow, head: number): Promise<void> {
    const { sender, session, db, clock } = this.options;
    const receipt = await findReceipt(session.client, tx.sent.hash);
    if (receipt) return this.#confirm(tx, receipt, head);
    sender.forgetNonce();
    if (await sender.inPool(tx.sent.hash)) return;
    const used = await session.client.getTransactionCount({
      address: session.signer.address,
      blockTag: 'latest',
    });
    if (used <= tx.sent.nonce) return;
    const pending: PendingTransaction = { ...tx, status: 'sent' };
    if (await sender.nonceHolder(pending)) {
      await markConfirmed(db, tx.id, clock.now());
      return;
    }
    await this.#alert(
      row.id,
      'undecided',
      `Reverted transaction ${tx.sent.hash} (${tx.operation} ${tx.idempotencyKey}) lost its block ` +
        `and its nonce ${tx.sent.nonce} is used by no transaction of ours: check the chain`,
    );
    await markConfirmed(db, tx.id, clock.now());
  }

  /** A transaction sent again after its block was lost. */
  async #drive(tx: PendingTransaction, row: WatchedRow): Promise<void> {
    const { sender, session, logger } = this.options;
    const hash = tx.sent.hash;
    const result = row.result ?? {};
    const receipt = await findReceipt(session.client, hash);
    if (receipt) {
      const recorded = await sender.recordRedriven(tx, receipt, result);
      logger.info(
        { tx_hash: hash, block: Number(receipt.blockNumber), status: recorded.status },
        'transaction driven again after a lost block is mined',
      );
      if (recorded.status === 'reverted') {
        await this.#alert(
          tx.id,
          'undecided',
          `Transaction ${hash} (${tx.operation} ${tx.idempotencyKey}) had succeeded, lost its ` +
            'block, and reverted when mined again: what its business operation recorded did not happen on chain',
        );
      }
      return;
    }
    if (await sender.inPool(hash)) return this.#checkStalled(tx, row);
    const used = await session.client.getTransactionCount({
      address: session.signer.address,
      blockTag: 'latest',
    });
    if (used > tx.sent.nonce) {
      const holder = await sender.nonceHolder(tx);
      if (!holder) return this.#undecided(tx);
      logger.warn(
        { tx_hash: hash, nonce: tx.sent.nonce, taken_by: holder, operation: tx.operation },
        "a lost transaction's nonce went to another of ours: sending its call anew",
      );
      await this.#resend(tx, result);
      return;
    }
    const broadcasted = await sender.rebroadcast(tx.sent.raw);
    switch (broadcasted.kind) {
      case 'accepted':
        logger.info({ tx_hash: hash, nonce: tx.sent.nonce }, 'lost transaction broadcast again');
        return;
      case 'rejected':
        // Its fees no longer fit and its nonce is free: as is, it can never be mined.
        await this.#resend(tx, result);
        return;
      case 'nonce_too_low':
        // Taken meanwhile: the next check asks who holds it.
        return;
      case 'unreachable':
      case 'uncertain':
        throw broadcasted.error;
    }
  }

  async #resend(tx: PendingTransaction, result: Record<string, unknown>): Promise<void> {
    try {
      const sent = await this.options.sender.resendAnew(tx, result);
      this.options.logger.info(
        { old_hash: tx.sent.hash, tx_hash: sent.sent.hash, operation: tx.operation },
        'lost transaction sent anew and mined',
      );
    } catch (error) {
      const row = await findWatched(this.options.db, tx.id);
      // A call the chain now refuses (recorded failed): the business outcome cannot be had as recorded.
      if (row?.status === 'failed') {
        await this.#alert(
          tx.id,
          'undecided',
          `Transaction ${tx.sent.hash} (${tx.operation} ${tx.idempotencyKey}) lost its block and ` +
            `could not be sent anew: ${row.error_code}: ${row.error_detail ?? ''}`,
        );
        return;
      }
      throw error;
    }
  }

  async #undecided(tx: PendingTransaction): Promise<void> {
    const detail =
      `Transaction ${tx.sent.hash} (nonce ${tx.sent.nonce}) was mined, then lost its block; its ` +
      'nonce is now used by no transaction of ours: its call may have run or not. Nothing was sent ' +
      'again; check the chain and the reconciliation';
    await recordFailed(this.options.db, tx.id, { code: 'CHAIN_OUTCOME_UNKNOWN', detail });
    await this.#alert(tx.id, 'undecided', `${tx.operation} ${tx.idempotencyKey}: ${detail}`);
  }

  /** No receipt past the alert bound: staff are told, the caller's retry still resumes it. */
  async #checkStalled(tx: PendingTransaction, row: WatchedRow): Promise<void> {
    const since = row.sent_at ?? tx.createdAt;
    if (this.options.clock.now().getTime() - since.getTime() < this.options.pendingAlertMs) return;
    if (await findReceipt(this.options.session.client, tx.sent.hash)) return;
    await this.#alert(
      tx.id,
      'stalled',
      `Transaction ${tx.sent.hash} (${tx.operation} ${tx.idempotencyKey}, nonce ${tx.sent.nonce}) ` +
        `has had no receipt for ${this.options.pendingAlertMs} ms`,
    );
  }

  async #alert(id: string, kind: ChainAlert, message: string): Promise<void> {
    const { db, logger, clock } = this.options;
    const raised = await raiseAlert(db, id, { kind, message, at: clock.now() });
    if (raised) logger.error({ gas_transaction: id, alert: kind }, message);
  }
}
