/**
 * Staff: each traded token's trading session (docs/auctions.md, "Sessions"): its market model,
 * time zone, weekly hours, holiday calendar and call lengths, changed with a reason (audited);
 * and the holiday calendars tokens share, each created or replaced with its dates and a reason.
 */
import { ok, platform, trading } from '../api.js';
import type { CalendarView, SessionView } from '../trading-types.js';
import type { Token } from '../types.js';
import {
  ActionForm,
  Field,
  Loaded,
  Select,
  useLoad,
  when,
  wholeNumber,
  type FormValues,
} from '../ui.js';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const models: [SessionView['market_model'], string][] = [
  ['continuous', 'Continuous (no calls)'],
  ['continuous_with_auctions', 'Continuous with opening and closing calls'],
  ['periodic_auction', 'Periodic call auctions only'],
];

/** The weekly hours the form holds: a weekday with both times set opens, others stay closed. */
function hoursOf(v: FormValues): SessionView['hours'] {
  return weekdays.flatMap((_, i) => {
    const opens = v[`opens_${i + 1}`];
    const closes = v[`closes_${i + 1}`];
    return opens && closes ? [{ weekday: i + 1, opens, closes }] : [];
  });
}

function TokenSession({ token, calendars }: { token: Token; calendars: CalendarView[] }) {
  const path = '/api/v1/admin/tokens/{id}/trading-session';
  const params = { path: { id: token.id } };
  const session = useLoad(() => ok(trading.GET(path, { params })), [token.id]);
  return (
    <article class="card" aria-label={`Session of ${token.symbol}`}>
      <h2>
        <a href={`#/trade/${token.id}`}>{token.symbol}</a>
      </h2>
      <Loaded state={session}>
        {(s) => (
          <ActionForm
            label={`Trading session of ${token.symbol}`}
            keep
            submit="Save the session"
            done="Saved."
            onSubmit={async (v) => {
              await ok(
                trading.PUT(path, {
                  params,
                  // whole numbers as typed when not, so the API's refusal names the field
                  body: {
                    market_model: v.market_model as SessionView['market_model'],
                    time_zone: v.time_zone ?? '',
                    hours: hoursOf(v),
                    calendar: v.calendar || null,
                    opening_call_seconds: wholeNumber(v.opening_call_seconds) as number,
                    closing_call_seconds: wholeNumber(v.closing_call_seconds) as number,
                    call_seconds: wholeNumber(v.call_seconds) as number,
                    random_end_seconds: wholeNumber(v.random_end_seconds) as number,
                    reason: v.reason ?? '',
                  },
                }),
              );
              session.reload();
            }}
          >
            <Select
              label="Market model"
              name="market_model"
              options={models}
              value={s.market_model}
            />
            <Field label="Time zone (IANA)" name="time_zone" value={s.time_zone} required />
            <fieldset>
              <legend>
                Weekly hours (local; leave a day empty to stay closed, all empty: around the clock)
              </legend>
              {weekdays.map((day, i) => {
                const hours = s.hours.find((h) => h.weekday === i + 1);
                return (
                  <div class="filters" key={day}>
                    <Field
                      label={`${day} opens`}
                      name={`opens_${i + 1}`}
                      placeholder="HH:MM"
                      value={hours?.opens ?? ''}
                    />
                    <Field
                      label={`${day} closes`}
                      name={`closes_${i + 1}`}
                      placeholder="HH:MM"
                      value={hours?.closes ?? ''}
                    />
                  </div>
                );
              })}
            </fieldset>
            <Select
              label="Holiday calendar"
              name="calendar"
              placeholder="None"
              options={calendars.map((c) => [c.code, `${c.name} (${c.code})`])}
              value={s.calendar ?? ''}
            />
            <Field
              label="Opening call (seconds)"
              name="opening_call_seconds"
              inputmode="numeric"
              value={String(s.opening_call_seconds)}
              required
            />
            <Field
              label="Closing call (seconds)"
              name="closing_call_seconds"
              inputmode="numeric"
              value={String(s.closing_call_seconds)}
              required
            />
            <Field
              label="Periodic call (seconds)"
              name="call_seconds"
              inputmode="numeric"
              value={String(s.call_seconds)}
              required
            />
            <Field
              label="Random end window (seconds)"
              name="random_end_seconds"
              inputmode="numeric"
              value={String(s.random_end_seconds)}
              required
            />
            <Field label="Reason for the change" name="reason" required />
          </ActionForm>
        )}
      </Loaded>
    </article>
  );
}

/** One holiday a line: `YYYY-MM-DD name`. */
function holidaysOf(text: string): CalendarView['holidays'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [date = '', ...name] = line.split(/\s+/);
      return { date, name: name.join(' ') || date };
    });
}

function CalendarForm(props: { calendar?: CalendarView; onDone: () => void }) {
  const { calendar } = props;
  return (
    <ActionForm
      label={calendar ? `Holiday calendar ${calendar.code}` : 'New holiday calendar'}
      keep={calendar !== undefined}
      submit={calendar ? `Save ${calendar.code}` : 'Create the calendar'}
      done="Saved."
      onSubmit={async (v) => {
        const code = calendar?.code ?? v.code ?? '';
        await ok(
          trading.PUT('/api/v1/admin/trading-calendars/{code}', {
            params: { path: { code } },
            body: {
              name: v.name ?? '',
              holidays: holidaysOf(v.holidays ?? ''),
              reason: v.reason ?? '',
            },
          }),
        );
        props.onDone();
      }}
    >
      {calendar ? null : <Field label="Code" name="code" placeholder="xetra" required />}
      <Field label="Name" name="name" value={calendar?.name} required />
      <label class="field">
        <span>Holidays, one a line: YYYY-MM-DD name</span>
        <textarea
          name="holidays"
          rows={6}
          defaultValue={calendar?.holidays.map((h) => `${h.date} ${h.name}`).join('\n') ?? ''}
        />
      </label>
      <Field label="Reason for the change" name="reason" required />
    </ActionForm>
  );
}

export function AdminSessions() {
  const tokens = useLoad(() =>
    ok(platform.GET('/api/v1/tokens', { params: { query: { limit: 100 } } })),
  );
  const calendars = useLoad(() => ok(trading.GET('/api/v1/admin/trading-calendars')));
  return (
    <section>
      <h1>Trading sessions</h1>
      <h2>Holiday calendars</h2>
      <Loaded state={calendars}>
        {(list) => (
          <>
            {list.data.map((c) => (
              <details key={c.code}>
                <summary>
                  {c.name} ({c.code}) · {c.holidays.length} holidays · changed {when(c.updated_at)}
                </summary>
                <CalendarForm calendar={c} onDone={calendars.reload} />
              </details>
            ))}
            <details>
              <summary>New calendar</summary>
              <CalendarForm onDone={calendars.reload} />
            </details>
          </>
        )}
      </Loaded>
      <h2>Sessions of the traded tokens</h2>
      <Loaded state={tokens}>
        {(page) => {
          const traded = page.data.filter((t) => t.status === 'secondary' || t.status === 'paused');
          if (traded.length === 0) return <p class="muted">No token is traded yet.</p>;
          return (
            <>
              {traded.map((t) => (
                <TokenSession key={t.id} token={t} calendars={calendars.data?.data ?? []} />
              ))}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
