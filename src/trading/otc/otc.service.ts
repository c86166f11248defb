/**
 * OTC requests of fixed_price_otc tokens (DECISIONS "Trading", docs/otc.md). An order on such a
 * token becomes a request at the token's fixed price (price_per_token) holding the same lock a
 * book order would; staff approve or reject it; approved buys and sells of a token at the same
 * price are crossed in approval order into ordinary trades, written by the trading service's own
 * trade and batch code. A token's OTC changes (approve, reject, cancel) are serialised by a lock
 * on its row; one transaction per use case.
 */
import type { Clock } from '../../lib/clock.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import { liveOtcStatuses, type OtcOrder } from '../../lib/db/schema-otc.js';
import type { Token } from '../../lib/db/schema-issuance.js';
import { evaluateOrder } from '../../lib/compliance/compliance-checks.js';
import {
  findComplianceRules,
  readComplianceState,
} from '../../lib/compliance/compliance-state.queries.js';
import { complianceError } from '../../lib/compliance/evaluate-transfer.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { moveFiat } from '../../lib/ledger/fiat-ledger.js';
import { Exact, toMoney } from '../../lib/money.js';
import { centsOf } from '../../lib/cents.js';
import { Batch, FiatAccount } from '../books/batch.js';
import { readToken, readTraders, writeBatch } from '../books/batch.queries.js';
import type { DebtTerms } from '../../lib/debt/debt-schedule.math.js';
import { treasuryId } from '../books/books.queries.js';
import { checkInvestmentLimit, checkTrader, recordTrade } from '../books/execution.js';
import type { PlaceOrderBody } from '../orders/orders.schemas.js';
import { toTradeView } from '../orders/orders.views.js';
import {
  crossableOtcOrders,
  findOtcOrder,
  insertOtcOrder,
  listOtcOrders,
  liveOtcOrdersOf,
  lockOtcOrder,
  lockTokenForOtc,
  lockTokens,
  nextApprovalSeq,
  restrictedOtcOrdersOf,
  tokensWithRestrictedOtc,
  updateOtcOrder,
} from './otc.queries.js';
import type { AdminOtcListQuery, OtcApproveAnswer, OtcListQuery } from './otc.schemas.js';
import { toOtcOrderView } from './otc.views.js';

const isLive = (row: OtcOrder) => (liveOtcStatuses as readonly string[]).includes(row.status);

function checkOtcToken(token: Token): void {
  if (token.trading_mode !== 'fixed_price_otc' || token.status !== 'secondary') {
    throw new AppError('TOKEN_NOT_OTC', `The token is ${token.status}, ${token.trading_mode}`);
  }
}

export function otcService(deps: { db: Db; clock: Clock; platformCountry: string }) {
  const { db, clock } = deps;
  let treasury: string | undefined;

  /**
   * The token's transfer rules (docs/compliance.md), decided as for a book order; the token's row
   * lock holds the requests of a ruled token one at a time until each commits.
   */
  async function checkRules(trx: Trx, tokenId: string, userId: string, body: PlaceOrderBody) {
    const rules = await findComplianceRules(trx, tokenId);
    if (!rules) return;
    await lockTokenForOtc(trx, tokenId);
    const state = await readComplianceState(trx, tokenId, [userId], {
      count: 'committed',
      platformCountry: deps.platformCountry,
    });
    const holder = state.holders.get(userId)!;
    const verdict = evaluateOrder(
      rules,
      state.token,
      holder,
      body.side,
      body.quantity,
      clock.now(),
    );
    if (!verdict.allowed) throw complianceError(verdict);
  }

  /** Gives back what a request still holds: a buy's locked fiat, a sell's unfilled tokens. */
  async function release(trx: Trx, row: OtcOrder): Promise<void> {
    if (row.side === 'buy') {
      if (!new Exact(row.locked_fiat).isZero()) {
        await moveFiat(trx, {
          userId: row.user_id,
          amount: row.locked_fiat,
          kind: 'order_release',
          referenceType: 'otc_order',
          referenceId: row.id,
        });
      }
      row.locked_fiat = '0.00';
    } else if (row.remaining_quantity > 0) {
      await lockTokens(trx, row.user_id, row.token_id, -row.remaining_quantity, clock.now());
    }
  }

  /** Locks the token, then the request; NOT_FOUND unless it exists (and is `userId`'s). */
  async function lockRequest(trx: Trx, id: string, userId: string | null): Promise<OtcOrder> {
    const found = await findOtcOrder(trx, id);
    if (!found || (userId !== null && found.user_id !== userId)) {
      throw new AppError('NOT_FOUND', 'No such OTC request');
    }
    await lockTokenForOtc(trx, found.token_id);
    return (await lockOtcOrder(trx, id))!;
  }

  /**
   * Crosses a request just approved against the other side's approved requests at its price, in
   * approval order, each fill an ordinary trade (its taker side is the request just approved).
   */
  async function cross(trx: Trx, token: Token, debt: DebtTerms | null, taker: OtcOrder, now: Date) {
    const makers = await crossableOtcOrders(
      trx,
      token.id,
      taker.side === 'buy' ? 'sell' : 'buy',
      taker.price,
    );
    const fiat = new FiatAccount(new Map());
    const batch = new Batch(newId(), now, fiat, new Map());
    const changed: OtcOrder[] = [];
    for (const maker of makers) {
      if (taker.remaining_quantity === 0) break;
      const quantity = Math.min(taker.remaining_quantity, maker.remaining_quantity);
      const [buy, sell] = taker.side === 'buy' ? [taker, maker] : [maker, taker];
      const trade = recordTrade(
        batch,
        token,
        {
          buyOrderId: null,
          sellOrderId: null,
          buyOtcOrderId: buy.id,
          sellOtcOrderId: sell.id,
          buyerId: buy.user_id,
          sellerId: sell.user_id,
          takerSide: taker.side,
          price: taker.price,
          quantity,
        },
        debt,
      );
      // A debt token's accrued interest comes from the buyer's free balance (its lock holds the
      // price only); the write refuses an overdraft as INSUFFICIENT_FUNDS, rolling back.
      if (new Exact(trade.accrued_interest).greaterThan(0)) {
        batch.moveFiat({
          userId: buy.user_id,
          amount: new Exact(trade.accrued_interest).negated().toFixed(2),
          kind: 'accrued_interest',
          referenceType: 'trade',
          referenceId: trade.id,
        });
      }
      // the buy pays from its lock at the same price: nothing to refund
      buy.locked_fiat = toMoney(
        new Exact(buy.locked_fiat).minus(new Exact(buy.price).times(quantity)),
      );
      for (const row of [buy, sell]) {
        row.filled_quantity += quantity;
        row.remaining_quantity -= quantity;
        row.status = row.remaining_quantity === 0 ? 'filled' : 'partially_filled';
        row.updated_at = now;
      }
      changed.push(maker);
    }
    if (batch.trades.length === 0) return [];
    treasury ??= await treasuryId(db);
    await writeBatch(
      trx,
      {
        now: batch.now,
        fiat,
        writes: [{ tokenId: token.id, batch, bookSequence: token.book_sequence }],
        refusals: [],
      },
      treasury,
    );
    for (const row of changed) await updateOtcOrder(trx, row);
    return batch.trades;
  }

  return {
    /**
     * Cancels every live request of a token (what each holds released) with `reason`, in the
     * caller's transaction, which holds the token's row lock. Answers how many were cancelled.
     */
    async cancelAllOfToken(trx: Trx, tokenId: string, reason: string): Promise<number> {
      const live = await liveOtcOrdersOf(trx, tokenId);
      const now = clock.now();
      for (const row of live) {
        await release(trx, row);
        Object.assign(row, { status: 'cancelled', reason, updated_at: now });
        await updateOtcOrder(trx, row);
      }
      return live.length;
    },

    /**
     * Cancels the live requests the token's agent no longer allows (a revoked verification, a
     * frozen address: all the holder's; frozen units: its sells, newest first, until what they
     * lock is unfrozen), with the restriction as the reason the holder sees, as the book does
     * with orders. Each token in a transaction holding its lock; answers how many were cancelled.
     */
    async cancelRestricted(): Promise<number> {
      let cancelled = 0;
      for (const tokenId of await tokensWithRestrictedOtc(db)) {
        cancelled += await transaction(db, async (trx) => {
          await lockTokenForOtc(trx, tokenId);
          const now = clock.now();
          const overLocked = new Map<string, number>();
          let count = 0;
          for (const row of await restrictedOtcOrdersOf(trx, tokenId)) {
            const { restriction, unlocked_unfrozen, ...request } = row;
            if (restriction === 'TOKEN_UNITS_FROZEN') {
              const over = overLocked.get(request.user_id) ?? -unlocked_unfrozen;
              if (over <= 0) continue;
              overLocked.set(request.user_id, over - request.remaining_quantity);
            }
            await release(trx, request);
            Object.assign(request, { status: 'cancelled', reason: restriction, updated_at: now });
            await updateOtcOrder(trx, request);
            count += 1;
          }
          return count;
        });
      }
      return cancelled;
    },

    /** POST /api/v1/orders on a fixed_price_otc token: the request, its lock taken. */
    async request(userId: string, body: PlaceOrderBody) {
      if (body.order_type !== 'limit' && body.order_type !== 'market') {
        throw new AppError(
          'OTC_ORDER_TYPE_NOT_ALLOWED',
          `A ${body.order_type} order cannot go OTC`,
        );
      }
      const row = await transaction(db, async (trx) => {
        const read = await readToken(trx, body.token_id);
        if (!read) throw new AppError('NOT_FOUND', 'Unknown token');
        const { token } = read;
        checkOtcToken(token);
        const price = token.price_per_token;
        if (body.price !== undefined && !new Exact(body.price).equals(price)) {
          throw new AppError(
            'OTC_PRICE_MISMATCH',
            `The fixed price is ${new Exact(price).toFixed(2)}`,
          );
        }
        const { traders } = await readTraders(trx, [{ userId, tokenId: token.id }]);
        const trader = checkTrader({ traders }, userId);
        await checkRules(trx, token.id, userId, body);
        const id = newId();
        const lock = body.side === 'buy' ? new Exact(price).times(body.quantity) : new Exact(0);
        if (body.side === 'buy') {
          checkInvestmentLimit(trader, centsOf(price) * BigInt(body.quantity));
          // refused by the balance's check constraint as INSUFFICIENT_FUNDS, rolling back
          await moveFiat(trx, {
            userId,
            amount: lock.negated().toFixed(2),
            kind: 'order_lock',
            referenceType: 'otc_order',
            referenceId: id,
          });
        } else if (!(await lockTokens(trx, userId, token.id, body.quantity, clock.now()))) {
          throw new AppError('INSUFFICIENT_TOKENS', `${body.quantity} tokens are not free to sell`);
        }
        const now = clock.now();
        const created: OtcOrder = {
          id,
          user_id: userId,
          token_id: token.id,
          side: body.side,
          price: new Exact(price).toFixed(2),
          quantity: body.quantity,
          filled_quantity: 0,
          remaining_quantity: body.quantity,
          locked_fiat: toMoney(lock),
          status: 'pending',
          reason: null,
          reviewed_by: null,
          reviewed_at: null,
          approval_seq: null,
          created_at: now,
          updated_at: now,
        };
        await insertOtcOrder(trx, created);
        return created;
      });
      return { otc_order: toOtcOrderView(row) };
    },

    async get(userId: string | null, id: string) {
      const row = await findOtcOrder(db, id);
      if (!row || (userId !== null && row.user_id !== userId)) {
        throw new AppError('NOT_FOUND', 'No such OTC request');
      }
      return toOtcOrderView(row);
    },

    list(userId: string | null, query: OtcListQuery & Partial<AdminOtcListQuery>) {
      const userFilter = userId ?? query.user_id;
      return listOtcOrders(db, {
        limit: query.limit ?? 50,
        ...(userFilter ? { userId: userFilter } : {}),
        ...(query.token_id ? { tokenId: query.token_id } : {}),
        ...(query.status ? { status: query.status as OtcOrder['status'] } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
      });
    },

    async cancel(userId: string, id: string) {
      const row = await transaction(db, async (trx) => {
        const row = await lockRequest(trx, id, userId);
        if (!isLive(row)) throw new AppError('ORDER_NOT_OPEN', `The request is ${row.status}`);
        await release(trx, row);
        row.status = 'cancelled';
        row.updated_at = clock.now();
        await updateOtcOrder(trx, row);
        return row;
      });
      return toOtcOrderView(row);
    },

    async reject(staffId: string, id: string, reason: string) {
      const row = await transaction(db, async (trx) => {
        const row = await lockRequest(trx, id, null);
        if (row.status !== 'pending') {
          throw new AppError('OTC_ORDER_NOT_PENDING', `The request is ${row.status}`);
        }
        await release(trx, row);
        const now = clock.now();
        Object.assign(row, {
          status: 'rejected',
          reason,
          reviewed_by: staffId,
          reviewed_at: now,
          updated_at: now,
        });
        await updateOtcOrder(trx, row);
        return row;
      });
      return toOtcOrderView(row);
    },

    async approve(staffId: string, id: string): Promise<OtcApproveAnswer> {
      return transaction(db, async (trx) => {
        const row = await lockRequest(trx, id, null);
        if (row.status !== 'pending') {
          throw new AppError('OTC_ORDER_NOT_PENDING', `The request is ${row.status}`);
        }
        const { token, debt } = (await readToken(trx, row.token_id))!;
        checkOtcToken(token);
        const now = clock.now();
        Object.assign(row, {
          status: 'approved',
          reviewed_by: staffId,
          reviewed_at: now,
          approval_seq: await nextApprovalSeq(trx),
          updated_at: now,
        });
        const trades = await cross(trx, token, debt, row, now);
        await updateOtcOrder(trx, row);
        return { otc_order: toOtcOrderView(row), trades: trades.map(toTradeView) };
      });
    },
  };
}

export type OtcService = ReturnType<typeof otcService>;
