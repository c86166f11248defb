/**
 * Debt tokens (docs/corporate-actions.md, "Debt tokens"). Everyone who may see the token: its
 * terms, the coupon schedule, the next payment and the interest accrued on one unit today. The
 * issuer asks for an early call; staff approve or reject calls; a holder sees their coupons and
 * redemptions. The order ticket of a debt token shows the accrued interest a trade adds to the
 * clean price, computed here with the platform's own arithmetic (src/lib/debt), today (UTC).
 */
import Decimal from 'decimal.js';
import type { ComponentChildren } from 'preact';
import {
  accruedInterest,
  accruedLockPerUnit,
  dayOf,
  type DebtTerms,
} from '../../../lib/debt/debt-schedule.math.js';
import { ApiError, ok, platform } from '../api.js';
import { useMe } from '../app.js';
import type { DebtBurnFailure, DebtCallView, DebtSchedule, HolderDebtPayment } from '../types.js';
import {
  ActionButton,
  ActionForm,
  ConfirmButton,
  Field,
  Loaded,
  Table,
  label,
  useLoad,
  usd,
  when,
} from '../ui.js';
import { useWorkReload } from '../work.js';

const frequencyLabel: Record<DebtSchedule['terms']['frequency'], string> = {
  annual: 'annual',
  semi_annual: 'semi-annual',
  quarterly: 'quarterly',
  monthly: 'monthly',
};
const dayCountLabel: Record<DebtSchedule['terms']['day_count'], string> = {
  '30_360': '30/360 (Bond Basis)',
  act_365: 'Actual/365 Fixed',
  act_act: 'Actual/Actual ICMA',
};

export function termsOf(schedule: DebtSchedule): DebtTerms {
  const t = schedule.terms;
  return {
    faceValue: t.face_value,
    couponRatePct: t.coupon_rate_pct,
    frequency: t.frequency,
    dayCount: t.day_count,
    firstCouponDate: t.first_coupon_date,
    maturityDate: t.maturity_date,
    recordDays: t.record_days,
  };
}

/** A token's debt schedule; null for a token that is not debt (404). */
export function useDebtSchedule(tokenId: string) {
  return useLoad(
    () =>
      ok(
        platform.GET('/api/v1/tokens/{token_id}/debt', {
          params: { path: { token_id: tokenId } },
        }),
      ).catch((error: unknown) => {
        if (error instanceof ApiError && error.problem.status === 404) return null;
        throw error;
      }),
    [tokenId],
  );
}

/** The next payment still to come: its date, what it pays per unit, and its record date. */
export function nextPayment(schedule: DebtSchedule, today: string) {
  return schedule.payments.find(
    (p) => p.status !== 'cancelled' && p.status !== 'paid' && p.payment_date >= today,
  );
}

/**
 * The order ticket's note for a debt token: the clean total (the book's price), the interest
 * accrued today on the quantity, and the dirty total the buyer pays or the seller receives.
 */
export function AccruedInterestNote(props: {
  schedule: DebtSchedule;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
}) {
  const terms = termsOf(props.schedule);
  const today = dayOf(new Date());
  const whole = /^\d+$/.test(props.quantity) ? Number(props.quantity) : undefined;
  const accrued = whole === undefined ? undefined : accruedInterest(terms, today, whole);
  const clean =
    whole !== undefined && /^\d+(\.\d+)?$/.test(props.price)
      ? new Decimal(props.price).times(whole)
      : undefined;
  const lock = accruedLockPerUnit(terms);
  return (
    <div class="muted" data-testid="accrued-interest">
      <p>
        Debt token: the book trades the clean price. Each trade adds the interest accrued since the
        last coupon ({accruedInterest(terms, today, 1)} USD per unit today), which the buyer pays
        and the seller receives.
      </p>
      {accrued !== undefined ? (
        <p data-testid="accrued-figures">
          Accrued interest on {whole}: {accrued} USD
          {clean !== undefined
            ? `; clean ${clean.toFixed(2)} USD, so ${props.side === 'buy' ? 'you pay' : 'you receive, before the fee,'} ${clean.plus(accrued).toFixed(2)} USD in all`
            : ''}
          .
        </p>
      ) : null}
      {props.side === 'buy' ? (
        <p>
          Until it fills a buy order also holds up to {lock} USD per unit for the accrued interest
          (the largest coupon); what the trade does not take comes back at once.
        </p>
      ) : null}
    </div>
  );
}

/** The terms, schedule and calls of a debt token; the issuer's call; the holder's payments. */
export function TokenDebt({ id }: { id: string }) {
  const { me } = useMe();
  const token = useLoad(
    () => ok(platform.GET('/api/v1/tokens/{id}', { params: { path: { id } } })),
    [id],
  );
  const schedule = useDebtSchedule(id);
  const mine = useLoad(
    () =>
      me.role === 'investor' || me.role === 'issuer'
        ? ok(platform.GET('/api/v1/debt-payments')).then((p) =>
            p.data.filter((x) => x.token_id === id),
          )
        : Promise.resolve([]),
    [id, me.role],
  );
  const today = dayOf(new Date());
  return (
    <Loaded state={token}>
      {(t) => (
        <section>
          <h1>Debt terms of {t.symbol}</h1>
          <p>
            <a href={`#/token/${t.id}`}>Back to {t.symbol}</a>
          </p>
          <Loaded state={schedule}>
            {(s) =>
              s === null ? (
                <p>{t.symbol} is not a debt token.</p>
              ) : (
                <>
                  <dl class="facts">
                    <dt>Face value</dt>
                    <dd>{usd(s.terms.face_value)} per unit, repaid at maturity</dd>
                    <dt>Coupon</dt>
                    <dd>
                      {s.terms.coupon_rate_pct} % a year, {frequencyLabel[s.terms.frequency]},{' '}
                      {dayCountLabel[s.terms.day_count]}
                    </dd>
                    <dt>Maturity</dt>
                    <dd>{s.terms.maturity_date}</dd>
                    <dt>Record day</dt>
                    <dd>{s.terms.record_days} business day(s) before each payment</dd>
                    <dt>Accrued interest today</dt>
                    <dd data-testid="accrued-per-unit">
                      {usd(s.accrued_interest_per_unit)} per unit
                    </dd>
                    <dt>Next payment</dt>
                    <dd data-testid="next-payment">{nextPaymentText(s, today)}</dd>
                  </dl>
                  <h2>Coupon schedule</h2>
                  <Table
                    label="Coupon schedule"
                    rows={s.payments}
                    empty="No payments."
                    columns={[
                      ['#', (p) => p.number],
                      ['Kind', (p) => p.kind],
                      ['Interest from', (p) => p.accrual_start],
                      ['Record day', (p) => p.record_date],
                      ['Payment date', (p) => p.payment_date],
                      ['Coupon per unit', (p) => p.coupon_per_unit],
                      ['Principal per unit', (p) => p.principal_per_unit],
                      [
                        'Status',
                        (p) =>
                          label(p.status) +
                          (p.funding_short ? " (the issuer's balance does not cover it yet)" : ''),
                      ],
                    ]}
                  />
                  <h2>Early redemption (call)</h2>
                  <CallsTable calls={s.calls} staff={false} onChange={schedule.reload} />
                  {me.role === 'issuer' && t.status === 'secondary' ? (
                    <ActionForm
                      label="Call the debt early"
                      submit="Ask staff to approve the call"
                      done="Call requested: staff will approve or reject it."
                      onSubmit={async (v) => {
                        await ok(
                          platform.POST('/api/v1/tokens/{token_id}/debt/calls', {
                            params: { path: { token_id: t.id } },
                            body: { call_date: v.call_date ?? '' },
                          }),
                        );
                        schedule.reload();
                      }}
                    >
                      <Field label="Call date" name="call_date" type="date" required />
                      <p class="muted">
                        On the call date every holder of record is repaid the face value plus the
                        interest accrued to that day; the book closes at the end of its record day
                        and the tokens are burned.
                      </p>
                    </ActionForm>
                  ) : null}
                  {me.role === 'investor' || me.role === 'issuer' ? (
                    <>
                      <h2>Your coupons and redemptions</h2>
                      <Loaded state={mine}>{(rows) => <DebtPaymentsTable rows={rows} />}</Loaded>
                    </>
                  ) : null}
                </>
              )
            }
          </Loaded>
        </section>
      )}
    </Loaded>
  );
}

function nextPaymentText(s: DebtSchedule, today: string): string {
  const next = nextPayment(s, today);
  if (!next) return 'none: the debt is repaid';
  const what =
    next.kind === 'redemption'
      ? `${next.principal_per_unit} principal and ${next.coupon_per_unit} coupon per unit`
      : `${next.coupon_per_unit} per unit`;
  return `${next.payment_date}: ${what} (holders of record at the end of ${next.record_date})`;
}

/** A holder's coupons and redemptions (the portfolio lists every token's). */
export function DebtPaymentsTable({ rows }: { rows: HolderDebtPayment[] }) {
  return (
    <Table
      label="Coupons and redemptions"
      rows={rows}
      empty="No coupons or redemptions."
      columns={[
        ['Token', (p) => <a href={`#/debt/${p.token_id}`}>{p.symbol}</a>],
        ['Payment', (p) => `${p.kind} ${p.number}`],
        ['Record day', (p) => p.record_date],
        ['Payment date', (p) => p.payment_date],
        ['Units at record', (p) => (p.units === null ? 'not counted yet' : p.units)],
        ['Amount', (p) => (p.amount === null ? '—' : usd(p.amount))],
        ['Status', (p) => label(p.status)],
      ]}
    />
  );
}

const tokenColumn: [string, (c: DebtCallView) => ComponentChildren] = [
  'Token',
  (c) => <a href={`#/debt/${c.token_id}`}>debt terms</a>,
];

function CallsTable(props: { calls: DebtCallView[]; staff: boolean; onChange: () => void }) {
  const reloadWork = useWorkReload();
  const decide = (c: DebtCallView, action: 'approve' | 'reject') => async () => {
    const params = { params: { path: { id: c.id } } };
    await ok(
      action === 'approve'
        ? platform.POST('/api/v1/admin/debt-calls/{id}/approve', params)
        : platform.POST('/api/v1/admin/debt-calls/{id}/reject', params),
    );
    props.onChange();
    reloadWork();
  };
  return (
    <Table
      label="Calls"
      rows={props.calls}
      empty="No early redemption asked."
      columns={[
        ...(props.staff ? [tokenColumn] : []),
        ['Call date', (c) => c.call_date],
        ['Status', (c) => <span data-testid={`call-status-${c.id}`}>{label(c.status)}</span>],
        ['Asked', (c) => when(c.created_at)],
        [
          '',
          (c) =>
            props.staff && c.status === 'pending_approval' ? (
              <>
                <ActionButton kind="primary" label="Approve" onClick={decide(c, 'approve')} />
                <ActionButton kind="danger" label="Reject" onClick={decide(c, 'reject')} />
              </>
            ) : null,
        ],
      ]}
    />
  );
}

/**
 * Redemptions whose burn on chain failed for good: one member of staff asks for the retry, another
 * approves it (the server refuses the asker's own approval; the button is offered to others only).
 */
function BurnFailuresTable(props: { failures: DebtBurnFailure[]; onChange: () => void }) {
  const { me } = useMe();
  const reloadWork = useWorkReload();
  const act = (f: DebtBurnFailure, action: 'burn-retry' | 'burn-retry/approve') => async () => {
    const params = { params: { path: { id: f.payment_id } } };
    await ok(
      action === 'burn-retry'
        ? platform.POST('/api/v1/admin/debt-payments/{id}/burn-retry', params)
        : platform.POST('/api/v1/admin/debt-payments/{id}/burn-retry/approve', params),
    );
    props.onChange();
    reloadWork();
  };
  return (
    <Table
      label="Failed burns"
      rows={props.failures}
      empty="No redemption's burn has failed."
      columns={[
        ['Token', (f) => <a href={`#/debt/${f.token_id}`}>{f.symbol}</a>],
        ['Payment', (f) => <span title={f.payment_id}>redemption of {f.payment_date}</span>],
        ['Failed', (f) => (f.alerted_at ? when(f.alerted_at) : '—')],
        ['Batches failed', (f) => f.failed_batches],
        ['Last refusal', (f) => f.error ?? '—'],
        [
          'Retry asked by',
          (f) =>
            f.retry_requested_by ? (
              <span data-testid={`burn-retry-${f.payment_id}`}>
                {f.retry_requested_by === me.id ? 'you' : 'another member of staff'}
                {f.retry_requested_at ? `, ${when(f.retry_requested_at)}` : ''}
              </span>
            ) : (
              '—'
            ),
        ],
        [
          '',
          (f) =>
            !f.retry_requested_by ? (
              <ActionButton kind="primary" label="Ask for a retry" onClick={act(f, 'burn-retry')} />
            ) : f.retry_requested_by === me.id ? (
              <span class="muted">Another member of staff approves.</span>
            ) : (
              <ConfirmButton
                label="Approve the retry"
                question={`Retry the burn of the ${f.symbol} redemption?`}
                consequence={`The ${f.failed_batches} failed burn batch(es) are queued again and burn the redeemed units on chain.`}
                confirm="Yes, retry the burn"
                onClick={act(f, 'burn-retry/approve')}
              />
            ),
        ],
      ]}
    />
  );
}

/** Staff: the calls of debt tokens (approve or reject the pending ones) and the failed burns. */
export function AdminDebtCalls() {
  const calls = useLoad(() => ok(platform.GET('/api/v1/admin/debt-calls')), []);
  const failures = useLoad(() => ok(platform.GET('/api/v1/admin/debt-burn-failures')), []);
  return (
    <section>
      <h1>Debt calls</h1>
      <p class="muted">
        An issuer asks to repay its debt token early; approve a call you did not ask for. Approved,
        the payments after the call date are cancelled and the debt is repaid on it.
      </p>
      <Loaded state={calls}>
        {(page) => <CallsTable calls={page.data} staff onChange={calls.reload} />}
      </Loaded>
      <h2>Failed burns</h2>
      <p class="muted">
        A redemption paid its holders but could not burn their units on chain after its retries. Ask
        for a retry once the cause is fixed; another member of staff approves it.
      </p>
      <Loaded state={failures}>
        {(page) => <BurnFailuresTable failures={page.data} onChange={failures.reload} />}
      </Loaded>
    </section>
  );
}
