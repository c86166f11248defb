/**
 * One book's part of a sequencer batch (group commit across books): the working token balances
 * its orders are checked against and every row it will write, collected while its commands are
 * planned and then written with the other books' parts in one statement (batch.queries.ts). The
 * fiat side is shared by all the parts of a batch (`FiatAccount`): a user's money is one balance
 * whatever book spends it. Pure bookkeeping, no IO.
 *
 * Fiat movements are kept in the order they happen across the batch's books (a buy's lock, then
 * what its plan refunds and credits), so every ledger row's running balance is what the user had
 * at that moment.
 */
import type { Finding } from '../surveillance/finding.js';
import type { Order, OrderStatus, Trade } from '../../lib/db/schema-trading.js';
import type { BookDelta } from '../engine/index.js';
import type { FiatMovement } from '../../lib/ledger/fiat-ledger.js';
import { centsOf, formatCents } from '../../lib/cents.js';

export interface TokenBalance {
  balance: number;
  locked: number;
}

/** A holder's wallet as a batch reads it, with what the token's agent froze (never sold). */
export interface HeldTokens extends TokenBalance {
  frozen: number;
  addressFrozen: boolean;
}

export interface HistoryRow {
  order_id: string;
  status: OrderStatus;
  filled_quantity: number;
  remaining_quantity: number;
  reason: string | null;
  price: string | null;
  quantity: number;
  /** the book's sequence after the event (the audit trail's order of a batch's events) */
  book_sequence: number;
  created_at: Date;
}

/** The fiat side of a whole batch: the working balances and the movements, in order. */
export class FiatAccount {
  readonly movements: FiatMovement[] = [];

  /** fiat_balance in cents of the users whose orders the batch checks, as they change in it */
  constructor(readonly balances: Map<string, bigint>) {}

  available(userId: string): bigint {
    return this.balances.get(userId) ?? 0n;
  }

  /** Signed fiat movement of one user (whole cents), kept in order; zero amounts write nothing. */
  move(movement: FiatMovement): void {
    const amount = centsOf(movement.amount);
    if (amount === 0n) return;
    this.movements.push({ ...movement, amount: formatCents(amount) });
    const balance = this.balances.get(movement.userId);
    if (balance !== undefined) this.balances.set(movement.userId, balance + amount);
  }
}

export class Batch {
  readonly id: string;
  readonly now: Date;
  /** orders first written by this batch, in their final state when it commits */
  readonly inserted = new Map<string, Order>();
  /** orders already in the database that this batch changes */
  readonly updated = new Map<string, Order>();
  readonly history: HistoryRow[] = [];
  readonly trades: Trade[] = [];
  /** the book's level changes, in sequence (published after the commit) */
  readonly deltas: BookDelta[] = [];
  /** token wallet changes by user: balance and locked_balance deltas */
  readonly wallets = new Map<string, TokenBalance>();
  /** the trades' fees, in cents */
  fees = 0n;
  /** set when the circuit breaker tripped during the batch */
  haltedUntil: Date | null = null;
  lastPrice: string | null = null;
  /** set when the batch ran the book's uncross (tokens.last_uncross_at) */
  lastUncrossAt: Date | null = null;
  /** what the uncross found for surveillance (published with the batch) */
  readonly alerts: Finding[] = [];

  constructor(
    id: string,
    now: Date,
    /** shared by every book of the batch */
    readonly fiat: FiatAccount,
    /** token wallets of the same users, as they change in it */
    readonly tokenBalances: Map<string, HeldTokens>,
  ) {
    this.id = id;
    this.now = now;
  }

  get isEmpty(): boolean {
    return (
      this.inserted.size === 0 &&
      this.updated.size === 0 &&
      this.trades.length === 0 &&
      this.lastUncrossAt === null
    );
  }

  fiatAvailable(userId: string): bigint {
    return this.fiat.available(userId);
  }

  /** Units an order may sell: not locked by other sells, not frozen by the token's agent. */
  tokensAvailable(userId: string): number {
    const wallet = this.tokenBalances.get(userId);
    if (!wallet || wallet.addressFrozen) return 0;
    return Math.max(wallet.balance - wallet.locked - wallet.frozen, 0);
  }

  /** Units not locked by sells, frozen or not (to tell a frozen unit from a missing one). */
  tokensUnlocked(userId: string): number {
    const wallet = this.tokenBalances.get(userId);
    return wallet ? wallet.balance - wallet.locked : 0;
  }

  addressFrozen(userId: string): boolean {
    return this.tokenBalances.get(userId)?.addressFrozen ?? false;
  }

  /** A change of an order row: written as an insert if the batch created it, else an update. */
  touch(order: Order): void {
    order.updated_at = this.now;
    if (!this.inserted.has(order.id)) this.updated.set(order.id, order);
  }

  recordHistory(order: Order, reason: string | null, bookSequence: number): void {
    this.history.push({
      order_id: order.id,
      status: order.status,
      filled_quantity: order.filled_quantity,
      remaining_quantity: order.remaining_quantity,
      reason,
      price: order.price,
      quantity: order.quantity,
      book_sequence: bookSequence,
      created_at: this.now,
    });
  }

  moveFiat(movement: FiatMovement): void {
    this.fiat.move(movement);
  }

  moveTokens(userId: string, balance: number, locked: number): void {
    const delta = this.wallets.get(userId) ?? { balance: 0, locked: 0 };
    delta.balance += balance;
    delta.locked += locked;
    this.wallets.set(userId, delta);
    const wallet = this.tokenBalances.get(userId);
    if (wallet !== undefined) {
      wallet.balance += balance;
      wallet.locked += locked;
    }
  }
}
