/**
 * The one way a token movement enters the record the register is computed from. It runs in the
 * caller's transaction, beside the wallet change it records, so the record and the wallets never
 * disagree. The record is append-only (a trigger refuses UPDATE and DELETE: migration 0023).
 */
import type { Trx } from '../db/database.js';
import type { TokenMovementKind } from '../db/schema-registers.js';

export interface TokenMovementRow {
  tokenId: string;
  kind: TokenMovementKind;
  /** null for a mint */
  fromUserId: string | null;
  /** null for a burn */
  toUserId: string | null;
  quantity: number | string;
  sourceType: string;
  sourceId: string;
  fromAddress?: string | null;
  toAddress?: string | null;
  txHash?: string | null;
  blockNumber?: number | null;
  /** default: the transaction's time */
  at?: Date;
}

/** Stays below PostgreSQL's 65,535 parameters per statement. */
const insertChunk = 2_000;

export async function recordTokenMovements(
  trx: Trx,
  rows: readonly TokenMovementRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += insertChunk) {
    await trx
      .insertInto('token_movements')
      .values(
        rows.slice(start, start + insertChunk).map((row) => ({
          token_id: row.tokenId,
          kind: row.kind,
          from_user_id: row.fromUserId,
          to_user_id: row.toUserId,
          from_address: row.fromAddress ?? null,
          to_address: row.toAddress ?? null,
          quantity: String(row.quantity),
          source_type: row.sourceType,
          source_id: row.sourceId,
          tx_hash: row.txHash ?? null,
          block_number: row.blockNumber ?? null,
          ...(row.at ? { at: row.at } : {}),
        })),
      )
      .execute();
  }
}
