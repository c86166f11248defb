/**
 * Dividends (docs/dividends.md). The issuer, per token: declare (a draft with the holder
 * snapshot), submit for approval or cancel, and follow each declaration to its payments. Staff:
 * by default every declaration waiting for them (to approve, to distribute, or with a failed
 * payment), or any status; approve, start the distribution, cancel, and send a failed payment or
 * a token dividend's failed on-chain transfers back. Each move is answered with what it did.
 */
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
import { useTokenSymbols } from '../token-symbols.js';
import type { Dividend, DividendPayment, PostBody } from '../types.js';
import {
  ActionButton,
  ActionForm,
  ConfirmButton,
  Field,
  Loaded,
  Notice,
  Person,
  Select,
  StatusPicker,
  Table,
  label,
  useLoad,
  usd,
  when,
  wholeNumber,
} from '../ui.js';
import { useWorkReload } from '../work.js';

const statuses = [
  'waiting',
  'draft',
  'pending_approval',
  'approved',
  'distributing',
  'distributed',
  'cancelled',
] as const;

/** What a declaration pays per token held: USD, or tokens for a token dividend. */
const perToken = (d: Dividend) =>
  d.dividend_type === 'token' ? `${d.per_token_qty} token(s)` : usd(d.per_token_usd ?? '0');

/** Where a declaration stands in time, in words; nothing once that is no longer news. */
function schedule(d: Dividend): string | undefined {
  if (d.status === 'cancelled' || d.status === 'distributed') return undefined;
  if (!d.snapshot_at) {
    return `Holders are counted at the record date, ${when(d.record_date)}; trading goes on until then. Approval opens once they are counted.`;
  }
  if (new Date(d.payment_date) > new Date()) {
    return d.status === 'distributing'
      ? `The money is held; holders are paid on ${when(d.payment_date)}, not before.`
      : `Holders are paid on ${when(d.payment_date)}, not before.`;
  }
  return undefined;
}

/** `datetime-local` to the API's ISO time; empty stays out of the body (the API's default). */
const isoOrNothing = (text: string | undefined) =>
  text ? new Date(text).toISOString() : undefined;

type Who = 'issuer' | 'staff';
type Move = 'submit' | 'approve' | 'distribute' | 'cancel' | 'retry-chain';

/** A move of a declaration: the issuer submits and cancels its own, staff do the rest. */
function sendMove(who: Who, action: Move, id: string) {
  const params = { params: { path: { id } } };
  switch (action) {
    case 'submit':
      return platform.POST('/api/v1/dividends/{id}/submit', params);
    case 'cancel':
      return who === 'issuer'
        ? platform.POST('/api/v1/dividends/{id}/cancel', params)
        : platform.POST('/api/v1/admin/dividends/{id}/cancel', params);
    case 'approve':
      return platform.POST('/api/v1/admin/dividends/{id}/approve', params);
    case 'distribute':
      return platform.POST('/api/v1/admin/dividends/{id}/distribute', params);
    case 'retry-chain':
      return platform.POST('/api/v1/admin/dividends/{id}/retry-chain', params);
  }
}

function Payments(props: { who: Who; dividend: Dividend; onChange: (notice: string) => void }) {
  const { who, dividend } = props;
  const { me } = useMe();
  const staff = me.role === 'staff' || me.role === 'admin';
  const payments = useLoad((): Promise<{ data: DividendPayment[] }> => {
    const params = { params: { path: { id: dividend.id }, query: { limit: 100 } } };
    return ok(
      who === 'issuer'
        ? platform.GET('/api/v1/dividends/{id}/payments', params)
        : platform.GET('/api/v1/admin/dividends/{id}/payments', params),
    );
  }, [dividend.id]);
  return (
    <Loaded state={payments}>
      {(page) => (
        <Table
          label={`Payments of dividend ${dividend.id}`}
          rows={page.data}
          empty="No payments."
          columns={[
            ['Holder', (p) => <Person id={p.user_id} user={p.user} />],
            ['Held', (p) => p.token_balance],
            [
              'Pays',
              (p) =>
                dividend.dividend_type === 'token' ? `${p.quantity} tokens` : usd(p.net_amount),
            ],
            ['Fee', (p) => usd(p.fee_amount)],
            ['Status', (p) => label(p.status) + (p.failure_reason ? `: ${p.failure_reason}` : '')],
            [
              'On chain',
              (p) =>
                p.chain_status
                  ? label(p.chain_status) + (p.chain_error ? `: ${p.chain_error}` : '')
                  : '—',
            ],
            ['Paid', (p) => when(p.paid_at)],
            [
              '',
              (p) =>
                staff && p.status === 'failed' ? (
                  <ActionButton
                    label="Retry payment"
                    onClick={async () => {
                      await ok(
                        platform.POST('/api/v1/admin/dividend-payments/{id}/retry', {
                          params: { path: { id: p.id } },
                        }),
                      );
                      payments.reload();
                      props.onChange(
                        `The payment to ${p.user?.email ?? p.user_id} is queued again.`,
                      );
                    }}
                  />
                ) : null,
            ],
          ]}
        />
      )}
    </Loaded>
  );
}

/** One declaration's figures, the moves its status allows to `who`, and its payments. */
function DividendCard(props: {
  dividend: Dividend;
  symbol: string;
  who: Who;
  /** after a move: what it did, in a sentence */
  onChange: (notice: string) => void;
}) {
  const { me } = useMe();
  const d = props.dividend;
  const [showPayments, setShowPayments] = useState(false);
  const what = `the ${props.symbol} dividend of ${perToken(d)} per token`;
  const moved: Record<Move, string> = {
    submit: `Submitted ${what} for approval.`,
    approve: `Approved ${what}: ${d.holder_count} holder(s); it waits for its distribution.`,
    distribute: `Started distributing ${what} to ${d.holder_count} holder(s).`,
    cancel: `Cancelled ${what}.`,
    'retry-chain': `Sent the failed transfers of ${what} again.`,
  };
  const move = (action: Move) => async () => {
    await ok(sendMove(props.who, action, d.id));
    props.onChange(moved[action]);
  };
  const admin = me.role === 'admin';
  const counted = d.snapshot_at !== null;
  const told = schedule(d);
  return (
    <article class="card" aria-label={`Dividend of ${props.symbol} declared ${when(d.created_at)}`}>
      <h3>
        {props.symbol}: {perToken(d)} per token, {d.dividend_type}{' '}
        <span class="badge" data-testid="dividend-status">
          {label(d.status)}
        </span>
      </h3>
      {told ? (
        <p class="muted" data-testid="dividend-schedule">
          {told}
        </p>
      ) : null}
      <dl class="facts">
        <dt>Tokens held at the record date</dt>
        <dd>{counted ? d.total_held : 'not counted yet'}</dd>
        {!counted ? null : d.dividend_type === 'token' ? (
          <>
            <dt>Tokens to pay</dt>
            <dd>{d.total_quantity}</dd>
          </>
        ) : (
          <>
            <dt>Gross</dt>
            <dd data-testid="dividend-gross">{usd(d.total_gross_usd)}</dd>
            <dt>Fee ({d.fee_pct}%)</dt>
            <dd>{usd(d.total_fee_usd)}</dd>
            <dt>Net to holders</dt>
            <dd>{usd(d.total_net_usd)}</dd>
            <dt>Held, not yet paid</dt>
            <dd>{usd(d.held_usd)}</dd>
          </>
        )}
        <dt>Holders</dt>
        <dd>{counted ? d.holder_count : 'counted at the record date'}</dd>
        <dt>Record date (holders counted)</dt>
        <dd data-testid="dividend-record-date">{when(d.record_date)}</dd>
        <dt>Ex-date (a buyer from then on is not paid)</dt>
        <dd>{when(d.ex_date)}</dd>
        <dt>Payment date</dt>
        <dd data-testid="dividend-payment-date">{when(d.payment_date)}</dd>
      </dl>
      <div class="actions">
        {props.who === 'issuer' && d.status === 'draft' ? (
          <ActionButton kind="primary" label="Submit for approval" onClick={move('submit')} />
        ) : null}
        {admin && d.status === 'pending_approval' && counted ? (
          <ActionButton
            kind="primary"
            label={`Approve ${props.symbol} dividend`}
            onClick={move('approve')}
          />
        ) : null}
        {admin && d.status === 'approved' ? (
          <ConfirmButton
            label={`Distribute ${props.symbol} dividend`}
            question={`Distribute the ${props.symbol} dividend?`}
            consequence={
              d.dividend_type === 'token'
                ? `${d.total_quantity} ${props.symbol} tokens are transferred to ${d.holder_count} holder(s); transfers cannot be called back.`
                : `${usd(d.total_gross_usd)} is taken from the issuer now: ${usd(d.total_net_usd)} paid to ${d.holder_count} holder(s) and ${usd(d.total_fee_usd)} platform fee. Payments cannot be called back.`
            }
            confirm="Yes, distribute"
            onClick={move('distribute')}
          />
        ) : null}
        {props.who === 'staff' && d.dividend_type === 'token' && d.status !== 'cancelled' ? (
          <ActionButton label="Resend failed transfers" onClick={move('retry-chain')} />
        ) : null}
        {(props.who === 'issuer' && ['draft', 'pending_approval'].includes(d.status)) ||
        (admin && ['draft', 'pending_approval', 'approved'].includes(d.status)) ? (
          <ActionButton kind="danger" label="Cancel dividend" onClick={move('cancel')} />
        ) : null}
        <button
          type="button"
          aria-expanded={showPayments}
          onClick={() => setShowPayments(!showPayments)}
        >
          {showPayments ? 'Hide payments' : 'Payments'}
        </button>
      </div>
      {showPayments ? <Payments who={props.who} dividend={d} onChange={props.onChange} /> : null}
    </article>
  );
}

/** The issuer's dividends of one token: declare, then follow each declaration. */
export function TokenDividends({ id }: { id: string }) {
  const token = useLoad(
    () => ok(platform.GET('/api/v1/tokens/{id}', { params: { path: { id } } })),
    [id],
  );
  const list = useLoad(
    () =>
      ok(platform.GET('/api/v1/dividends', { params: { query: { token_id: id, limit: 100 } } })),
    [id],
  );
  const [notice, setNotice] = useState<string>();
  const changed = (text: string) => {
    setNotice(text);
    list.reload();
  };
  return (
    <section>
      <Loaded state={token}>
        {(t) => (
          <>
            <h1>Dividends of {t.symbol}</h1>
            <p>
              <a href="#/issuer">Back to businesses and tokens</a>
            </p>
            <h2>Declare a dividend</h2>
            <p class="muted">
              The holders are counted at the record date: now if you leave it empty, or a later
              moment (trading goes on until then; the ex-date is the record date, so a buyer after
              it is not paid). Staff approve the dividend once the holders are counted and start the
              payment, which takes the amount from your cash balance; holders are paid on the
              payment date, not before.
            </p>
            <ActionForm
              label="Declare a dividend"
              submit="Declare"
              done="Declared as a draft: check the figures, then submit it for approval."
              onSubmit={async (v) => {
                const tokens = v.dividend_type === 'token';
                await ok(
                  platform.POST('/api/v1/dividends', {
                    body: {
                      token_id: t.id,
                      // the select offers only these three
                      dividend_type:
                        v.dividend_type as PostBody<'/api/v1/dividends'>['dividend_type'],
                      ...(tokens
                        ? // as typed when not a whole number, so the API's refusal names the field
                          { per_token_qty: wholeNumber(v.per_token) as number }
                        : { per_token_usd: v.per_token }),
                      fee_pct: tokens ? '0' : (v.fee_pct ?? ''),
                      record_date: isoOrNothing(v.record_date),
                      payment_date: isoOrNothing(v.payment_date),
                    },
                  }),
                );
                list.reload();
              }}
            >
              <Select
                label="Paid in"
                name="dividend_type"
                options={[
                  ['fiat', 'cash (USD)'],
                  ['stablecoin', 'stablecoin (USDC)'],
                  ['token', `tokens (${t.symbol})`],
                ]}
              />
              <Field
                label="Per token held (USD, or whole tokens)"
                name="per_token"
                inputmode="decimal"
                required
              />
              <Field
                label="Platform fee % (cash and USDC)"
                name="fee_pct"
                value="0"
                inputmode="decimal"
                required
              />
              <Field
                label="Record date (holders counted; default now)"
                name="record_date"
                type="datetime-local"
                step="1"
              />
              <Field
                label="Payment date (on or after the record date; default the record date)"
                name="payment_date"
                type="datetime-local"
                step="1"
              />
            </ActionForm>
            <h2>Declarations</h2>
            <Notice text={notice} />
            <Loaded state={list}>
              {(page) =>
                page.data.length === 0 ? (
                  <p class="muted">No dividends declared for {t.symbol}.</p>
                ) : (
                  <>
                    {page.data.map((d) => (
                      <DividendCard
                        key={d.id}
                        dividend={d}
                        symbol={t.symbol}
                        who="issuer"
                        onChange={changed}
                      />
                    ))}
                  </>
                )
              }
            </Loaded>
          </>
        )}
      </Loaded>
    </section>
  );
}

/** Staff: declarations by status; admins approve, distribute and cancel. */
export function AdminDividends() {
  const [status, setStatus] = useState<string>('waiting');
  const [notice, setNotice] = useState<string>();
  const reloadWork = useWorkReload();
  const { symbol } = useTokenSymbols();
  const list = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/admin/dividends', {
          // the picker offers only these statuses (or all)
          params: {
            query: {
              limit: 100,
              ...(status ? { status: status as (typeof statuses)[number] } : {}),
            },
          },
        }),
      ),
    [status],
  );
  return (
    <section>
      <h1>Dividends</h1>
      <StatusPicker label="Status" value={status} options={statuses} all onChange={setStatus} />
      <Notice text={notice} />
      <Loaded state={list}>
        {(page) =>
          page.data.length === 0 ? (
            <p class="muted">
              {status === 'waiting'
                ? 'No dividends wait for staff.'
                : `No dividends ${status ? label(status) : ''}.`}
            </p>
          ) : (
            <>
              {page.data.map((d) => (
                <DividendCard
                  key={d.id}
                  dividend={d}
                  symbol={symbol(d.token_id)}
                  who="staff"
                  onChange={(text) => {
                    setNotice(text);
                    list.reload();
                    reloadWork();
                  }}
                />
              ))}
            </>
          )
        }
      </Loaded>
    </section>
  );
}
