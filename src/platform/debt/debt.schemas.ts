import { Type, type Static } from '@sinclair/typebox';
import { dayCounts, frequencies } from '../../lib/debt/debt-schedule.math.js';
import type { DebtCall, DebtPayment, DebtTermsRow } from '../../lib/db/schema-debt.js';

const Day = (description: string) =>
  Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description, examples: ['2027-01-15'] });

/**
 * A token issued as debt (docs/corporate-actions.md, "Debt tokens"). The amounts are decimal
 * text checked by the service (422 DEBT_TERMS_INVALID names the field).
 */
export const DebtTermsBody = Type.Object(
  {
    face_value: Type.String({ maxLength: 30, description: 'USD per unit repaid at maturity' }),
    coupon_rate_pct: Type.String({ maxLength: 30, description: 'percent a year, e.g. "5.25"' }),
    frequency: Type.Union(frequencies.map((f) => Type.Literal(f))),
    day_count: Type.Union(
      dayCounts.map((d) => Type.Literal(d)),
      {
        description:
          '30_360: 30/360 Bond Basis; act_365: Actual/365 Fixed; act_act: Actual/Actual ICMA',
      },
    ),
    first_coupon_date: Day('the first coupon; interest accrues from one period before it'),
    maturity_date: Day('the last coupon date, when the face value is repaid'),
    record_days: Type.Optional(
      Type.Integer({
        description: 'business days from the record day to each payment, 1 to 20 (default 1)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type DebtTermsBody = Static<typeof DebtTermsBody>;

export const CallBody = Type.Object(
  { call_date: Day('the day the issuer repays the debt early') },
  { additionalProperties: false },
);
export type CallBody = Static<typeof CallBody>;

export const TokenIdParams = Type.Object({ token_id: Type.String({ format: 'uuid' }) });

export const DebtTermsView = Type.Object({
  face_value: Type.String(),
  coupon_rate_pct: Type.String(),
  frequency: Type.Union(frequencies.map((f) => Type.Literal(f))),
  day_count: Type.Union(dayCounts.map((d) => Type.Literal(d))),
  first_coupon_date: Type.String(),
  maturity_date: Type.String(),
  record_days: Type.Integer(),
});

export const DebtPaymentView = Type.Object({
  id: Type.String(),
  number: Type.Integer(),
  kind: Type.String({ description: 'coupon, or redemption (face value and last coupon)' }),
  accrual_start: Type.String(),
  record_date: Type.String({ description: 'holders are counted at the end of this day (UTC)' }),
  payment_date: Type.String(),
  coupon_per_unit: Type.String(),
  principal_per_unit: Type.String(),
  status: Type.String(),
  dividend_id: Type.Union([Type.String(), Type.Null()]),
  funding_short: Type.Boolean({
    description: "the issuer's balance did not cover it when last checked",
  }),
});

export const DebtCallView = Type.Object({
  id: Type.String(),
  token_id: Type.String(),
  call_date: Type.String(),
  status: Type.String(),
  requested_by: Type.String(),
  decided_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});

export const DebtScheduleView = Type.Object({
  token_id: Type.String(),
  terms: DebtTermsView,
  accrued_interest_per_unit: Type.String({
    description: 'accrued interest on one unit today (what a trade of one unit adds)',
  }),
  payments: Type.Array(DebtPaymentView),
  calls: Type.Array(DebtCallView),
});

export const HolderDebtPaymentView = Type.Object({
  id: Type.String(),
  token_id: Type.String(),
  symbol: Type.String(),
  number: Type.Integer(),
  kind: Type.String(),
  record_date: Type.String(),
  payment_date: Type.String(),
  coupon_per_unit: Type.String(),
  principal_per_unit: Type.String(),
  status: Type.String(),
  units: Type.Union([Type.Integer(), Type.Null()], {
    description: 'units held at the record date, once counted',
  }),
  amount: Type.Union([Type.String(), Type.Null()], { description: 'USD paid to the holder' }),
});

export function toTermsView(t: DebtTermsRow): Static<typeof DebtTermsView> {
  return {
    face_value: t.face_value,
    coupon_rate_pct: t.coupon_rate_pct,
    frequency: t.frequency,
    day_count: t.day_count,
    first_coupon_date: t.first_coupon_date,
    maturity_date: t.maturity_date,
    record_days: t.record_days,
  };
}

export function toPaymentView(p: DebtPayment): Static<typeof DebtPaymentView> {
  return {
    id: p.id,
    number: p.number,
    kind: p.kind,
    accrual_start: p.accrual_start,
    record_date: p.record_date,
    payment_date: p.payment_date,
    coupon_per_unit: p.coupon_per_unit,
    principal_per_unit: p.principal_per_unit,
    status: p.status,
    dividend_id: p.dividend_id,
    funding_short: p.funding_warned_at !== null && p.status === 'declared',
  };
}

export function toCallView(c: DebtCall): Static<typeof DebtCallView> {
  return {
    id: c.id,
    token_id: c.token_id,
    call_date: c.call_date,
    status: c.status,
    requested_by: c.requested_by,
    decided_by: c.decided_by,
    created_at: c.created_at.toISOString(),
  };
}

export const BurnFailureView = Type.Object({
  payment_id: Type.String(),
  token_id: Type.String(),
  symbol: Type.String(),
  payment_date: Type.String(),
  failed_batches: Type.Integer({ description: 'burn batches failed for good' }),
  error: Type.Union([Type.String(), Type.Null()], { description: "the chain's last refusal" }),
  alerted_at: Type.Union([Type.String(), Type.Null()]),
  retry_requested_by: Type.Union([Type.String(), Type.Null()], {
    description: 'the member of staff who asked for the retry; another approves it',
  }),
  retry_requested_at: Type.Union([Type.String(), Type.Null()]),
});

export const BurnRetryView = Type.Object({
  status: Type.Union([Type.Literal('requested'), Type.Literal('requeued')]),
});
