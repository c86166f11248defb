/**
 * The token's transfer rules over a batch's orders (docs/compliance.md): every order, and every
 * amend that raises a quantity, of a token with rules is decided against the token's state as
 * the batch read it plus what the batch's own accepted orders already committed, so two orders
 * never pass on the same room (the last holder place, a buyer's remaining balance, a seller's
 * free units), whether they share a batch or follow each other. Pure: the states are read by the
 * sequencer (compliance-state.queries.ts), which makes sure they include the batch in flight.
 *
 * What a batch's own trades move is not laid over: a fill turns a buyer's open buy into balance
 * and a seller's locked units into a sale, neither of which frees room, so leaving it out only
 * keeps the check conservative, as the order-time check is (docs/decisions/compliance.md).
 */
import { evaluateOrder, type HolderRecord } from '../../lib/compliance/compliance-checks.js';
import type { ComplianceRules } from '../../lib/compliance/compliance-rules.js';
import type { ComplianceState } from '../../lib/compliance/compliance-state.queries.js';
import { complianceError } from '../../lib/compliance/evaluate-transfer.js';
import type { AppError } from '../../lib/errors.js';
import type { BookCommand } from './book-command.js';
import type { BookState } from './book-state.js';

/** What an order adds to its user's position, the units the rules decide on. */
export interface OrderIntent {
  userId: string;
  side: 'buy' | 'sell';
  quantity: number;
}

/**
 * The units a command commits, or undefined when it commits none (a cancel, a price change, a
 * lowered quantity, an amend of an order that is not the user's: the book refuses that one).
 */
export function intentOf(command: BookCommand, book: BookState): OrderIntent | undefined {
  if (command.kind === 'place') {
    const { userId, side, quantity } = command.input;
    return { userId, side, quantity };
  }
  if (command.kind !== 'amend') return undefined;
  const { orderId, userId, quantity } = command.input;
  const row = book.live.get(orderId);
  if (!row || row.user_id !== userId || quantity === undefined) return undefined;
  const added = quantity - row.quantity;
  return added > 0 ? { userId, side: row.side, quantity: added } : undefined;
}

/** A token with rules and its state as read for the batch. */
export interface RuledToken {
  rules: ComplianceRules;
  state: ComplianceState;
}

/** A holder in the count of committed holders (compliance-state.queries.ts, `committed`). */
const isHolder = (holder: HolderRecord) =>
  holder.balance > 0 || holder.openBuys > 0 || holder.pendingAllocated > 0;

export class BatchCompliance {
  constructor(
    /** the batch's tokens that have rules; any other token is not checked */
    private readonly tokens: ReadonlyMap<string, RuledToken>,
    private readonly at: Date,
  ) {}

  /** The refusal of the rule the intent would break, or undefined when it may go to the book. */
  refusal(tokenId: string, intent: OrderIntent): AppError | undefined {
    const ruled = this.tokens.get(tokenId);
    if (!ruled) return undefined;
    const { rules, state } = ruled;
    const holder = state.holders.get(intent.userId)!;
    const verdict = evaluateOrder(
      rules,
      state.token,
      holder,
      intent.side,
      intent.quantity,
      this.at,
    );
    return verdict.allowed ? undefined : complianceError(verdict);
  }

  /** Counts an intent the book accepted, for the orders after it. */
  accepted(tokenId: string, intent: OrderIntent): void {
    const ruled = this.tokens.get(tokenId);
    if (!ruled) return;
    const { state } = ruled;
    const holder = state.holders.get(intent.userId)!;
    if (intent.side === 'sell') {
      holder.lockedForSale += intent.quantity;
      return;
    }
    if (!isHolder(holder)) {
      const { token } = state;
      const byCountry = new Map(token.holdersByCountry);
      byCountry.set(holder.country, (byCountry.get(holder.country) ?? 0) + 1);
      state.token = { ...token, holders: token.holders + 1, holdersByCountry: byCountry };
    }
    holder.openBuys += intent.quantity;
  }
}
