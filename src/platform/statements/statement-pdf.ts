/**
 * Statements as PDFs a person reads (A4 portrait): the investor and the period, then the month's
 * positions, trades, subscriptions, dividends, deposits and withdrawals and the cash
 * reconciliation from opening to closing balance; or the year's dividends and fees per token.
 */
import { a4Portrait, PdfReport, type PdfColumn } from '../../lib/pdf-report.js';
import { yearCells } from './statement-csv.js';
import type { MonthlyStatement, YearlyStatement } from './statements.service.js';

type Header = Pick<MonthlyStatement, 'user' | 'period' | 'generated_at'>;

async function opened(title: string, s: Header): Promise<PdfReport> {
  const report = await PdfReport.create(a4Portrait, {
    title: `${title} ${s.period.label}: ${s.user.name}`,
    createdAt: new Date(s.generated_at),
  });
  report.line(`${title} ${s.period.label}`, { bold: true, size: 14 });
  const { name, email, account_name } = s.user;
  report.line(
    account_name === name
      ? `Account of ${name} <${email}>`
      : `Account of ${account_name}, by ${name} <${email}>`,
  );
  report.line(
    `Period (UTC): ${s.period.start} to ${s.period.closing_at}` +
      (s.period.complete ? '' : ' (to date: the period is under way)'),
  );
  report.line(`Generated: ${s.generated_at}    Amounts in USD unless stated`);
  return report;
}

function section(report: PdfReport, title: string, empty: boolean): boolean {
  report.gap(8);
  report.line(title, { bold: true, size: 11 });
  if (empty) report.line('None in the period.');
  return !empty;
}

const day = (instant: string) => instant.slice(0, 19).replace('T', ' ');

export async function monthlyPdf(s: MonthlyStatement): Promise<Uint8Array> {
  const report = await opened('Statement', s);

  if (section(report, 'Positions', s.positions.length === 0)) {
    const columns: PdfColumn[] = [
      ['Token', 50, false],
      ['Name', 105, false],
      ['Opening units', 58, true],
      ['Opening value', 65, true],
      ['Closing units', 58, true],
      ['Price', 55, true],
      ['Priced by', 52, false],
      ['Closing value', 75, true],
    ];
    const rows = s.positions.map((p) => [
      p.symbol,
      p.name,
      p.opening_units,
      p.opening_value,
      p.closing_units,
      p.closing_price,
      p.price_source,
      p.closing_value,
    ]);
    rows.push(['TOTAL', '', '', s.positions_opening_value, '', '', '', s.positions_closing_value]);
    report.table(columns, rows, (i) => i === rows.length - 1);
  }

  if (section(report, 'Trades', s.trades.length === 0)) {
    const columns: PdfColumn[] = [
      ['Date', 90, false],
      ['Token', 50, false],
      ['Side', 35, false],
      ['Quantity', 55, true],
      ['Price', 60, true],
      ['Total', 75, true],
      ['Fee', 60, true],
      ['Cash', 75, true],
    ];
    report.table(
      columns,
      s.trades.map((t) => [
        day(t.at),
        t.symbol,
        t.side,
        String(t.quantity),
        t.price,
        t.total,
        t.fee,
        t.net,
      ]),
    );
  }

  if (section(report, 'Subscriptions', s.subscriptions.length === 0)) {
    const columns: PdfColumn[] = [
      ['Date', 90, false],
      ['Token', 50, false],
      ['Quantity', 60, true],
      ['Price', 60, true],
      ['Amount', 80, true],
      ['Status', 100, false],
    ];
    report.table(
      columns,
      s.subscriptions.map((a) => [
        day(a.created_at),
        a.symbol,
        String(a.quantity),
        a.price_per_token,
        a.amount,
        a.status,
      ]),
    );
  }

  if (section(report, 'Dividends received', s.dividends.length === 0)) {
    const columns: PdfColumn[] = [
      ['Date', 90, false],
      ['Token', 50, false],
      ['Kind', 55, false],
      ['Held', 50, true],
      ['Gross', 65, true],
      ['Fee', 55, true],
      ['Net', 65, true],
      ['Tokens', 50, true],
    ];
    report.table(
      columns,
      s.dividends.map((d) => [
        day(d.paid_at),
        d.symbol,
        d.dividend_type,
        String(d.token_balance),
        d.gross_amount,
        d.fee_amount,
        d.currency === 'USDC' ? `${d.net_amount} USDC` : d.net_amount,
        String(d.quantity),
      ]),
    );
  }

  if (section(report, 'Deposits and withdrawals', s.cash_movements.length === 0)) {
    const columns: PdfColumn[] = [
      ['Date', 90, false],
      ['Kind', 70, false],
      ['Amount', 80, true],
      ['Status', 100, false],
    ];
    report.table(
      columns,
      s.cash_movements.map((m) => [day(m.at), m.kind, m.amount, m.status]),
    );
  }

  for (const account of s.cash) {
    section(report, `Cash (${account.currency}): opening to closing balance`, false);
    const columns: PdfColumn[] = [
      ['', 260, false],
      [account.currency, 90, true],
    ];
    const rows = [
      ['Opening balance', account.opening_balance],
      ...account.lines.map((l) => [l.label, l.amount]),
      ['Closing balance', account.closing_balance],
    ];
    report.table(columns, rows, (i) => i === 0 || i === rows.length - 1);
  }
  return report.save();
}

export async function yearlyPdf(s: YearlyStatement): Promise<Uint8Array> {
  const report = await opened('Annual summary', s);
  section(report, 'Dividends received and fees paid, per token', false);
  const columns: PdfColumn[] = [
    ['Token', 60, false],
    ['Dividends USD', 75, true],
    ['Dividends USDC', 75, true],
    ['Token dividends', 70, true],
    ['Dividend fees', 70, true],
    ['Trading fees', 70, true],
    ['Fees total', 70, true],
  ];
  const rows = [...s.tokens.map((t) => yearCells(t.symbol, t)), yearCells('TOTAL', s.totals)];
  report.table(columns, rows, (i) => i === rows.length - 1);
  return report.save();
}
