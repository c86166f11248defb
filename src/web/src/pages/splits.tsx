/**
 * Splits and consolidations (docs/corporate-actions.md). The issuer, per token: propose a ratio
 * and an effective moment, and follow each action. Staff: every action, approve or reject the
 * proposed ones (not their own). While an action runs its progress reloads every two seconds.
 */
import { useEffect, useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import type { Split } from '../types.js';
import {
  ActionButton,
  ActionForm,
  Field,
  Loaded,
  Notice,
  Table,
  label,
  useLoad,
  usd,
  when,
  wholeNumber,
} from '../ui.js';

const running = (s: Split) => ['approved', 'halting', 'scaling'].includes(s.status);

/** Where an action stands, in words. */
function progress(s: Split): string {
  switch (s.status) {
    case 'halting':
      return 'Trading halted; open orders being cancelled';
    case 'scaling':
      return `${s.holders_scaled} of ${s.holder_count} holders scaled, ${s.batches_sent} of ${s.batches} chain batches sent`;
    case 'done':
      return `${s.holder_count} holders scaled; trading resumed`;
    case 'failed':
      return s.error ?? 'failed';
    case 'approved':
      return `Runs at ${when(s.effective_at)}`;
    case 'proposed':
    case 'rejected':
      return '—';
  }
}

/** The actions of a token (every token's without one), reloaded every two seconds while one runs. */
function SplitsTable(props: {
  tokenId?: string;
  staff: boolean;
  onChange: (text: string) => void;
}) {
  const list = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/splits', {
          params: { query: { token_id: props.tokenId, limit: 100 } },
        }),
      ),
    [props.tokenId],
  );
  const busy = list.data?.data.some(running) ?? false;
  useEffect(() => {
    if (!busy) return undefined;
    const timer = setInterval(list.reload, 2000);
    return () => clearInterval(timer);
  }, [busy, list.reload]);
  const decide = (s: Split, decision: 'approve' | 'reject') => async () => {
    await ok(
      platform.POST('/api/v1/admin/splits/{id}/decision', {
        params: { path: { id: s.id } },
        body: { decision },
      }),
    );
    list.reload();
    props.onChange(`The ${s.ratio} ${s.kind} of ${s.symbol} was ${decision}d.`);
  };
  return (
    <Loaded state={list}>
      {(page) => (
        <Table
          label="Splits and consolidations"
          rows={page.data}
          empty="No splits or consolidations."
          columns={[
            ['Token', (s) => s.symbol],
            ['Action', (s) => `${s.ratio} ${s.kind}`],
            ['Effective', (s) => when(s.effective_at)],
            ['Status', (s) => <span data-testid={`split-status-${s.id}`}>{label(s.status)}</span>],
            ['Progress', (s) => progress(s)],
            ['Cash in lieu', (s) => `${usd(s.cash_paid)} of ${usd(s.cash_total)}`],
            ['Reason', (s) => s.reason],
            [
              '',
              (s) =>
                props.staff && s.status === 'proposed' ? (
                  <>
                    <ActionButton kind="primary" label="Approve" onClick={decide(s, 'approve')} />
                    <ActionButton kind="danger" label="Reject" onClick={decide(s, 'reject')} />
                  </>
                ) : null,
            ],
          ]}
        />
      )}
    </Loaded>
  );
}

/** The issuer's splits and consolidations of one token: propose, then follow. */
export function TokenSplits({ id }: { id: string }) {
  const token = useLoad(
    () => ok(platform.GET('/api/v1/tokens/{id}', { params: { path: { id } } })),
    [id],
  );
  const [notice, setNotice] = useState<string>();
  const [version, setVersion] = useState(0);
  return (
    <section>
      <Loaded state={token}>
        {(t) => (
          <>
            <h1>Splits and consolidations of {t.symbol}</h1>
            <p>
              <a href="#/issuer">Back to businesses and tokens</a>
            </p>
            <p class="muted">
              A ratio new:old: 2:1 gives two tokens for every one held, 1:10 one for every ten.
              Staff approve it; at the effective moment trading halts, open orders are cancelled,
              every holder is scaled on chain and fractions of a token are paid in cash from your
              balance at the last trade's price (else the NAV, else the offering price). Trading
              then resumes, through a reopening auction where the token trades with auctions.
            </p>
            <ActionForm
              label="Propose a split or consolidation"
              submit="Propose"
              done="Proposed: staff will approve or reject it."
              onSubmit={async (v) => {
                await ok(
                  platform.POST('/api/v1/splits', {
                    body: {
                      token_id: t.id,
                      // as typed when not a whole number, so the API's refusal names the field
                      ratio_new: wholeNumber(v.ratio_new) as number,
                      ratio_old: wholeNumber(v.ratio_old) as number,
                      effective_at: new Date(v.effective_at ?? '').toISOString(),
                      reason: v.reason ?? '',
                    },
                  }),
                );
                setVersion((n) => n + 1);
              }}
            >
              <Field label="New tokens" name="ratio_new" inputmode="numeric" required />
              <Field label="For old tokens" name="ratio_old" inputmode="numeric" required />
              <Field
                label="Effective moment"
                name="effective_at"
                type="datetime-local"
                step="1"
                required
              />
              <Field label="Reason (e.g. the board's resolution)" name="reason" required />
            </ActionForm>
            <h2>Actions</h2>
            <Notice text={notice} />
            <SplitsTable key={version} tokenId={t.id} staff={false} onChange={setNotice} />
          </>
        )}
      </Loaded>
    </section>
  );
}

/** Staff: every split and consolidation; approve or reject the proposed ones. */
export function AdminSplits() {
  const [notice, setNotice] = useState<string>();
  return (
    <section>
      <h1>Splits and consolidations</h1>
      <p class="muted">
        Approve a proposal you did not make yourself; it runs at its effective moment.
      </p>
      <Notice text={notice} />
      <SplitsTable staff onChange={setNotice} />
    </section>
  );
}
