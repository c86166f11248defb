/**
 * The notices trades cause after the fact, told by the platform off the order path: a digest of
 * each user's fills, one per minute at most, and a notice to both parties of a trade whose
 * settlement failed for good. Each is read in windows of time that end `commitLagMs` ago (what a
 * trading node commits lands well within it), and a window's end is kept (notice_cursors) in the
 * transaction that writes its notices: a window is told once, whatever process runs the tick.
 */
import { Decimal } from 'decimal.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import { notifyMany, type Notice } from './notify.js';
import { ordersFilled, settlementFailed, type FillLine } from './notices.js';
import {
  fillsBetween,
  lockCursor,
  moveCursor,
  settlementsFailedBetween,
  type NoticeCursor,
} from './trade-notices.queries.js';

export interface TradeNoticesDeps {
  db: Db;
  clock?: Clock;
  /** the shortest window of fills: no user gets two digests closer than this */
  digestSeconds?: number;
  /** the shortest window of settlement failures */
  failureSeconds?: number;
  /** how far behind the clock a window ends, so that no commit lands in a window already told */
  commitLagMs?: number;
}

export function tradeNotices(deps: TradeNoticesDeps) {
  const clock = deps.clock ?? systemClock;
  const lag = deps.commitLagMs ?? 10_000;

  /** Tells the cursor's next window if it is at least `minSeconds` long; the notices written. */
  async function tell(
    name: NoticeCursor,
    minSeconds: number,
    collect: (trx: Trx, from: Date, to: Date) => Promise<Notice[]>,
  ): Promise<number> {
    return transaction(deps.db, async (trx) => {
      const from = await lockCursor(trx, name);
      const to = new Date(clock.now().getTime() - lag);
      if (!from || to.getTime() - from.getTime() < minSeconds * 1000) return 0;
      const notices = await collect(trx, from, to);
      await notifyMany(trx, notices);
      await moveCursor(trx, name, to);
      return notices.length;
    });
  }

  const digests = async (trx: Trx, from: Date, to: Date) => {
    const byUser = new Map<string, FillLine[]>();
    for (const { user_id, ...line } of await fillsBetween(trx, from, to)) {
      byUser.set(user_id, [
        ...(byUser.get(user_id) ?? []),
        { ...line, total: new Decimal(line.total).toFixed(2) },
      ]);
    }
    return [...byUser].map(([userId, lines]) => ordersFilled(userId, lines));
  };

  const failures = async (trx: Trx, from: Date, to: Date) =>
    (await settlementsFailedBetween(trx, from, to)).flatMap((trade) => {
      const what = {
        symbol: trade.symbol,
        quantity: trade.quantity,
        price: trade.price,
        tradedAt: trade.traded_at,
      };
      return [
        settlementFailed(trade.buyer_id, { ...what, side: 'buy' }),
        settlementFailed(trade.seller_id, { ...what, side: 'sell' }),
      ];
    });

  return {
    async tick(): Promise<number> {
      return (
        (await tell('settlement_failures', deps.failureSeconds ?? 5, failures)) +
        (await tell('order_fills', deps.digestSeconds ?? 60, digests))
      );
    },
  };
}
