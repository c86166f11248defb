/**
 * A transaction of the chain service through its lifecycle, as a status-discriminated union:
 * queued (recorded, nothing signed), sent (signed, hash stored, broadcast), mined or reverted (a
 * receipt, with its gas), failed (refused or unreachable before anything reached the chain; or,
 * with CHAIN_OUTCOME_UNKNOWN, lost with its nonce used: it may have run).
 */
import type { Selectable } from 'kysely';
import type { Address, Hex } from 'viem';
import type { ChainOperation } from '../../lib/chain-api.schemas.js';
import type { GasTransactionsTable, PayerType } from '../../lib/db/schema.js';

export type Operation = ChainOperation;

/** Who bears the gas (spec: the platform for deploy and transfers, the issuer for registration and mint). */
export interface Payer {
  type: PayerType;
  /** e.g. the issuer's business id, as given by the caller */
  ref: string | null;
}

export interface SentTransaction {
  hash: Hex;
  nonce: number;
  raw: Hex;
  sentAt: Date;
}

export interface GasReceipt {
  blockNumber: number;
  /** null for a receipt recorded before block hashes were kept (counted final) */
  blockHash: Hex | null;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  /** gasUsed * effectiveGasPrice, in wei */
  costWei: bigint;
  finishedAt: Date;
}

interface Common {
  id: string;
  chainId: number;
  operation: Operation;
  idempotencyKey: string;
  requestHash: string;
  tokenAddress: Address | null;
  payer: Payer;
  from: Address;
  attempts: number;
  createdAt: Date;
}

export type QueuedTransaction = Common & { status: 'queued' };
export type FailedTransaction = Common & {
  status: 'failed';
  error: { code: string; detail: string | null };
};
export type PendingTransaction = Common & { status: 'sent'; sent: SentTransaction };
export type MinedTransaction = Common & {
  status: 'mined';
  sent: SentTransaction;
  receipt: GasReceipt;
  result: Record<string, unknown>;
};
export type RevertedTransaction = Common & {
  status: 'reverted';
  sent: SentTransaction;
  receipt: GasReceipt;
};
export type ChainTransaction =
  | QueuedTransaction
  | FailedTransaction
  | PendingTransaction
  | MinedTransaction
  | RevertedTransaction;

type Row = Selectable<GasTransactionsTable>;

function required<T>(value: T | null, column: string, row: Row): T {
  if (value === null) {
    throw new Error(`gas_transactions ${row.id} (${row.status}) has no ${column}`);
  }
  return value;
}

function sentOf(row: Row): SentTransaction {
  return {
    hash: required(row.tx_hash, 'tx_hash', row) as Hex,
    nonce: required(row.nonce, 'nonce', row),
    raw: required(row.raw_transaction, 'raw_transaction', row) as Hex,
    sentAt: required(row.sent_at, 'sent_at', row),
  };
}

function receiptOf(row: Row): GasReceipt {
  return {
    blockNumber: required(row.block_number, 'block_number', row),
    blockHash: row.block_hash as Hex | null,
    gasUsed: BigInt(required(row.gas_used, 'gas_used', row)),
    effectiveGasPrice: BigInt(required(row.effective_gas_price, 'effective_gas_price', row)),
    costWei: BigInt(required(row.cost_wei, 'cost_wei', row)),
    finishedAt: required(row.finished_at, 'finished_at', row),
  };
}

/** Parses a row (the database's check constraints guarantee what each status needs). */
export function transactionFromRow(row: Row): ChainTransaction {
  const common: Common = {
    id: row.id,
    chainId: row.chain_id,
    operation: row.operation as Operation,
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    tokenAddress: row.token_address as Address | null,
    payer: { type: row.payer_type, ref: row.payer_ref },
    from: row.from_address as Address,
    attempts: row.attempts,
    createdAt: row.created_at,
  };
  switch (row.status) {
    case 'queued':
      return { ...common, status: 'queued' };
    case 'failed':
      return {
        ...common,
        status: 'failed',
        error: { code: required(row.error_code, 'error_code', row), detail: row.error_detail },
      };
    case 'sent':
      return { ...common, status: 'sent', sent: sentOf(row) };
    case 'mined':
      return {
        ...common,
        status: 'mined',
        sent: sentOf(row),
        receipt: receiptOf(row),
        result: row.result ?? {},
      };
    case 'reverted':
      return { ...common, status: 'reverted', sent: sentOf(row), receipt: receiptOf(row) };
  }
}

/** What the API answers about a mined transaction. Wei amounts are decimal strings. */
export interface TransactionOutcome {
  operation: Operation;
  tx_hash: Hex;
  block_number: number;
  nonce: number;
  gas_used: string;
  effective_gas_price: string;
  cost_wei: string;
  payer_type: PayerType;
  payer_ref: string | null;
}

export function outcomeOf(tx: MinedTransaction): TransactionOutcome {
  return {
    operation: tx.operation,
    tx_hash: tx.sent.hash,
    block_number: tx.receipt.blockNumber,
    nonce: tx.sent.nonce,
    gas_used: tx.receipt.gasUsed.toString(),
    effective_gas_price: tx.receipt.effectiveGasPrice.toString(),
    cost_wei: tx.receipt.costWei.toString(),
    payer_type: tx.payer.type,
    payer_ref: tx.payer.ref,
  };
}
