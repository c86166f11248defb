/**
 * A token's charts for its issuer and staff (GET /tokens/:id/charts, docs/reports.md "Charts"):
 * holders over time, price and volume over time, holders by country, over a period chosen here.
 * Each chart's caption states its numbers and a table holds them all.
 */
import Decimal from 'decimal.js';
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import { ChartFigure, bucketLabel } from '../chart-figure.js';
import { countryName } from '../countries.js';
import type { TokenCharts } from '../types.js';
import { Loaded, Table, useLoad } from '../ui.js';

const day = 86_400_000;
const periods = {
  '7 days': { span: 7 * day, bucket: 'hour' },
  '30 days': { span: 30 * day, bucket: 'day' },
  '1 year': { span: 365 * day, bucket: 'week' },
} as const;
type Period = keyof typeof periods;

const sumOf = (values: string[]) => values.reduce((sum, v) => sum.plus(v), new Decimal(0));
const country = (code: string | null) => (code ? countryName(code) : 'Unknown');

export function TokenCharts({ tokenId }: { tokenId: string }) {
  const [period, setPeriod] = useState<Period>('30 days');
  const charts = useLoad(() => {
    const { span, bucket } = periods[period];
    const from = new Date(Date.now() - span).toISOString();
    return ok(
      platform.GET('/api/v1/tokens/{id}/charts', {
        params: { path: { id: tokenId }, query: { from, bucket } },
      }),
    );
  }, [tokenId, period]);
  return (
    <section aria-label="Charts">
      <h2>Charts</h2>
      <div class="segmented periods" role="group" aria-label="Period">
        {(Object.keys(periods) as Period[]).map((p) => (
          <button
            key={p}
            type="button"
            class={p === period ? 'on' : 'secondary'}
            aria-pressed={p === period}
            onClick={() => setPeriod(p)}
          >
            {p}
          </button>
        ))}
      </div>
      <Loaded state={charts}>
        {(c) => (
          <>
            <Holders charts={c} />
            <Trading charts={c} />
            <Countries charts={c} />
          </>
        )}
      </Loaded>
    </section>
  );
}

function Holders({ charts: c }: { charts: TokenCharts }) {
  const counts = c.holders.map((h) => h.holders);
  const now = counts.at(-1) ?? 0;
  return (
    <ChartFigure
      id="holders"
      title="Holders over time"
      chart={{
        hourly: c.bucket === 'hour',
        series: [
          {
            kind: 'steps',
            title: 'Holders',
            colour: '--accent',
            points: c.holders.map((h) => ({ start: h.start, value: h.holders })),
          },
        ],
      }}
      caption={
        <>
          <span data-testid="holders-now">{now}</span> holder(s) at {bucketLabel(c.to, 'hour')};{' '}
          {counts[0] ?? 0} at the close of its first {c.bucket} ({bucketLabel(c.from, c.bucket)}),
          at most {Math.max(0, ...counts)}. A holder is an investor holding units, as the register
          counts them and a dividend pays them: the issuer and the platform's treasury are not
          counted.
        </>
      }
    >
      <details>
        <summary>Holders per {c.bucket}</summary>
        <Table
          label="Holders over time"
          rows={c.holders}
          empty="No buckets."
          columns={[
            [`At the close of the ${c.bucket} from`, (h) => bucketLabel(h.start, c.bucket)],
            ['Holders', (h) => h.holders],
          ]}
        />
      </details>
    </ChartFigure>
  );
}

function Trading({ charts: c }: { charts: TokenCharts }) {
  const traded = c.trading.filter((t) => t.trades > 0);
  const last = traded.at(-1);
  const trades = traded.reduce((n, t) => n + t.trades, 0);
  return (
    <ChartFigure
      id="trading"
      title="Price and volume"
      chart={{
        hourly: c.bucket === 'hour',
        series: [
          {
            kind: 'bars',
            title: 'Volume',
            colour: '--volume',
            under: true,
            points: c.trading.map((t) => ({ start: t.start, value: Number(t.volume) })),
          },
          {
            kind: 'line',
            title: 'Last price',
            colour: '--accent',
            usd: true,
            points: c.trading.map((t) => ({
              start: t.start,
              value: t.close === null ? null : Number(t.close),
            })),
          },
        ],
      }}
      caption={
        last ? (
          <span data-testid="trading-summary">
            {trades} trade(s) of {sumOf(traded.map((t) => t.volume)).toFixed()} units for{' '}
            {sumOf(traded.map((t) => t.value)).toFixed(2)} USD since {bucketLabel(c.from, c.bucket)}
            ; last price {last.close} USD ({bucketLabel(last.start, c.bucket)}). The line is each{' '}
            {c.bucket}'s last price, the bars its volume.
          </span>
        ) : (
          <span data-testid="trading-summary">
            No trades since {bucketLabel(c.from, c.bucket)}: no price to draw, the volume is 0.
          </span>
        )
      }
    >
      {traded.length > 0 ? (
        <details>
          <summary>Trading per {c.bucket}</summary>
          <Table
            label="Price and volume"
            rows={traded}
            empty=""
            columns={[
              [
                c.bucket === 'hour' ? 'Hour' : `${c.bucket} from`,
                (t) => bucketLabel(t.start, c.bucket),
              ],
              ['Trades', (t) => t.trades],
              ['Volume', (t) => t.volume],
              ['Value (USD)', (t) => t.value],
              ['Open', (t) => t.open],
              ['High', (t) => t.high],
              ['Low', (t) => t.low],
              ['Close', (t) => t.close],
            ]}
          />
        </details>
      ) : null}
    </ChartFigure>
  );
}

function Countries({ charts: c }: { charts: TokenCharts }) {
  if (c.countries.length === 0) {
    return (
      <>
        <h3>Holders by country</h3>
        <p class="muted" data-testid="chart-countries-empty">
          Nobody held the token at {bucketLabel(c.to, 'hour')}.
        </p>
      </>
    );
  }
  const holders = c.countries.reduce((n, k) => n + k.holders, 0);
  return (
    <ChartFigure
      id="countries"
      title="Holders by country"
      chart={{
        colour: '--accent',
        categories: c.countries.map((k) => ({ label: country(k.country), value: k.holders })),
      }}
      caption={
        <>
          {holders} holder(s) in {c.countries.length} countr{c.countries.length === 1 ? 'y' : 'ies'}{' '}
          at {bucketLabel(c.to, 'hour')}, as the register gives each holder's country (investors;
          not the issuer or the treasury).
        </>
      }
    >
      <Table
        label="Holders by country"
        rows={c.countries}
        empty=""
        columns={[
          ['Country', (k) => country(k.country)],
          ['Holders', (k) => k.holders],
          ['Units', (k) => k.units],
        ]}
      />
    </ChartFigure>
  );
}
