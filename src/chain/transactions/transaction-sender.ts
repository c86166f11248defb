/**
 * Sends the transactions of this process, one signer, each under an idempotency key:
 *
 * 1. The key is recorded in gas_transactions (queued) before anything else; a key seen before
 *    resumes its row instead: mined gives the recorded outcome, sent asks the chain about the
 *    stored hash, queued or failed (nothing on chain) starts again, except failed with
 *    CHAIN_OUTCOME_UNKNOWN (below), which refuses again.
 * 2. `prepare` runs the pre-checks and the gas estimate; a refusal is recorded as failed and
 *    nothing is sent.
 * 3. Under the nonce lock the transaction is signed, its hash and raw bytes stored (status sent),
 *    then broadcast. A broadcast that certainly failed marks the row failed again.
 * 4. The receipt is awaited; mined or reverted is recorded with gasUsed, effectiveGasPrice and
 *    their product. A timeout leaves the row sent: a retry with the same key finds the hash.
 *
 * A retry never sends a second transaction for a key while the first could still be mined or may
 * have been: a stored hash unknown to the node is rebroadcast as is (same nonce, same hash). When
 * its nonce is already used, the call is sent anew only if the chain shows a receipt for another
 * transaction of ours with that nonce (ours could then never have run). Otherwise the nonce may
 * have gone to ours itself, its block lost (a node restarted from a partial state, a reorg): the
 * outcome is unknown, nothing is sent, and the row is failed with CHAIN_OUTCOME_UNKNOWN, which a
 * retry with the same key answers again without sending. Staff settle it from the chain.
 *
 * A receipt recorded here is not yet final: transaction-watcher.ts confirms it, and drives the
 * transaction again if its block is lost.
 */
import {
  keccak256,
  parseTransaction,
  TransactionNotFoundError,
  type Address,
  type Hash,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { onChain, toChainError } from '../client/chain-errors.js';
import type { ChainSession } from '../client/chain-session.js';
import type { PreparedCall } from '../client/prepared-call.js';
import { broadcast, type BroadcastResult } from './broadcast.js';
import type {
  ChainTransaction,
  MinedTransaction,
  Operation,
  Payer,
  PendingTransaction,
  RevertedTransaction,
} from './chain-transaction.js';
import {
  findTransaction,
  insertQueued,
  otherHashesWithNonce,
  recordFailed,
  recordMined,
  recordReverted,
  recordSent,
} from './gas-records.js';
import { KeyedMutex } from './keyed-mutex.js';
import { NonceAllocator } from './nonce-allocator.js';
import { requestFingerprint } from './request-fingerprint.js';
import { findReceipt, ReceiptTimeoutError, waitForReceipt } from './wait-for-receipt.js';

export interface TransactionSpec {
  operation: Operation;
  idempotencyKey: string;
  /** the caller's request; a key reused with a different request is refused */
  request: unknown;
  tokenAddress: Address | null;
  payer: Payer;
  /** pre-checks and gas estimate; throws an AppError to refuse */
  prepare: () => Promise<PreparedCall>;
  /** what to keep from a successful receipt (deployed addresses...) */
  decode?: (
    receipt: TransactionReceipt,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

export interface TransactionSenderOptions {
  db: Db;
  session: ChainSession;
  receiptTimeoutMs: number;
  logger: Logger;
}

type Broadcasted =
  | { kind: 'accepted'; tx: PendingTransaction }
  | { kind: 'uncertain'; tx: PendingTransaction; error: unknown }
  | Exclude<BroadcastResult, { kind: 'accepted' | 'uncertain' }>;

const maxNonceRetries = 3;

export class TransactionSender {
  readonly #keys = new KeyedMutex();
  readonly #nonces: NonceAllocator;

  constructor(private readonly options: TransactionSenderOptions) {
    const { client, signer } = options.session;
    this.#nonces = new NonceAllocator(() =>
      client.getTransactionCount({ address: signer.address, blockTag: 'pending' }),
    );
  }

  /**
   * Whether a transaction under this key reached the chain (sent, mined or reverted): a retry must
   * then resume it rather than decide again from the chain's state.
   */
  async reachedChain(operation: Operation, idempotencyKey: string): Promise<boolean> {
    const tx = await findTransaction(this.options.db, operation, idempotencyKey);
    return tx?.status === 'sent' || tx?.status === 'mined' || tx?.status === 'reverted';
  }

  run(spec: TransactionSpec): Promise<MinedTransaction> {
    const requestHash = requestFingerprint(spec.request);
    return this.#keys.run(`${spec.operation}:${spec.idempotencyKey}`, async () => {
      const tx = await insertQueued(this.options.db, {
        chainId: this.options.session.chainId,
        operation: spec.operation,
        idempotencyKey: spec.idempotencyKey,
        requestHash,
        tokenAddress: spec.tokenAddress,
        payer: spec.payer,
        from: this.options.session.signer.address,
      });
      if (tx.requestHash !== requestHash) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          `The idempotency key "${spec.idempotencyKey}" was used for a different ${spec.operation} request`,
        );
      }
      switch (tx.status) {
        case 'mined':
          return tx;
        case 'reverted':
          throw revertedError(tx);
        case 'sent':
          return this.#resume(tx, spec);
        case 'failed':
          if (tx.error.code === 'CHAIN_OUTCOME_UNKNOWN') throw outcomeUnknownError(tx.error.detail);
          return this.#sendNew(tx.id, spec);
        case 'queued':
          return this.#sendNew(tx.id, spec);
      }
    });
  }

  async #sendNew(id: string, spec: TransactionSpec): Promise<MinedTransaction> {
    const { client } = this.options.session;
    let call: PreparedCall;
    let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
    try {
      call = await spec.prepare();
      fees = await onChain(() => client.estimateFeesPerGas());
    } catch (error) {
      throw await this.#fail(id, error);
    }
    for (let attempt = 1; ; attempt++) {
      let sent: Broadcasted;
      try {
        sent = await this.#nonces.use((nonce) => this.#signAndBroadcast(id, call, fees, nonce));
      } catch (error) {
        throw await this.#fail(id, error);
      }
      switch (sent.kind) {
        case 'accepted':
          return this.#awaitReceipt(sent.tx, spec);
        case 'nonce_too_low':
          if (attempt < maxNonceRetries) continue;
          throw await this.#fail(
            id,
            new AppError(
              'CHAIN_TRANSACTION_REJECTED',
              'The node kept refusing the nonce',
              undefined,
              {
                cause: sent.error,
              },
            ),
          );
        case 'unreachable':
          throw await this.#fail(
            id,
            new AppError('CHAIN_UNAVAILABLE', 'The chain node refused the connection', undefined, {
              cause: sent.error,
            }),
          );
        case 'rejected':
          throw await this.#fail(
            id,
            new AppError(
              'CHAIN_TRANSACTION_REJECTED',
              `The node refused the transaction: ${sent.error.shortMessage}`,
              undefined,
              { cause: sent.error },
            ),
          );
        case 'uncertain':
          throw new AppError(
            'CHAIN_UNAVAILABLE',
            `The node did not confirm the broadcast of ${sent.tx.sent.hash}; retry with the same idempotency key`,
            { tx_hash: sent.tx.sent.hash },
            { cause: sent.error },
          );
      }
    }
  }

  async #signAndBroadcast(
    id: string,
    call: PreparedCall,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
    nonce: number,
  ): Promise<{ consumed: boolean; outcome: Broadcasted }> {
    const { client, signer, chainId } = this.options.session;
    const raw = await signer.signTransaction({
      type: 'eip1559',
      chainId,
      nonce,
      to: call.to,
      data: call.data,
      gas: call.gas,
      ...fees,
    });
    const tx = await recordSent(this.options.db, id, { hash: keccak256(raw), nonce, raw });
    const result = await broadcast(client, raw);
    switch (result.kind) {
      case 'accepted':
        return { consumed: true, outcome: { kind: 'accepted', tx } };
      case 'uncertain':
        // The node may hold it: the nonce counts as used, and the next use asks the node.
        this.#nonces.markStale();
        return { consumed: true, outcome: { kind: 'uncertain', tx, error: result.error } };
      case 'nonce_too_low':
        this.#nonces.markStale();
        return { consumed: false, outcome: result };
      case 'unreachable':
      case 'rejected':
        return { consumed: false, outcome: result };
    }
  }

  /** A stored hash: ask the chain before doing anything else. */
  async #resume(tx: PendingTransaction, spec: TransactionSpec): Promise<MinedTransaction> {
    const { client, signer } = this.options.session;
    const hash = tx.sent.hash;
    const receipt = await this.#findReceipt(hash);
    if (receipt) return this.#finish(tx, receipt, spec);
    const known = await this.#pending(hash);
    if (known) return this.#awaitReceipt(tx, spec);
    const used = await this.#withHash(hash, () =>
      client.getTransactionCount({ address: signer.address, blockTag: 'latest' }),
    );
    if (used > tx.sent.nonce) {
      const late = await this.#findReceipt(hash);
      if (late) return this.#finish(tx, late, spec);
      return this.#nonceUsed(tx, spec);
    }
    const result = await broadcast(client, tx.sent.raw);
    switch (result.kind) {
      case 'accepted':
        this.options.logger.info({ tx_hash: hash }, 'node had lost the transaction; rebroadcast');
        return this.#awaitReceipt(tx, spec);
      case 'nonce_too_low': {
        // Its nonce was used meanwhile: perhaps by this very transaction.
        const late = await this.#findReceipt(hash);
        if (late) return this.#finish(tx, late, spec);
        return this.#nonceUsed(tx, spec);
      }
      case 'rejected':
        // Its fees no longer fit, its nonce still free: it can never be mined as is.
        this.#nonces.markStale();
        return this.#sendNew(tx.id, spec);
      case 'unreachable':
      case 'uncertain':
        throw unavailableAfterSend(hash, result.error);
    }
  }

  /**
   * Our stored hash has no receipt and its nonce is used. Sent anew only when the chain holds a
   * receipt for another transaction of ours with that nonce; otherwise nothing proves that ours
   * did not run (its block may be lost while its effects stay), so nothing is sent.
   */
  async #nonceUsed(tx: PendingTransaction, spec: TransactionSpec): Promise<MinedTransaction> {
    const { db, logger } = this.options;
    const hash = tx.sent.hash;
    this.#nonces.markStale();
    const other = await this.nonceHolder(tx);
    if (other) {
      logger.warn(
        { tx_hash: hash, nonce: tx.sent.nonce, taken_by: other, operation: tx.operation },
        'transaction dropped and its nonce used by another of ours: it can never be mined; sending anew',
      );
      return this.#sendNew(tx.id, spec);
    }
    const detail =
      `Transaction ${hash} (nonce ${tx.sent.nonce}) is unknown to the node, but its nonce is used ` +
      'and no other transaction of ours holds it: the call may have run. Nothing was sent again; ' +
      'check the chain and the reconciliation before retrying under a new idempotency key';
    logger.error(
      { tx_hash: hash, nonce: tx.sent.nonce, operation: tx.operation, key: tx.idempotencyKey },
      'transaction outcome unknown: not sent again',
    );
    await recordFailed(db, tx.id, { code: 'CHAIN_OUTCOME_UNKNOWN', detail });
    throw outcomeUnknownError(detail);
  }

  async #awaitReceipt(tx: PendingTransaction, spec: TransactionSpec): Promise<MinedTransaction> {
    const { client } = this.options.session;
    const hash = tx.sent.hash;
    let receipt: TransactionReceipt;
    try {
      receipt = await waitForReceipt(client, hash, {
        timeoutMs: this.options.receiptTimeoutMs,
        pollingIntervalMs: client.pollingInterval,
      });
    } catch (error) {
      this.#nonces.markStale();
      if (error instanceof ReceiptTimeoutError) {
        throw new AppError(
          'CHAIN_TIMEOUT',
          `Transaction ${hash} is not mined after ${this.options.receiptTimeoutMs} ms; retry with the same idempotency key`,
          { tx_hash: hash },
          { cause: error },
        );
      }
      throw unavailableAfterSend(hash, error);
    }
    return this.#finish(tx, receipt, spec);
  }

  async #finish(
    tx: PendingTransaction,
    receipt: TransactionReceipt,
    spec: TransactionSpec,
  ): Promise<MinedTransaction> {
    const figures = {
      blockNumber: Number(receipt.blockNumber),
      blockHash: receipt.blockHash,
      gasUsed: receipt.gasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice,
    };
    if (receipt.status === 'reverted') {
      throw revertedError(await recordReverted(this.options.db, tx.id, figures));
    }
    const decode = spec.decode;
    const result = decode ? await this.#withHash(tx.sent.hash, async () => decode(receipt)) : {};
    return recordMined(this.options.db, tx.id, figures, result);
  }

  /** Runs work while no request works on this key in this process (the watcher's checks). */
  underKey<T>(operation: Operation, idempotencyKey: string, work: () => Promise<T>): Promise<T> {
    return this.#keys.run(`${operation}:${idempotencyKey}`, work);
  }

  /** The chain went back: the next nonce is read from the node again. */
  forgetNonce(): void {
    this.#nonces.markStale();
  }

  /** Whether the node holds this transaction unmined (in its pool). */
  inPool(hash: Hash): Promise<boolean> {
    return this.#pending(hash);
  }

  /**
   * The hash of another transaction of ours that the chain shows mined with this one's nonce: this
   * one can then never be mined.
   */
  async nonceHolder(tx: PendingTransaction): Promise<Hash | undefined> {
    const { session, db } = this.options;
    const others = await otherHashesWithNonce(db, {
      id: tx.id,
      chainId: session.chainId,
      from: session.signer.address,
      nonce: tx.sent.nonce,
    });
    for (const other of others) if (await this.#findReceipt(other)) return other;
    return undefined;
  }

  /** Broadcasts stored signed bytes again, between two signings; the next nonce is read again. */
  async rebroadcast(raw: Hex): Promise<BroadcastResult> {
    const { client } = this.options.session;
    const result = await this.#nonces.use(async () => ({
      consumed: false,
      outcome: await broadcast(client, raw),
    }));
    this.#nonces.markStale();
    return result;
  }

  /** Records the receipt of a transaction sent again after its block was lost (result kept). */
  recordRedriven(
    tx: PendingTransaction,
    receipt: TransactionReceipt,
    result: Record<string, unknown>,
  ): Promise<ChainTransaction> {
    const figures = {
      blockNumber: Number(receipt.blockNumber),
      blockHash: receipt.blockHash,
      gasUsed: receipt.gasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice,
    };
    return receipt.status === 'reverted'
      ? recordReverted(this.options.db, tx.id, figures)
      : recordMined(this.options.db, tx.id, figures, result);
  }

  /**
   * Signs the call of a lost transaction again with a new nonce, for when its own nonce went to
   * another of ours (it can never run): first simulated against the chain now, so a call the
   * state no longer allows is refused (recorded failed) instead of mined as reverted. The caller
   * holds the key (underKey).
   */
  resendAnew(tx: PendingTransaction, result: Record<string, unknown>): Promise<MinedTransaction> {
    const { client, signer } = this.options.session;
    const parsed = parseTransaction(tx.sent.raw);
    const call: PreparedCall = {
      to: parsed.to ?? null,
      data: parsed.data ?? '0x',
      gas: parsed.gas ?? 0n,
    };
    return this.#sendNew(tx.id, {
      operation: tx.operation,
      idempotencyKey: tx.idempotencyKey,
      request: null,
      tokenAddress: tx.tokenAddress,
      payer: tx.payer,
      prepare: async () => {
        await onChain(() =>
          client.call({
            account: signer.address,
            to: call.to ?? undefined,
            data: call.data,
            gas: call.gas,
          }),
        );
        return call;
      },
      decode: () => result,
    });
  }

  async #findReceipt(hash: Hash): Promise<TransactionReceipt | null> {
    return this.#withHash(hash, () => findReceipt(this.options.session.client, hash));
  }

  async #pending(hash: Hash): Promise<boolean> {
    return this.#withHash(hash, async () => {
      try {
        await this.options.session.client.getTransaction({ hash });
        return true;
      } catch (error) {
        if (error instanceof TransactionNotFoundError) return false;
        throw error;
      }
    });
  }

  /** A chain call about a sent transaction: its failure names the hash to retry with. */
  async #withHash<T>(hash: Hash, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw unavailableAfterSend(hash, error);
    }
  }

  /** Records a refusal or an unreachable node as failed (nothing on chain) and returns the error. */
  async #fail(id: string, error: unknown): Promise<unknown> {
    const mapped = toChainError(error);
    if (mapped instanceof AppError) {
      await recordFailed(this.options.db, id, {
        code: mapped.code,
        detail: mapped.detail ?? mapped.title,
      });
    }
    return mapped;
  }
}

function unavailableAfterSend(hash: Hash, error: unknown): unknown {
  const mapped = toChainError(error);
  if (!(mapped instanceof AppError)) return mapped;
  return new AppError(
    mapped.code,
    `${mapped.detail ?? mapped.title}; transaction ${hash} was sent: retry with the same idempotency key`,
    { ...mapped.extra, tx_hash: hash },
    { cause: error },
  );
}

function outcomeUnknownError(detail: string | null): AppError {
  return new AppError('CHAIN_OUTCOME_UNKNOWN', detail ?? undefined);
}

function revertedError(tx: RevertedTransaction): AppError {
  return new AppError(
    'TRANSACTION_REVERTED',
    `Transaction ${tx.sent.hash} was mined in block ${tx.receipt.blockNumber} but reverted`,
    { tx_hash: tx.sent.hash },
  );
}
