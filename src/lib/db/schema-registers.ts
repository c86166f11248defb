/** Table types of the registers: the append-only record of every token movement (migration 0023). */
import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * What moved the tokens. A mint has no sender, a burn (redemption) no receiver. The kinds of
 * forced transfers, recoveries and team/reserve allocations are listed before their flows exist
 * so that those flows only call recordTokenMovements.
 */
export const tokenMovementKinds = [
  'primary_allocation',
  'go_live',
  'team_allocation',
  'reserve_allocation',
  'airdrop',
  'trade',
  'token_dividend',
  'forced_transfer',
  'recovery',
  'redemption',
  'split',
  'consolidation',
] as const;
export type TokenMovementKind = (typeof tokenMovementKinds)[number];

export interface TokenMovementsTable {
  id: Generated<number>;
  token_id: string;
  kind: TokenMovementKind;
  from_user_id: string | null;
  to_user_id: string | null;
  from_address: string | null;
  to_address: string | null;
  /** NUMERIC: whole tokens, as wallets count them */
  quantity: string;
  /** the instant the movement counts for the register (microseconds) */
  at: ColumnType<Date, Date | undefined, never>;
  /** the row that made the movement (token_allocation, trade, dividend_payment, ...) */
  source_type: string;
  source_id: string;
  tx_hash: string | null;
  block_number: number | null;
}

export interface RegisterTables {
  token_movements: TokenMovementsTable;
}

export type TokenMovement = Selectable<TokenMovementsTable>;
