/**
 * Staff's order audit trail (docs/reports.md): a range picker, the first events of the range in
 * order with their token, refused ones included, an amend with its values before and after, and
 * the whole range as CSV.
 */
import { useState } from 'preact/hooks';
import { download, ok, platform } from '../api.js';
import { ErrorNote, Loaded, Person, Table, useLoad } from '../ui.js';
import { useUserRefs } from '../user-refs.js';

/** A value after the event, with what it was before an amend that changed it. */
const changed = (before: string | null, after: string | null) =>
  before !== null && before !== after ? `${before} → ${after ?? '—'}` : (after ?? '—');

const DAY_MS = 86_400_000;
/** `datetime-local` shows local time without a zone; the API takes an instant. */
const localInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

export function AdminOrderAudit() {
  const [range, setRange] = useState(() => {
    const to = new Date();
    return { from: new Date(to.getTime() - DAY_MS).toISOString(), to: to.toISOString() };
  });
  const [failure, setFailure] = useState<unknown>(undefined);
  const query = `from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;
  const events = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/admin/order-events', {
          params: { query: { from: range.from, to: range.to, limit: 100 } },
        }),
      ),
    [query],
  );
  const person = useUserRefs(events.data?.data.map((e) => e.user_id) ?? []);
  const tokens = useLoad(() =>
    ok(platform.GET('/api/v1/tokens', { params: { query: { limit: 100 } } })),
  );
  const symbol = (id: string | null) =>
    id === null ? '—' : (tokens.data?.data.find((t) => t.id === id)?.symbol ?? id);
  return (
    <section>
      <h1>Order audit trail</h1>
      <p>
        Every order event in the range, in the order it happened: each status change and every
        refused order, amend and cancel with its code. The CSV holds the whole range (at most 31
        days).
      </p>
      <form
        aria-label="Audit range"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const instant = (name: string) => new Date(form.get(name) as string).toISOString();
          setFailure(undefined);
          setRange({ from: instant('from'), to: instant('to') });
        }}
      >
        <label>
          From{' '}
          <input
            type="datetime-local"
            name="from"
            required
            value={localInput(new Date(range.from))}
          />
        </label>{' '}
        <label>
          To{' '}
          <input type="datetime-local" name="to" required value={localInput(new Date(range.to))} />
        </label>{' '}
        <button type="submit">Show</button>{' '}
        <button
          type="button"
          onClick={() => {
            setFailure(undefined);
            download(`/api/v1/admin/order-events.csv?${query}`, 'order-events.csv').catch(
              setFailure,
            );
          }}
        >
          Download CSV
        </button>
      </form>
      {failure ? <ErrorNote error={failure} /> : null}
      <Loaded state={events}>
        {(page) => (
          <>
            <Table
              label="Order events"
              rows={page.data}
              empty="No order event in this range."
              columns={[
                ['Time (UTC)', (e) => <code>{e.event_time}</code>],
                ['Event', (e) => e.event],
                ['Outcome', (e) => e.outcome ?? '—'],
                // ids are UUIDv7: their head is the time, their tail tells orders apart
                [
                  'Order',
                  (e) => (
                    <code title={e.order_id ?? undefined}>{e.order_id?.slice(-8) ?? '—'}</code>
                  ),
                ],
                ['User', (e) => <Person id={e.user_id} user={person(e.user_id)} />],
                ['Token', (e) => symbol(e.token_id)],
                ['Side', (e) => e.side ?? '—'],
                ['Type', (e) => e.order_type ?? '—'],
                ['Price', (e) => changed(e.previous_price, e.price)],
                ['Quantity', (e) => changed(e.previous_quantity, e.quantity)],
                ['Book seq', (e) => e.book_sequence ?? '—'],
              ]}
            />
            {page.next_cursor ? (
              <p>The first 100 events are shown; the CSV holds them all.</p>
            ) : null}
          </>
        )}
      </Loaded>
    </section>
  );
}
