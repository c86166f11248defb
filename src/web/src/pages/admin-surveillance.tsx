/**
 * Staff: market-surveillance alerts (trading process): the list by status, token and rule, one
 * alert's evidence read as a timeline (src/web/src/surveillance.ts), and closing it with a note
 * (a second close, e.g. from a screen opened before a colleague closed it, is 409
 * ALERT_ALREADY_CLOSED, shown at the form); below, a token's thresholds.
 */
import { useState } from 'preact/hooks';
import { ok, trading } from '../api.js';
import {
  alertPeople,
  alertRules,
  alertsQuery,
  duration,
  evidenceTimeline,
  idsIn,
  selfTrade,
  withNames,
  type AlertFilter,
} from '../surveillance.js';
import { useTokenSymbols } from '../token-symbols.js';
import { useUserRefs } from '../user-refs.js';
import {
  ActionForm,
  Field,
  FilterForm,
  Loaded,
  Person,
  Select,
  Table,
  label,
  useLoad,
  usePages,
  when,
} from '../ui.js';
import { SurveillanceThresholds } from './surveillance-thresholds.js';

function AlertDetail({
  id,
  onClosed,
  symbol,
}: {
  id: string;
  onClosed: () => void;
  symbol: (tokenId: string) => string;
}) {
  const alert = useLoad(
    () => ok(trading.GET('/api/v1/admin/surveillance/alerts/{id}', { params: { path: { id } } })),
    [id],
  );
  const person = useUserRefs(alert.data ? alertPeople(alert.data) : []);
  const who = (userId: string) => <Person id={userId} user={person(userId)} />;
  const named = (text: string) => withNames(text, (id) => person(id)?.email);
  return (
    <Loaded state={alert}>
      {(a) => (
        <article class="card" aria-label={`Alert ${a.id}`}>
          <h2>
            {label(a.rule)} · {a.status}
          </h2>
          <p data-testid="alert-summary">{named(a.summary)}</p>
          <dl class="facts">
            <dt>User</dt>
            <dd data-testid="alert-user">{who(a.user_id)}</dd>
            <dt>Token</dt>
            <dd>
              <a href={`#/token/${a.token_id}`}>{symbol(a.token_id)}</a>
            </dd>
            <dt>Detected</dt>
            <dd>{when(a.detected_at)}</dd>
            {a.status === 'closed' ? (
              <>
                <dt>Closed</dt>
                <dd>
                  {when(a.closed_at)} by {a.closed_by ? who(a.closed_by) : 'the system'}
                </dd>
                <dt>Note</dt>
                <dd data-testid="alert-note">{a.note}</dd>
              </>
            ) : null}
          </dl>
          <h3>Evidence</h3>
          <Table
            label="Evidence timeline"
            rows={evidenceTimeline(a.evidence)}
            empty="The alert carries no orders or trades."
            columns={[
              ['Time', (e) => when(e.at)],
              [
                'Event',
                (e) =>
                  e.kind === 'trade'
                    ? selfTrade(e)
                      ? 'trade with itself'
                      : 'trade'
                    : `${e.side} order ${e.kind}`,
              ],
              ['Price', (e) => e.price ?? 'market'],
              ['Quantity', (e) => e.quantity],
              [
                'Who',
                (e) =>
                  e.kind === 'trade' ? (
                    <>
                      buyer {e.buyer_id ? who(e.buyer_id) : '—'}, seller{' '}
                      {e.seller_id ? who(e.seller_id) : '—'}
                    </>
                  ) : e.user_id ? (
                    who(e.user_id)
                  ) : (
                    '—'
                  ),
              ],
              [
                'Detail',
                (e) =>
                  e.restedMs !== undefined
                    ? `on the book ${duration(e.restedMs)}, ${e.filled} of ${e.quantity} filled`
                    : '',
              ],
              ['Id', (e) => <code>{e.ref}</code>],
            ]}
          />
          {a.status === 'open' ? (
            <ActionForm
              label="Close alert"
              submit="Close alert"
              done="Closed."
              onSubmit={async (v) => {
                await ok(
                  trading.POST('/api/v1/admin/surveillance/alerts/{id}/close', {
                    params: { path: { id: a.id } },
                    body: { note: v.note ?? '' },
                  }),
                );
                alert.reload();
                onClosed();
              }}
            >
              <Field label="Note (what you found)" name="note" required />
            </ActionForm>
          ) : null}
        </article>
      )}
    </Loaded>
  );
}

export function AdminSurveillance() {
  const [filter, setFilter] = useState<AlertFilter>({ status: 'open' });
  const pages = usePages();
  const [open, setOpen] = useState<string>();
  const { tokens, symbol } = useTokenSymbols();
  const cursor = pages.cursor;
  const alerts = useLoad(
    () =>
      ok(
        trading.GET('/api/v1/admin/surveillance/alerts', {
          params: { query: alertsQuery(filter, cursor) },
        }),
      ),
    [JSON.stringify(filter), cursor],
  );
  const person = useUserRefs(alerts.data?.data.flatMap((a) => idsIn(a.summary)) ?? []);
  return (
    <section>
      <h1>Surveillance alerts</h1>
      <FilterForm
        label="Filter alerts"
        onFilter={(values) => {
          pages.reset();
          setFilter(values);
        }}
      >
        <Select
          label="Status"
          name="status"
          options={[['', 'any'], 'open', 'closed']}
          value={filter.status}
        />
        <Select
          label="Token"
          name="token_id"
          options={[['', 'any'], ...tokens.map((t): [string, string] => [t.id, t.symbol])]}
        />
        <Select
          label="Rule"
          name="rule"
          options={[['', 'any'], ...alertRules.map((r): [string, string] => [r, label(r)])]}
        />
      </FilterForm>
      <Loaded state={alerts}>
        {(page) => (
          <>
            <Table
              label="Alerts"
              rows={page.data}
              empty="No alerts match."
              columns={[
                ['Detected', (a) => when(a.detected_at)],
                ['Token', (a) => symbol(a.token_id)],
                ['Rule', (a) => label(a.rule)],
                ['Summary', (a) => withNames(a.summary, (id) => person(id)?.email)],
                ['Status', (a) => a.status],
                [
                  '',
                  (a) => (
                    <button type="button" class="secondary" onClick={() => setOpen(a.id)}>
                      Evidence of {label(a.rule)} alert {a.id.slice(0, 8)}
                    </button>
                  ),
                ],
              ]}
            />
            {pages.controls(page.next_cursor)}
          </>
        )}
      </Loaded>
      {open ? <AlertDetail key={open} id={open} onClosed={alerts.reload} symbol={symbol} /> : null}
      <SurveillanceThresholds tokens={tokens} />
    </section>
  );
}
