/**
 * Statements (docs/reports.md): a calendar month's positions, trades, subscriptions, dividends,
 * deposits and withdrawals and the cash reconciled from opening to closing balance; a calendar
 * year's dividends and fees per token; each as CSV and PDF. The investor's own from the
 * portfolio, any user's for staff from the users screen. Periods are in UTC.
 */
import { useState } from 'preact/hooks';
import { download, ok, platform } from '../api.js';
import type { CashAccount } from '../types.js';
import { ErrorNote, Loaded, Table, label, useLoad, when } from '../ui.js';

const thisMonth = () => new Date().toISOString().slice(0, 7);

function Downloads({ base, query, name }: { base: string; query: string; name: string }) {
  const [failure, setFailure] = useState<unknown>(undefined);
  const save = (extension: 'csv' | 'pdf') => {
    setFailure(undefined);
    download(`${base}.${extension}?${query}`, `${name}.${extension}`).catch(setFailure);
  };
  return (
    <p>
      <button type="button" onClick={() => save('csv')}>
        Download CSV
      </button>{' '}
      <button type="button" onClick={() => save('pdf')}>
        Download PDF
      </button>
      {failure ? <ErrorNote error={failure} /> : null}
    </p>
  );
}

function Reconciliation({ account }: { account: CashAccount }) {
  const rows = [
    { label: 'Opening balance', amount: account.opening_balance },
    ...account.lines,
    { label: 'Closing balance', amount: account.closing_balance },
  ];
  return (
    <Table
      label={`Cash ${account.currency}`}
      rows={rows}
      empty=""
      columns={[
        ['', (l) => l.label],
        [
          account.currency,
          (l) => <span data-testid={`cash-${account.currency}-${l.label}`}>{l.amount}</span>,
        ],
      ]}
    />
  );
}

function MonthlyStatement(props: { userId?: string; base: string; month: string }) {
  const { userId, base, month } = props;
  const statement = useLoad(
    () =>
      ok(
        userId
          ? platform.GET('/api/v1/admin/users/{id}/statements/monthly', {
              params: { path: { id: userId }, query: { month } },
            })
          : platform.GET('/api/v1/statements/monthly', { params: { query: { month } } }),
      ),
    [base, month],
  );
  return (
    <Loaded state={statement}>
      {(s) => (
        <>
          <p data-testid="statement-period">
            Account of{' '}
            {s.user.account_name === s.user.name
              ? `${s.user.name} <${s.user.email}>`
              : `${s.user.account_name}, by ${s.user.name} <${s.user.email}>`}
            , {s.period.label}
            {s.period.complete ? '' : ` to ${when(s.period.closing_at)}`}
          </p>
          <Downloads
            base={`${base}/monthly`}
            query={`month=${month}`}
            name={`statement-${month}`}
          />
          {s.cash.map((account) => (
            <section key={account.currency}>
              <h3>Cash ({account.currency}): opening to closing balance</h3>
              <Reconciliation account={account} />
            </section>
          ))}
          <h3>Positions (valued at {s.positions_closing_value} USD)</h3>
          <Table
            label="Positions"
            rows={s.positions}
            empty="No tokens held in the month."
            columns={[
              ['Token', (p) => <a href={`#/token/${p.token_id}`}>{p.symbol}</a>],
              ['Opening units', (p) => p.opening_units],
              ['Opening value', (p) => p.opening_value],
              ['Closing units', (p) => p.closing_units],
              ['Price', (p) => `${p.closing_price} (${p.price_source})`],
              ['Closing value', (p) => p.closing_value],
            ]}
          />
          <h3>Trades</h3>
          <Table
            label="Trades"
            rows={s.trades}
            empty="No trades in the month."
            columns={[
              ['Date', (t) => when(t.at)],
              ['Token', (t) => t.symbol],
              ['Side', (t) => t.side],
              ['Quantity', (t) => t.quantity],
              ['Price', (t) => t.price],
              ['Total', (t) => t.total],
              ['Fee', (t) => t.fee],
              ['Accrued interest', (t) => t.accrued_interest],
              ['Cash', (t) => t.net],
            ]}
          />
          <h3>Subscriptions</h3>
          <Table
            label="Subscriptions"
            rows={s.subscriptions}
            empty="No subscriptions in the month."
            columns={[
              ['Date', (a) => when(a.created_at)],
              ['Token', (a) => a.symbol],
              ['Quantity', (a) => a.quantity],
              ['Amount', (a) => a.amount],
              ['Status', (a) => label(a.status)],
            ]}
          />
          <h3>Dividends, coupons and redemptions received</h3>
          <Table
            label="Statement dividends"
            rows={s.dividends}
            empty="No dividends in the month."
            columns={[
              ['Date', (d) => when(d.paid_at)],
              ['Token', (d) => d.symbol],
              ['What', (d) => d.kind],
              [
                'Received',
                (d) => (d.currency ? `${d.net_amount} ${d.currency}` : `${d.quantity} ${d.symbol}`),
              ],
            ]}
          />
          <h3>Deposits and withdrawals</h3>
          <Table
            label="Deposits and withdrawals"
            rows={s.cash_movements}
            empty="No deposits or withdrawals in the month."
            columns={[
              ['Date', (m) => when(m.at)],
              ['Kind', (m) => m.kind],
              ['Amount', (m) => m.amount],
              ['Status', (m) => label(m.status)],
            ]}
          />
        </>
      )}
    </Loaded>
  );
}

function YearlySummary(props: { userId?: string; base: string; year: string }) {
  const { userId, base, year } = props;
  const summary = useLoad(
    () =>
      ok(
        userId
          ? platform.GET('/api/v1/admin/users/{id}/statements/yearly', {
              params: { path: { id: userId }, query: { year } },
            })
          : platform.GET('/api/v1/statements/yearly', { params: { query: { year } } }),
      ),
    [base, year],
  );
  return (
    <Loaded state={summary}>
      {(y) => (
        <>
          <Downloads base={`${base}/yearly`} query={`year=${year}`} name={`statement-${year}`} />
          <Table
            label="Year by token"
            rows={[...y.tokens, { ...y.totals, token_id: '', symbol: 'Total' }]}
            empty=""
            columns={[
              ['Token', (t) => t.symbol],
              ['Dividends USD', (t) => t.dividends_usd],
              ['Dividends USDC', (t) => t.dividends_usdc],
              ['Token dividends', (t) => t.dividend_units],
              ['Dividend fees', (t) => t.dividend_fees],
              ['Trading fees', (t) => t.trading_fees],
              ['Fees total', (t) => t.fees_total],
            ]}
          />
        </>
      )}
    </Loaded>
  );
}

export function StatementPage({ userId }: { userId?: string }) {
  const base = userId ? `/api/v1/admin/users/${userId}/statements` : '/api/v1/statements';
  const [month, setMonth] = useState(thisMonth());
  const [year, setYear] = useState(thisMonth().slice(0, 4));
  const chosen = (event: Event, field: string) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget as HTMLFormElement).get(field);
    return typeof value === 'string' ? value : '';
  };
  return (
    <section>
      <h1>Statements</h1>
      <p class="muted">Calendar months and years in UTC.</p>
      <section aria-label="Month statement">
        <h2>Month</h2>
        <form aria-label="Statement month" onSubmit={(e) => setMonth(chosen(e, 'month'))}>
          <label>
            Month <input type="month" name="month" max={thisMonth()} value={month} />
          </label>{' '}
          <button type="submit">Show</button>
        </form>
        <MonthlyStatement userId={userId} base={base} month={month} />
      </section>
      <section aria-label="Year summary">
        <h2>Year</h2>
        <form aria-label="Statement year" onSubmit={(e) => setYear(chosen(e, 'year'))}>
          <label>
            Year <input type="number" name="year" min="2000" value={year} />
          </label>{' '}
          <button type="submit">Show</button>
        </form>
        <YearlySummary userId={userId} base={base} year={year} />
      </section>
    </section>
  );
}
