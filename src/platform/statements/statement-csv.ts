/**
 * Statements as CSV (src/lib/csv.ts). The month is one table of rows by section (positions at
 * opening and closing, trades, subscriptions, dividends, deposits and withdrawals, then each cash
 * balance's reconciliation), so a spreadsheet filters it by its first column; the year is one row
 * per token and a TOTAL row.
 */
import { toCsv, type CsvCell } from '../../lib/csv.js';
import type { MonthlyStatement, YearlyStatement } from './statements.service.js';

export const monthlyCsvHeader = [
  'section',
  'at',
  'token',
  'description',
  'quantity',
  'price',
  'amount',
  'fee',
  'net',
  'currency',
] as const;

export function monthlyCsv(s: MonthlyStatement): string {
  const rows: CsvCell[][] = [];
  for (const p of s.positions) {
    rows.push([
      'position_opening',
      s.period.start,
      p.symbol,
      p.name,
      p.opening_units,
      p.opening_price,
      p.opening_value,
      null,
      null,
      'USD',
    ]);
  }
  for (const p of s.positions) {
    rows.push([
      'position_closing',
      s.period.closing_at,
      p.symbol,
      `${p.name} (${p.price_source} price)`,
      p.closing_units,
      p.closing_price,
      p.closing_value,
      null,
      null,
      'USD',
    ]);
  }
  for (const t of s.trades) {
    rows.push(['trade', t.at, t.symbol, t.side, t.quantity, t.price, t.total, t.fee, t.net, 'USD']);
  }
  for (const a of s.subscriptions) {
    rows.push([
      'subscription',
      a.created_at,
      a.symbol,
      a.status,
      a.quantity,
      a.price_per_token,
      a.amount,
      null,
      null,
      'USD',
    ]);
  }
  for (const d of s.dividends) {
    rows.push([
      d.kind,
      d.paid_at,
      d.symbol,
      `${d.dividend_type} on ${d.token_balance} held`,
      d.quantity,
      null,
      d.gross_amount,
      d.fee_amount,
      d.net_amount,
      d.currency,
    ]);
  }
  for (const m of s.cash_movements) {
    rows.push([m.kind, m.at, null, m.status, null, null, m.amount, null, null, 'USD']);
  }
  for (const account of s.cash) {
    const cash = (section: string, at: string, label: string, amount: string) =>
      rows.push([section, at, null, label, null, null, amount, null, null, account.currency]);
    cash('cash_opening', s.period.start, 'Opening balance', account.opening_balance);
    for (const line of account.lines)
      cash('cash_line', s.period.closing_at, line.label, line.amount);
    cash('cash_closing', s.period.closing_at, 'Closing balance', account.closing_balance);
  }
  return toCsv(monthlyCsvHeader, rows);
}

export const yearlyCsvHeader = [
  'token',
  'dividends_usd',
  'dividends_usdc',
  'dividend_units',
  'dividend_fees',
  'trading_fees',
  'fees_total',
] as const;

/** A token's (or the TOTAL's) cells of the year, in the order of the header. */
export function yearCells(token: string, a: YearlyStatement['totals']): string[] {
  return [
    token,
    a.dividends_usd,
    a.dividends_usdc,
    a.dividend_units,
    a.dividend_fees,
    a.trading_fees,
    a.fees_total,
  ];
}

export function yearlyCsv(s: YearlyStatement): string {
  return toCsv(yearlyCsvHeader, [
    ...s.tokens.map((t) => yearCells(t.symbol, t)),
    yearCells('TOTAL', s.totals),
  ]);
}

export function statementFileName(s: { period: { label: string } }, extension: 'csv' | 'pdf') {
  return `statement-${s.period.label}.${extension}`;
}
