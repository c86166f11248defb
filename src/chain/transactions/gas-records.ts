/**
 * The gas_transactions table: one row per (operation, idempotency key), moved through its
 * lifecycle by the TransactionSender. Every write returns the parsed row.
 */
import { sql, type UpdateObject } from 'kysely';
import type { Address, Hex } from 'viem';
import type { Db } from '../../lib/db/database.js';
import type { Database } from '../../lib/db/schema.js';
import { newId } from '../../lib/ids.js';
import {
  transactionFromRow,
  type ChainTransaction,
  type FailedTransaction,
  type MinedTransaction,
  type Operation,
  type Payer,
  type PendingTransaction,
  type RevertedTransaction,
} from './chain-transaction.js';

export async function findTransaction(
  db: Db,
  operation: Operation,
  idempotencyKey: string,
): Promise<ChainTransaction | undefined> {
  const row = await db
    .selectFrom('gas_transactions')
    .selectAll()
    .where('operation', '=', operation)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row && transactionFromRow(row);
}

export interface NewTransaction {
  chainId: number;
  operation: Operation;
  idempotencyKey: string;
  requestHash: string;
  tokenAddress: Address | null;
  payer: Payer;
  from: Address;
}

/** Records a transaction as queued; when the key is already taken, returns the existing row. */
export async function insertQueued(db: Db, tx: NewTransaction): Promise<ChainTransaction> {
  const inserted = await db
    .insertInto('gas_transactions')
    .values({
      id: newId(),
      chain_id: tx.chainId,
      operation: tx.operation,
      idempotency_key: tx.idempotencyKey,
      request_hash: tx.requestHash,
      token_address: tx.tokenAddress,
      payer_type: tx.payer.type,
      payer_ref: tx.payer.ref,
      status: 'queued',
      from_address: tx.from,
    })
    .onConflict((oc) => oc.columns(['operation', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return transactionFromRow(inserted);
  const existing = await findTransaction(db, tx.operation, tx.idempotencyKey);
  if (!existing) throw new Error(`gas_transactions ${tx.operation}/${tx.idempotencyKey} vanished`);
  return existing;
}

async function update(
  db: Db,
  id: string,
  values: UpdateObject<Database, 'gas_transactions'>,
): Promise<ChainTransaction> {
  const row = await db
    .updateTable('gas_transactions')
    .set(values)
    .set({ updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return transactionFromRow(row);
}

/** Stores the signed transaction and its hash; called before the broadcast. */
export async function recordSent(
  db: Db,
  id: string,
  sent: { hash: Hex; nonce: number; raw: Hex },
): Promise<PendingTransaction> {
  const tx = await update(db, id, {
    status: 'sent',
    tx_hash: sent.hash,
    nonce: sent.nonce,
    raw_transaction: sent.raw,
    sent_at: sql<Date>`now()`,
    attempts: sql<number>`attempts + 1`,
    error_code: null,
    error_detail: null,
  });
  return tx as PendingTransaction;
}

/**
 * The hashes of this signer's other transactions that were given this nonce (sent, mined or
 * reverted; a failed row keeps no nonce): a receipt for one of them proves that the nonce went to
 * a transaction of ours, so that no other transaction with it can ever be mined.
 */
export async function otherHashesWithNonce(
  db: Db,
  tx: { id: string; chainId: number; from: Address; nonce: number },
): Promise<Hex[]> {
  const rows = await db
    .selectFrom('gas_transactions')
    .select('tx_hash')
    .where('chain_id', '=', tx.chainId)
    .where('from_address', '=', tx.from)
    .where('nonce', '=', tx.nonce)
    .where('id', '<>', tx.id)
    .where('status', 'in', ['sent', 'mined', 'reverted'])
    .execute();
  return rows.flatMap((r) => (r.tx_hash ? [r.tx_hash as Hex] : []));
}

/**
 * Nothing of this transaction is on chain (refused before sending, or the node was unreachable),
 * or, with CHAIN_OUTCOME_UNKNOWN, its outcome is unknown and it must not be sent again.
 */
export async function recordFailed(
  db: Db,
  id: string,
  error: { code: string; detail: string },
): Promise<FailedTransaction> {
  const tx = await update(db, id, {
    status: 'failed',
    tx_hash: null,
    nonce: null,
    raw_transaction: null,
    sent_at: null,
    error_code: error.code,
    error_detail: error.detail,
    finished_at: sql<Date>`now()`,
  });
  return tx as FailedTransaction;
}

export interface ReceiptFigures {
  blockNumber: number;
  blockHash: Hex;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
}

function gasColumns(receipt: ReceiptFigures) {
  return {
    block_number: receipt.blockNumber,
    block_hash: receipt.blockHash,
    gas_used: receipt.gasUsed.toString(),
    effective_gas_price: receipt.effectiveGasPrice.toString(),
    cost_wei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
    finished_at: sql<Date>`now()`,
    alert: null,
  };
}

export async function recordMined(
  db: Db,
  id: string,
  receipt: ReceiptFigures,
  result: Record<string, unknown>,
): Promise<MinedTransaction> {
  const tx = await update(db, id, {
    status: 'mined',
    ...gasColumns(receipt),
    result: JSON.stringify(result),
  });
  return tx as MinedTransaction;
}

export async function recordReverted(
  db: Db,
  id: string,
  receipt: ReceiptFigures,
): Promise<RevertedTransaction> {
  const tx = await update(db, id, {
    status: 'reverted',
    ...gasColumns(receipt),
    error_code: 'TRANSACTION_REVERTED',
  });
  return tx as RevertedTransaction;
}
