/**
 * Staff's last day at a glance (GET /admin/activity, docs/reports.md "Charts"): orders placed and
 * trades booked each hour, and the settlement and verification queues at each hour's close.
 */
import { ok, platform } from '../api.js';
import { ChartFigure, bucketLabel } from '../chart-figure.js';
import type { Activity } from '../types.js';
import { Loaded, Table, useLoad } from '../ui.js';

type Point = Activity['points'][number];
const total = (points: Point[], key: 'orders' | 'trades') => points.reduce((n, p) => n + p[key], 0);
const peak = (points: Point[], key: 'settlement_queue' | 'verification_queue') =>
  Math.max(0, ...points.map((p) => p[key]));

function Key({ colour, children }: { colour: string; children: string }) {
  return (
    <>
      <span class="legend" style={{ background: `var(${colour})` }} aria-hidden="true" />
      {children}
    </>
  );
}

export function ActivityCharts() {
  const activity = useLoad(() => ok(platform.GET('/api/v1/admin/activity')));
  return (
    <section aria-label="The last day">
      <h2>The last day</h2>
      <Loaded state={activity}>
        {(a) => {
          const now = a.points.at(-1);
          const hours = (points: Point[]) => points.map((p) => bucketLabel(p.start, a.bucket));
          const series = (key: keyof Omit<Point, 'start'>) =>
            a.points.map((p) => ({ start: p.start, value: p[key] }));
          return (
            <>
              <ChartFigure
                id="activity"
                title="Orders and trades per hour"
                chart={{
                  hourly: true,
                  series: [
                    {
                      kind: 'bars',
                      title: 'Orders',
                      colour: '--volume',
                      points: series('orders'),
                    },
                    {
                      kind: 'line',
                      title: 'Trades',
                      colour: '--accent',
                      points: series('trades'),
                    },
                  ],
                }}
                caption={
                  <>
                    <Key colour="--volume">Orders</Key> placed:{' '}
                    <span data-testid="activity-orders">{total(a.points, 'orders')}</span>;{' '}
                    <Key colour="--accent">trades</Key> booked:{' '}
                    <span data-testid="activity-trades">{total(a.points, 'trades')}</span>, since{' '}
                    {hours(a.points)[0]}.
                  </>
                }
              />
              <ChartFigure
                id="queues"
                title="Queues at each hour's close"
                chart={{
                  hourly: true,
                  series: [
                    {
                      kind: 'steps',
                      title: 'Settlement',
                      colour: '--accent',
                      points: series('settlement_queue'),
                    },
                    {
                      kind: 'steps',
                      title: 'Verification',
                      colour: '--second',
                      points: series('verification_queue'),
                    },
                  ],
                }}
                caption={
                  <>
                    <Key colour="--accent">Trades waiting for settlement</Key> now:{' '}
                    <span data-testid="queue-settlement">{now?.settlement_queue ?? 0}</span> (at
                    most {peak(a.points, 'settlement_queue')});{' '}
                    <Key colour="--second">KYC and KYB applications waiting</Key> now:{' '}
                    <span data-testid="queue-verification">{now?.verification_queue ?? 0}</span> (at
                    most {peak(a.points, 'verification_queue')}).
                  </>
                }
              >
                <details>
                  <summary>Each hour</summary>
                  <Table
                    label="The last day per hour"
                    rows={a.points}
                    empty="No hours."
                    columns={[
                      ['Hour', (p) => bucketLabel(p.start, a.bucket)],
                      ['Orders', (p) => p.orders],
                      ['Trades', (p) => p.trades],
                      ['Settlement queue', (p) => p.settlement_queue],
                      ['Verification queue', (p) => p.verification_queue],
                    ]}
                  />
                </details>
              </ChartFigure>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
