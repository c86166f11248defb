/**
 * One batch of a token's writer (group commit): the working balances the batch's orders are
 * checked against, and every row the batch will write, collected while its commands are planned
 * and then written in one transaction (batch.queries.ts). Pure bookkeeping, no IO.
 *
 * Fiat movements are kept in the order they happen (a buy's lock, then what its plan refunds and
 * credits), so every ledger row's running balance is what the user had at that moment.
 */
import type { Order, OrderStatus, Trade } from '../../lib/db/schema-trading.js';
import type { BookDelta } from '../engine/index.js';
import type { FiatMovement } from '../../lib/ledger/fiat-ledger.js';
import { Exact, toMoney } from '../../lib/money.js';

export interface TokenBalance {
  balance: number;
  locked: number;
}

export interface HistoryRow {
  order_id: string;
  status: OrderStatus;
  filled_quantity: number;
  remaining_quantity: number;
  reason: string | null;
  created_at: Date;
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
  readonly fiat: FiatMovement[] = [];
  /** token wallet changes by user: balance and locked_balance deltas */
  readonly wallets = new Map<string, TokenBalance>();
  fees = new Exact(0);
  /** set when the circuit breaker tripped during the batch */
  haltedUntil: Date | null = null;
  lastPrice: string | null = null;

  constructor(
    id: string,
    now: Date,
    /** fiat_balance of the users whose orders the batch checks, as they change in it */
    readonly fiatBalances: Map<string, Exact>,
    /** token wallets of the same users, as they change in it */
    readonly tokenBalances: Map<string, TokenBalance>,
  ) {
    this.id = id;
    this.now = now;
  }

  get isEmpty(): boolean {
    return this.inserted.size === 0 && this.updated.size === 0 && this.trades.length === 0;
  }

  fiatAvailable(userId: string): Exact {
    return this.fiatBalances.get(userId) ?? new Exact(0);
  }

  tokensAvailable(userId: string): number {
    const wallet = this.tokenBalances.get(userId);
    return wallet ? wallet.balance - wallet.locked : 0;
  }

  /** A change of an order row: written as an insert if the batch created it, else an update. */
  touch(order: Order): void {
    order.updated_at = this.now;
    if (!this.inserted.has(order.id)) this.updated.set(order.id, order);
  }

  recordHistory(order: Order, reason: string | null): void {
    this.history.push({
      order_id: order.id,
      status: order.status,
      filled_quantity: order.filled_quantity,
      remaining_quantity: order.remaining_quantity,
      reason,
      created_at: this.now,
    });
  }

  /** Signed fiat movement of one user, kept in order; zero amounts write nothing. */
  moveFiat(movement: FiatMovement): void {
    const amount = new Exact(toMoney(movement.amount));
    if (amount.isZero()) return;
    this.fiat.push({ ...movement, amount: amount.toFixed(2) });
    const balance = this.fiatBalances.get(movement.userId);
    if (balance !== undefined) this.fiatBalances.set(movement.userId, balance.plus(amount));
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
