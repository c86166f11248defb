/**
 * Shareholder votes (docs/corporate-actions.md "Shareholder votes"). The issuer, per token:
 * propose a meeting and follow it to its result. Staff: the meetings awaiting a decision, approve
 * or reject (four eyes), and a meeting's ballots. A holder of record: their meetings on the
 * portfolio, and on a meeting's page their votes, split across choices, until the close. Everyone
 * who may see a meeting: its result with turnout and quorum, and the CSV and PDF downloads.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { download, ok, platform } from '../api.js';
import { useMe } from '../app.js';
import type { Meeting, Vote } from '../types.js';
import {
  ActionButton,
  ActionForm,
  ErrorNote,
  Field,
  Loaded,
  Notice,
  Select,
  StatusPicker,
  Table,
  label,
  useLoad,
  when,
} from '../ui.js';
import { useWorkReload } from '../work.js';

type Majority = Meeting['resolutions'][number]['majority'];
const majorities: [Majority, string][] = [
  ['simple', 'simple majority (more than half)'],
  ['two_thirds', 'two thirds'],
  ['three_quarters', 'three quarters'],
];

/** Where a meeting stands, in words. */
function standing(m: Meeting): string {
  if (m.status === 'proposed') return 'awaits approval by staff';
  if (m.status === 'rejected') return `rejected${m.decision_note ? `: ${m.decision_note}` : ''}`;
  if (m.status === 'closed') return 'closed: result published';
  switch (m.voting) {
    case 'counting':
      return `holders counted at the record date, ${when(m.record_date)}`;
    case 'not_open':
      return `voting opens ${when(m.opens_at)}`;
    case 'open':
      return `voting open until ${when(m.closes_at)}`;
    case 'closed':
    case null:
      return 'voting closed: the result is being counted';
  }
}

/** `datetime-local` to the API's ISO time. */
const iso = (text: string | undefined) => (text ? new Date(text).toISOString() : '');

function Result({ m }: { m: Meeting }) {
  const [failure, setFailure] = useState<unknown>();
  const r = m.result;
  if (!r) return null;
  const save = (extension: 'csv' | 'pdf') => {
    setFailure(undefined);
    download(
      `/api/v1/meetings/${m.id}/results.${extension}`,
      `meeting-${m.symbol}.${extension}`,
    ).catch(setFailure);
  };
  return (
    <section aria-label="Result">
      <h2>Result</h2>
      <p data-testid="meeting-turnout">
        {r.represented_units} of {r.eligible_units} votes represented ({r.turnout_pct}%); quorum{' '}
        {r.quorum_pct}%: {r.quorum_met ? 'met' : 'not met'}.
      </p>
      <p>
        <button type="button" onClick={() => save('csv')}>
          Download CSV
        </button>{' '}
        <button type="button" onClick={() => save('pdf')}>
          Download PDF
        </button>
      </p>
      {failure ? <ErrorNote error={failure} /> : null}
      {r.resolutions.map((res, i) => (
        <article class="card" key={res.resolution_id}>
          <h3>
            {i + 1}. {res.title}{' '}
            <span class="badge" data-testid="resolution-verdict">
              {res.passed ? 'passed' : 'not passed'}
            </span>
          </h3>
          <p class="muted">
            Needs {label(res.majority)} of the votes for and against; {res.votes_cast} votes cast (
            {res.turnout_pct}% of the eligible).
          </p>
          <Table
            label={`Votes on resolution ${i + 1}`}
            rows={res.choices}
            empty="No choices."
            columns={[
              ['Choice', (c) => c.label],
              ['Counts as', (c) => c.effect],
              ['Votes', (c) => c.units],
              ['% of cast', (c) => c.pct_of_cast],
            ]}
          />
        </article>
      ))}
    </section>
  );
}

/** The holder's ballot: units per choice of each resolution, up to their weight on each. */
function BallotForm({ m, done }: { m: Meeting; done: () => void }) {
  const holder = m.holder!;
  const given = (resolutionId: string, choice: number) =>
    holder.votes.find((v) => v.resolution_id === resolutionId && v.choice === choice)?.units ?? '';
  return (
    <ActionForm
      label="Your votes"
      submit={holder.voted_at ? 'Change my votes' : 'Cast my votes'}
      done="Your votes are recorded; you may change them until voting closes."
      keep
      onSubmit={async (values) => {
        const votes = m.resolutions.flatMap((r) =>
          r.choices.flatMap((_, choice) => {
            const units = values[`${r.id}:${choice}`];
            return units && units !== '0'
              ? [{ resolution_id: r.id, choice, units: Number(units) }]
              : [];
          }),
        );
        await ok(
          platform.PUT('/api/v1/meetings/{id}/ballot', {
            params: { path: { id: m.id } },
            body: { votes },
          }),
        );
        done();
      }}
    >
      <p class="muted">
        You have {holder.weight} votes on each resolution: your holding at the record date. Give
        them all to one choice, split them, or leave some uncast.
      </p>
      {m.resolutions.map((r, i) => (
        <fieldset key={r.id}>
          <legend>
            {i + 1}. {r.title} ({label(r.majority)})
          </legend>
          {r.choices.map((c, choice) => (
            <Field
              key={choice}
              label={`${c.label}: votes on resolution ${i + 1}`}
              name={`${r.id}:${choice}`}
              inputmode="numeric"
              value={given(r.id, choice)}
            />
          ))}
        </fieldset>
      ))}
    </ActionForm>
  );
}

/** Staff: every holder of record with their weight and votes. */
function Ballots({ m }: { m: Meeting }) {
  const ballots = useLoad(
    () =>
      ok(platform.GET('/api/v1/admin/meetings/{id}/ballots', { params: { path: { id: m.id } } })),
    [m.id],
  );
  const choiceOf = (v: Vote) => {
    const r = m.resolutions.findIndex((x) => x.id === v.resolution_id);
    return `${r + 1}. ${m.resolutions[r]?.choices[v.choice]?.label ?? v.choice}: ${v.units}`;
  };
  return (
    <Loaded state={ballots}>
      {(page) => (
        <Table
          label="Ballots"
          rows={page.data}
          empty="No holders of record yet."
          columns={[
            ['Holder', (b) => <a href={`#/admin/users/${b.user_id}`}>{b.email ?? b.user_id}</a>],
            ['Weight', (b) => b.weight],
            ['Voted', (b) => when(b.voted_at)],
            ['Votes', (b) => (b.votes.length ? b.votes.map(choiceOf).join('; ') : '—')],
          ]}
        />
      )}
    </Loaded>
  );
}

/** One meeting: its terms, where it stands, the holder's ballot while open, the result. */
export function MeetingPage({ id }: { id: string }) {
  const { me } = useMe();
  const staff = me.role === 'staff' || me.role === 'admin';
  const meeting = useLoad(
    () => ok(platform.GET('/api/v1/meetings/{id}', { params: { path: { id } } })),
    [id],
  );
  const [showBallots, setShowBallots] = useState(false);
  return (
    <section>
      <Loaded state={meeting}>
        {(m) => (
          <>
            <h1>
              {m.symbol}: {m.title}
            </h1>
            <p data-testid="meeting-standing">{standing(m)}</p>
            <dl class="facts">
              <dt>Record date (holders counted)</dt>
              <dd>{when(m.record_date)}</dd>
              <dt>Voting</dt>
              <dd>
                {when(m.opens_at)} to {when(m.closes_at)}
              </dd>
              <dt>Quorum</dt>
              <dd>{m.quorum_pct}% of the eligible votes</dd>
              <dt>Holders of record</dt>
              <dd>
                {m.holder_count} holding {m.eligible_units} votes
              </dd>
              {m.holder ? (
                <>
                  <dt>Your votes on each resolution</dt>
                  <dd data-testid="meeting-weight">{m.holder.weight}</dd>
                </>
              ) : null}
            </dl>
            {m.holder && m.voting === 'open' ? (
              <BallotForm m={m} done={meeting.reload} />
            ) : (
              <ol>
                {m.resolutions.map((r) => (
                  <li key={r.id}>
                    {r.title} ({label(r.majority)}; {r.choices.map((c) => c.label).join(', ')})
                  </li>
                ))}
              </ol>
            )}
            <Result m={m} />
            {staff ? (
              <>
                <button
                  type="button"
                  aria-expanded={showBallots}
                  onClick={() => setShowBallots(!showBallots)}
                >
                  {showBallots ? 'Hide ballots' : 'Ballots'}
                </button>
                {showBallots ? <Ballots m={m} /> : null}
              </>
            ) : null}
          </>
        )}
      </Loaded>
    </section>
  );
}

function MeetingsTable(props: { rows: Meeting[]; decide?: (m: Meeting) => ComponentChildren }) {
  return (
    <Table
      label="Meetings"
      rows={props.rows}
      empty="No meetings."
      columns={[
        ['Token', (m) => m.symbol],
        ['Meeting', (m) => <a href={`#/meetings/${m.id}`}>{m.title}</a>],
        ['Record date', (m) => when(m.record_date)],
        ['Closes', (m) => when(m.closes_at)],
        ['Status', (m) => <span data-testid="meeting-status">{standing(m)}</span>],
        ...(props.decide
          ? [['', props.decide] as [string, (m: Meeting) => ComponentChildren]]
          : []),
      ]}
    />
  );
}

/** The issuer's meetings of one token: propose, then follow each. */
export function TokenMeetings({ id }: { id: string }) {
  const token = useLoad(
    () => ok(platform.GET('/api/v1/tokens/{id}', { params: { path: { id } } })),
    [id],
  );
  const list = useLoad(
    () => ok(platform.GET('/api/v1/meetings', { params: { query: { token_id: id, limit: 100 } } })),
    [id],
  );
  return (
    <section>
      <Loaded state={token}>
        {(t) => (
          <>
            <h1>Meetings of {t.symbol}</h1>
            <p>
              <a href="#/issuer">Back to businesses and tokens</a>
            </p>
            <h2>Propose a meeting</h2>
            <p class="muted">
              The holders are counted at the record date: each votes what they held then, your own
              units excepted. Staff approve the meeting; the holders are told and vote in the
              window; the result is published when it closes. Votes stay secret until then.
            </p>
            <ActionForm
              label="Propose a meeting"
              submit="Propose"
              done="Proposed: staff will approve or reject it."
              onSubmit={async (v) => {
                const resolutions = [1, 2, 3].flatMap((n) => {
                  const title = v[`resolution_${n}`];
                  // the select offers only the majorities above
                  const majority = v[`majority_${n}`] as Majority;
                  return title ? [{ title, majority }] : [];
                });
                await ok(
                  platform.POST('/api/v1/meetings', {
                    body: {
                      token_id: t.id,
                      title: v.title ?? '',
                      record_date: iso(v.record_date),
                      opens_at: iso(v.opens_at),
                      closes_at: iso(v.closes_at),
                      quorum_pct: v.quorum_pct ?? '',
                      resolutions,
                    },
                  }),
                );
                list.reload();
              }}
            >
              <Field label="Title" name="title" required />
              <Field
                label="Record date"
                name="record_date"
                type="datetime-local"
                step="1"
                required
              />
              <Field label="Voting opens" name="opens_at" type="datetime-local" step="1" required />
              <Field
                label="Voting closes"
                name="closes_at"
                type="datetime-local"
                step="1"
                required
              />
              <Field
                label="Quorum % of the votes"
                name="quorum_pct"
                value="50"
                inputmode="decimal"
                required
              />
              {[1, 2, 3].map((n) => (
                <fieldset key={n}>
                  <legend>
                    Resolution {n}
                    {n > 1 ? ' (optional)' : ''}: for, against, abstain
                  </legend>
                  <Field label={`Resolution ${n}`} name={`resolution_${n}`} required={n === 1} />
                  <Select
                    label={`Majority of resolution ${n}`}
                    name={`majority_${n}`}
                    options={majorities}
                  />
                </fieldset>
              ))}
            </ActionForm>
            <h2>Meetings</h2>
            <Loaded state={list}>{(page) => <MeetingsTable rows={page.data} />}</Loaded>
          </>
        )}
      </Loaded>
    </section>
  );
}

function Decision({ m, done }: { m: Meeting; done: (text: string) => void }) {
  const { me } = useMe();
  if (m.status !== 'proposed') return null;
  if (m.proposed_by === me.id) return <span class="muted">awaits another member of staff</span>;
  const decide = (decision: 'approve' | 'reject') => async () => {
    await ok(
      platform.POST('/api/v1/admin/meetings/{id}/decision', {
        params: { path: { id: m.id } },
        body: { decision },
      }),
    );
    done(
      `${decision === 'approve' ? 'Approved' : 'Rejected'} the ${m.symbol} meeting "${m.title}".`,
    );
  };
  return (
    <>
      <ActionButton
        kind="primary"
        label={`Approve ${m.symbol} meeting`}
        onClick={decide('approve')}
      />
      <ActionButton kind="danger" label={`Reject ${m.symbol} meeting`} onClick={decide('reject')} />
    </>
  );
}

/** Staff: meetings by status (proposed first); approve or reject. */
export function AdminMeetings() {
  const [status, setStatus] = useState('proposed');
  const [notice, setNotice] = useState<string>();
  const reloadWork = useWorkReload();
  const list = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/admin/meetings', {
          // the picker offers only the statuses of a meeting (or all)
          params: {
            query: { limit: 100, ...(status ? { status: status as Meeting['status'] } : {}) },
          },
        }),
      ),
    [status],
  );
  return (
    <section>
      <h1>Meetings</h1>
      <StatusPicker
        label="Status"
        value={status}
        options={['proposed', 'approved', 'rejected', 'closed']}
        all
        onChange={setStatus}
      />
      <Notice text={notice} />
      <Loaded state={list}>
        {(page) => (
          <MeetingsTable
            rows={page.data}
            decide={(m) => (
              <Decision
                m={m}
                done={(text) => {
                  setNotice(text);
                  list.reload();
                  reloadWork();
                }}
              />
            )}
          />
        )}
      </Loaded>
    </section>
  );
}

/** The holder's meetings, on the portfolio: each with their weight and where it stands. */
export function HolderMeetings() {
  const mine = useLoad(() => ok(platform.GET('/api/v1/me/meetings')), []);
  return (
    <>
      <h2>Shareholder votes</h2>
      <Loaded state={mine}>
        {(page) => (
          <Table
            label="Shareholder votes"
            rows={page.data}
            empty="No meetings of your tokens."
            columns={[
              ['Token', (m) => m.symbol],
              ['Meeting', (m) => <a href={`#/meetings/${m.id}`}>{m.title}</a>],
              ['Your votes', (m) => m.holder?.weight ?? '—'],
              ['Voted', (m) => (m.holder?.voted_at ? when(m.holder.voted_at) : 'not yet')],
              ['Status', (m) => standing(m)],
            ]}
          />
        )}
      </Loaded>
    </>
  );
}
