/**
 * The investor statement as pure functions of what the queries read: the period (calendar months
 * and years in UTC), positions valued at the last price, and each cash balance reconciled from
 * opening to closing by ledger lines that add up to the cent.
 */
import { AppError } from '../../lib/errors.js';
import { Exact, toMoney } from '../../lib/money.js';
import type { LedgerSumRow, PriceRow } from './statements.queries.js';

/**
 * Whose account a statement is of, by name: a company's (a corporate investor's or an issuer's
 * business) or the person's; never an id.
 */
export function accountHolder(user: {
  full_name: string | null;
  email: string;
  role: string;
  account_type: string | null;
  business_name: string | null;
}): { name: string; account_name: string } {
  const name = user.full_name ?? user.email;
  const company =
    user.business_name !== null && (user.account_type === 'corporate' || user.role === 'issuer');
  return { name, account_name: company ? user.business_name! : name };
}

export interface Period {
  kind: 'month' | 'year';
  /** `2026-03` or `2026` */
  label: string;
  start: Date;
  end: Date;
}

/** A calendar month in UTC from `YYYY-MM` (the route's schema checked the shape). */
export function monthPeriod(month: string): Period {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return {
    kind: 'month',
    label: month,
    start: new Date(Date.UTC(year, number - 1, 1)),
    end: new Date(Date.UTC(year, number, 1)),
  };
}

/** A calendar year in UTC from `YYYY`. */
export function yearPeriod(year: string): Period {
  const number = Number(year);
  return {
    kind: 'year',
    label: year,
    start: new Date(Date.UTC(number, 0, 1)),
    end: new Date(Date.UTC(number + 1, 0, 1)),
  };
}

/**
 * The instant the statement closes at: the period's end, or now for the period under way (a
 * statement to date). A period that has not begun is refused: it would be a forecast.
 */
export function closingInstant(period: Period, now: Date): Date {
  if (period.start > now) {
    throw new AppError(
      'STATEMENT_PERIOD_FUTURE',
      `The ${period.kind} ${period.label} has not begun`,
      {
        period: period.label,
      },
    );
  }
  return period.end < now ? period.end : now;
}

export type PriceSource = 'trade' | 'nav' | 'offering';

export interface Valuation {
  price: string;
  price_source: PriceSource;
  /** when that price was made (null for the offering price) */
  priced_at: string | null;
}

/** The last trade price; else the last NAV; else the offering price (nothing traded or valued). */
export function valuation(row: PriceRow): Valuation {
  if (row.trade_price !== null) {
    return { price: row.trade_price, price_source: 'trade', priced_at: iso(row.traded_at) };
  }
  if (row.nav !== null) return { price: row.nav, price_source: 'nav', priced_at: iso(row.nav_at) };
  return { price: row.price_per_token, price_source: 'offering', priced_at: null };
}

function iso(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}

export function valueOf(units: string, price: string): string {
  return toMoney(new Exact(units).times(price));
}

export interface CashLine {
  key: string;
  label: string;
  /** signed: credits positive */
  amount: string;
}

export interface CashAccount {
  currency: string;
  opening_balance: string;
  lines: CashLine[];
  closing_balance: string;
}

/** What trades did to USD in the period (statements.queries.ts, tradeCash). */
export interface TradeCash {
  sales: string;
  fees: string;
  purchases: string;
  /** the accrued interest the user's purchases of debt tokens paid (out of the orders' locks) */
  accrued_paid: string;
}

/**
 * The ledger kinds each line gathers. Buy orders move cash in two kinds (a lock at placement, a
 * release of what a fill or a cancel leaves), so their line is split into the purchases booked
 * and the change of what open buy orders hold. The seller's proceeds are credited net of the fee:
 * their line is split into the gross sales and the fees.
 */
const investorLines: readonly { key: string; label: string; kinds: readonly string[] }[] = [
  { key: 'deposits', label: 'Deposits', kinds: ['deposit'] },
  {
    key: 'withdrawals',
    label: 'Withdrawals (less those returned)',
    kinds: ['withdrawal_hold', 'withdrawal_release'],
  },
  {
    key: 'subscriptions',
    label: 'Subscriptions paid (less refunds)',
    kinds: ['subscription_hold', 'subscription_refund'],
  },
  { key: 'buy_orders', label: 'Buy orders', kinds: ['order_lock', 'order_release'] },
  { key: 'sales', label: 'Sales', kinds: ['trade_sell'] },
  { key: 'dividends', label: 'Dividends', kinds: ['dividend'] },
];

/** Kinds of the issuer's and the treasury's accounts, shown only when they moved. */
const otherLabels: Record<string, string> = {
  subscription_proceeds: 'Subscription proceeds',
  success_fee: 'Success fees',
  trade_fee: 'Trading fees collected',
  dividend_fee: 'Dividend fees collected',
  accrued_interest: 'Accrued interest received on sales',
};

/**
 * Each currency's balance at the start (the sum of every ledger row before it: every change of a
 * balance is a ledger row), the lines of the period, and the closing balance. USD always shows;
 * another currency when it ever had a row.
 */
export function cashAccounts(sums: readonly LedgerSumRow[], trades: TradeCash): CashAccount[] {
  const currencies = [...new Set(['USD', ...sums.map((s) => s.currency)])];
  return currencies.map((currency) => {
    const rows = sums.filter((s) => s.currency === currency);
    const opening = rows.reduce((sum, s) => sum.plus(s.before), new Exact(0));
    const during = (kinds: readonly string[]) =>
      rows
        .filter((s) => kinds.includes(s.kind))
        .reduce((sum, s) => sum.plus(s.during), new Exact(0));
    const lines: CashLine[] = [];
    const add = (key: string, label: string, amount: Exact) =>
      lines.push({ key, label, amount: toMoney(amount) });
    const known = new Set<string>();
    for (const line of investorLines) {
      line.kinds.forEach((kind) => known.add(kind));
      const amount = during(line.kinds);
      if (currency !== 'USD' && amount.isZero()) continue;
      if (line.key === 'buy_orders' && currency === 'USD') {
        add('purchases', 'Purchases', new Exact(trades.purchases).negated());
        const accrued = new Exact(trades.accrued_paid);
        if (!accrued.isZero()) {
          add('accrued_interest_paid', 'Accrued interest paid on purchases', accrued.negated());
        }
        add(
          'buy_order_holds',
          'Held for open buy orders (change)',
          amount.plus(trades.purchases).plus(accrued),
        );
      } else if (line.key === 'sales' && currency === 'USD') {
        add('sales', 'Sales', amount.plus(trades.fees));
        add('trading_fees', 'Trading fees', new Exact(trades.fees).negated());
      } else {
        add(line.key, line.label, amount);
      }
    }
    for (const row of rows) {
      if (known.has(row.kind) || new Exact(row.during).isZero()) continue;
      add(row.kind, otherLabels[row.kind] ?? row.kind, new Exact(row.during));
    }
    const closing = lines.reduce((sum, l) => sum.plus(l.amount), opening);
    // Every kind is on a line, so the lines and the ledger agree; a kind left out is a bug.
    if (!closing.equals(opening.plus(during(rows.map((r) => r.kind))))) {
      throw new Error(`the ${currency} lines do not add up to the ledger`);
    }
    return {
      currency,
      opening_balance: toMoney(opening),
      lines,
      closing_balance: toMoney(closing),
    };
  });
}

/** The signed cash effect and the fee of one of the user's trades. */
export function tradeSide(
  userId: string,
  trade: { buyer_id: string; total: string; platform_fee: string; accrued_interest: string },
): { side: 'buy' | 'sell'; fee: string; accrued_interest: string; net: string } {
  const accrued = toMoney(trade.accrued_interest);
  if (trade.buyer_id === userId) {
    return {
      side: 'buy',
      fee: '0.00',
      accrued_interest: accrued,
      net: toMoney(new Exact(trade.total).plus(accrued).negated()),
    };
  }
  return {
    side: 'sell',
    fee: trade.platform_fee,
    accrued_interest: accrued,
    net: toMoney(new Exact(trade.total).minus(trade.platform_fee).plus(accrued)),
  };
}
