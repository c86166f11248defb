/**
 * The evaluator's verdict at each place the exchange moves tokens, from the state the database
 * holds there. Pure: the states come from compliance-state.queries.ts.
 *
 * An order is checked before its counterparty is known and conservatively (docs/decisions/compliance.md
 * "Compliance at order time"): a buyer's open buys and pending subscriptions count toward its
 * balance, and every user with open buys counts as a holder, so the trade an accepted order makes
 * cannot break a rule at settlement that was knowable when the order was accepted.
 */
import {
  evaluateTransfer,
  sendVerdict,
  type ComplianceVerdict,
  type HolderState,
  type TokenState,
} from './evaluate-transfer.js';
import type { ComplianceRules } from './compliance-rules.js';

/** A holder as the database knows it for one token. */
export interface HolderRecord {
  country: number;
  /** the wallet's balance (trades move it when they are booked) */
  balance: number;
  /** units committed to open sells (wallets.locked_balance) */
  lockedForSale: number;
  /** remaining quantity of open buys (book orders and OTC requests) */
  openBuys: number;
  /** subscriptions not yet confirmed */
  pendingAllocated: number;
  allocations: HolderState['allocations'];
  /** the treasury or the token's issuer (evaluate-transfer.ts) */
  exempt?: boolean;
}

/** The unknown seller of a buy: it stays a holder (frees no place) and has no lock-up. */
const continuingSeller = (country: number): HolderState => ({
  country,
  balance: Number.POSITIVE_INFINITY,
  allocations: [],
});

/** What the holder will hold once its open buys fill and its subscriptions are confirmed. */
function committedReceiver(holder: HolderRecord): HolderState {
  return {
    country: holder.country,
    balance: holder.balance + holder.openBuys + holder.pendingAllocated,
    allocations: holder.allocations,
    ...(holder.exempt ? { exempt: true } : {}),
  };
}

/** The units the holder may still commit to a sale: its balance less what open sells hold. */
function uncommittedSender(holder: HolderRecord): HolderState {
  return {
    country: holder.country,
    balance: holder.balance - holder.lockedForSale,
    allocations: holder.allocations,
  };
}

/**
 * A new order (or the increase of an amend) of `quantity`. A buy is decided as a receipt from a
 * seller who stays a holder; a sell by its sender's side alone (the buyer's order answers for the
 * receiving side). `token.holders` counts the committed holders (compliance-state.queries.ts).
 */
export function evaluateOrder(
  rules: ComplianceRules,
  token: TokenState,
  holder: HolderRecord,
  side: 'buy' | 'sell',
  quantity: number,
  at: Date,
): ComplianceVerdict {
  if (side === 'sell') return sendVerdict(rules, uncommittedSender(holder), quantity, at);
  const to = committedReceiver(holder);
  return evaluateTransfer(rules, token, { from: continuingSeller(to.country), to, quantity, at });
}

/** A subscription: a mint to the subscriber once confirmed. */
export function evaluateSubscription(
  rules: ComplianceRules,
  token: TokenState,
  holder: HolderRecord,
  quantity: number,
  at: Date,
): ComplianceVerdict {
  return evaluateTransfer(rules, token, {
    from: null,
    to: committedReceiver(holder),
    quantity,
    at,
  });
}

/**
 * Settlement's pre-check of a booked trade, from the balances as they are now (every booked trade
 * already moved them): the transfer is decided from the state before it, as if it were the last
 * booked, at the time it is sent. Only what the buyer still holds of it counts as received;
 * holders are those with a balance.
 */
export function evaluateBookedTrade(
  rules: ComplianceRules,
  token: TokenState,
  buyer: HolderRecord,
  seller: HolderRecord,
  quantity: number,
  at: Date,
): ComplianceVerdict {
  const kept = Math.min(quantity, buyer.balance);
  const to: HolderState = { ...buyer, balance: buyer.balance - kept };
  const from: HolderState = { ...seller, balance: seller.balance + kept };
  const buyerAdded = kept > 0 && to.balance === 0;
  const sellerLeft = kept > 0 && seller.balance === 0;
  const byCountry = new Map(token.holdersByCountry);
  const shift = (country: number, by: number) =>
    byCountry.set(country, (byCountry.get(country) ?? 0) + by);
  if (buyerAdded) shift(to.country, -1);
  if (sellerLeft) shift(from.country, 1);
  const before: TokenState = {
    ...token,
    holders: token.holders - (buyerAdded ? 1 : 0) + (sellerLeft ? 1 : 0),
    holdersByCountry: byCountry,
  };
  return evaluateTransfer(rules, before, { from, to, quantity: kept, at });
}

/**
 * A token dividend: the issuer sends each holder its share, decided in turn. Paying a dividend is
 * not a sale, so the issuer's lock-up does not bind it (its team and reserve shares are locked
 * against the market, and the reserve is what dividends are paid from: docs/decisions/compliance.md).
 */
export function evaluatePayout(
  rules: ComplianceRules,
  token: TokenState,
  issuer: HolderRecord,
  payments: readonly { holder: HolderRecord; quantity: number }[],
  at: Date,
): ComplianceVerdict {
  let from: HolderState = { ...uncommittedSender(issuer), allocations: [] };
  for (const { holder, quantity } of payments) {
    const verdict = evaluateTransfer(rules, token, {
      from,
      to: committedReceiver(holder),
      quantity,
      at,
    });
    if (!verdict.allowed) return verdict;
    from = { ...from, balance: from.balance - quantity };
  }
  return { allowed: true };
}
