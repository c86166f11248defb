/**
 * Investor statements: for a calendar month (UTC), positions at its start and end valued at the
 * last price, the trades, subscriptions, dividends and cash requests of the month, and each cash
 * balance reconciled from opening to closing; for a calendar year, dividends received and fees
 * paid per token. Each is read as one consistent snapshot. An investor reads their own; staff
 * anyone's.
 */
import { systemClock, type Clock } from '../../lib/clock.js';
import { readSnapshot, type Db, type Trx } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { Exact, toMoney } from '../../lib/money.js';
import {
  accountHolder,
  cashAccounts,
  closingInstant,
  monthPeriod,
  tradeSide,
  valuation,
  valueOf,
  yearPeriod,
  type Period,
} from './statement.rules.js';
import {
  cashRequestsBetween,
  dividendsAndFeesByToken,
  dividendsPaidBetween,
  ledgerSums,
  positions,
  pricesBefore,
  statementUser,
  subscriptionsBetween,
  tradeCash,
  tradesBetween,
} from './statements.queries.js';

export interface StatementsDeps {
  db: Db;
  /** defaults to the system clock */
  clock?: Clock;
}

const currencyOf = { fiat: 'USD', stablecoin: 'USDC', token: null } as const;

export function statementsService({ db, clock = systemClock }: StatementsDeps) {
  /** The user, the period's bounds and `read` in one read-only snapshot. */
  function inSnapshot<T>(
    userId: string,
    period: Period,
    read: (trx: Trx, closing: Date) => Promise<T>,
  ) {
    const generated = clock.now();
    const closing = closingInstant(period, generated);
    return readSnapshot(db, async (trx) => {
      const user = await statementUser(trx, userId);
      if (!user) throw new AppError('NOT_FOUND', 'No such user');
      return {
        user: { id: user.id, email: user.email, ...accountHolder(user) },
        period: {
          kind: period.kind,
          label: period.label,
          start: period.start.toISOString(),
          end: period.end.toISOString(),
          closing_at: closing.toISOString(),
          complete: closing.getTime() === period.end.getTime(),
        },
        generated_at: generated.toISOString(),
        ...(await read(trx, closing)),
      };
    });
  }

  return {
    /** The statement of `month` (YYYY-MM) of the user. */
    monthly(userId: string, month: string) {
      const period = monthPeriod(month);
      const { start } = period;
      return inSnapshot(userId, period, async (trx, closing) => {
        const held = await positions(trx, userId, start, closing);
        const tokenIds = held.map((p) => p.token_id);
        const [opening, atClose] = await Promise.all([
          pricesBefore(trx, tokenIds, start),
          pricesBefore(trx, tokenIds, closing),
        ]);
        const priceAt = (rows: typeof opening, tokenId: string) =>
          valuation(rows.find((r) => r.token_id === tokenId)!);
        const lines = held.map((p) => {
          const openingPrice = priceAt(opening, p.token_id);
          const closingPrice = priceAt(atClose, p.token_id);
          return {
            ...p,
            opening_price: openingPrice.price,
            opening_value: valueOf(p.opening_units, openingPrice.price),
            closing_price: closingPrice.price,
            price_source: closingPrice.price_source,
            priced_at: closingPrice.priced_at,
            closing_value: valueOf(p.closing_units, closingPrice.price),
          };
        });
        const sum = (key: 'opening_value' | 'closing_value') =>
          toMoney(lines.reduce((total, l) => total.plus(l[key]), new Exact(0)));
        const [trades, subscriptions, dividends, requests, sums, tradeMoney] = await Promise.all([
          tradesBetween(trx, userId, start, closing),
          subscriptionsBetween(trx, userId, start, closing),
          dividendsPaidBetween(trx, userId, start, closing),
          cashRequestsBetween(trx, userId, start, closing),
          ledgerSums(trx, userId, start, closing),
          tradeCash(trx, userId, start, closing),
        ]);
        return {
          positions: lines,
          positions_opening_value: sum('opening_value'),
          positions_closing_value: sum('closing_value'),
          trades: trades.map((t) => ({
            id: t.id,
            at: t.created_at.toISOString(),
            token_id: t.token_id,
            symbol: t.symbol,
            price: t.price,
            quantity: t.quantity,
            total: t.total,
            ...tradeSide(userId, t),
          })),
          subscriptions: subscriptions.map((s) => ({
            ...s,
            created_at: s.created_at.toISOString(),
          })),
          dividends: dividends.map(({ debt_kind, ...d }) => ({
            ...d,
            kind: debt_kind ?? ('dividend' as const),
            paid_at: d.paid_at!.toISOString(),
            currency: currencyOf[d.dividend_type],
          })),
          cash_movements: requests.map((r) => ({ ...r, at: r.at.toISOString() })),
          cash: cashAccounts(sums, tradeMoney),
        };
      });
    },

    /** The summary of `year` (YYYY): dividends received and fees paid per token. */
    yearly(userId: string, year: string) {
      const period = yearPeriod(year);
      return inSnapshot(userId, period, async (trx, closing) => {
        const rows = await dividendsAndFeesByToken(trx, userId, period.start, closing);
        const tokens = rows.map((r) => ({
          token_id: r.token_id,
          symbol: r.symbol,
          dividends_usd: toMoney(r.dividends_usd),
          dividends_usdc: toMoney(r.dividends_usdc),
          dividend_units: r.dividend_units,
          dividend_fees: toMoney(r.dividend_fees),
          trading_fees: toMoney(r.trading_fees),
          fees_total: toMoney(new Exact(r.dividend_fees).plus(r.trading_fees)),
        }));
        const total = (
          key: 'dividends_usd' | 'dividends_usdc' | 'dividend_fees' | 'trading_fees' | 'fees_total',
        ) => toMoney(tokens.reduce((sum, t) => sum.plus(t[key]), new Exact(0)));
        return {
          tokens,
          totals: {
            dividends_usd: total('dividends_usd'),
            dividends_usdc: total('dividends_usdc'),
            dividend_units: tokens
              .reduce((sum, t) => sum.plus(t.dividend_units), new Exact(0))
              .toFixed(),
            dividend_fees: total('dividend_fees'),
            trading_fees: total('trading_fees'),
            fees_total: total('fees_total'),
          },
        };
      });
    },
  };
}

export type StatementsService = ReturnType<typeof statementsService>;
export type MonthlyStatement = Awaited<ReturnType<StatementsService['monthly']>>;
export type YearlyStatement = Awaited<ReturnType<StatementsService['yearly']>>;
