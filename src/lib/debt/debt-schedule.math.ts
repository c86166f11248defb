/**
 * The arithmetic of a debt token, pure (docs/corporate-actions.md, "Debt tokens"): its coupon
 * dates, record dates, the coupon per unit under its day count and the interest accrued at a date.
 *
 * Dates are calendar days ('YYYY-MM-DD', UTC). The schedule is regular: coupon dates step from the
 * first coupon date by 12 / frequency months, and interest accrues from one period before the
 * first coupon date (so the first period is a full one, never an odd stub); the maturity date must
 * be a coupon date. When the first coupon date is the last day of its month, every coupon date is
 * the last day of its month (the end-of-month rule); otherwise the day is kept, or the month's last
 * day when the month is shorter. Payment dates are the coupon dates, unadjusted: the platform's
 * ledger pays on any calendar day, and the amounts never depend on an adjustment.
 *
 * Day counts:
 * - `30_360`: 30/360 Bond Basis (ISDA 2006 4.16(f), the US bond basis): a start day of 31 counts
 *   as 30; an end day of 31 counts as 30 when the start day is then 30.
 * - `act_365`: Actual/365 Fixed: actual days over 365, leap years or not.
 * - `act_act`: Actual/Actual ICMA (ICMA Rule 251): actual days over (frequency x actual days of
 *   the coupon period), so every regular coupon is exactly rate / frequency.
 *
 * The coupon of a period is face x rate x the period's fraction; per unit it is kept to 8
 * decimals (half-even, the precision of a dividend's per_token_usd), and each holder is paid that
 * times their units rounded down to the cent (src/platform/dividends/dividend.math.ts). Accrued
 * interest on a quantity is face x rate x the fraction from the period start to the date, times
 * the quantity, rounded half-even to the cent once (never per unit).
 */
import { Exact, toMoney } from '../../lib/money.js';

export const frequencies = ['annual', 'semi_annual', 'quarterly', 'monthly'] as const;
export type Frequency = (typeof frequencies)[number];
export const dayCounts = ['30_360', 'act_365', 'act_act'] as const;
export type DayCount = (typeof dayCounts)[number];

const periodsPerYear: Record<Frequency, number> = {
  annual: 1,
  semi_annual: 2,
  quarterly: 4,
  monthly: 12,
};

export interface DebtTerms {
  /** USD per unit, repaid at maturity */
  faceValue: string;
  /** percent per year, e.g. '5' for 5% */
  couponRatePct: string;
  frequency: Frequency;
  dayCount: DayCount;
  firstCouponDate: string;
  maturityDate: string;
  /** business days (Monday to Friday) from the record day to the payment date */
  recordDays: number;
}

export interface CouponPeriod {
  /** 1-based */
  number: number;
  /** interest accrues from this day (inclusive) to `paymentDate` (exclusive) */
  accrualStart: string;
  paymentDate: string;
  /** the day at whose end the holders are counted */
  recordDate: string;
  /** USD per unit, 8 decimals */
  couponPerUnit: string;
  /** the last period: the face value is repaid with its coupon */
  final: boolean;
}

const dayMs = 86_400_000;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day (UTC) of an instant. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC midnight of a calendar day, or undefined when it is not one. */
export function dayStart(day: string): Date | undefined {
  const match = isoDate.exec(day);
  if (!match) return undefined;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return at.toISOString().slice(0, 10) === day ? at : undefined;
}

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `day` moved by `months` (may be negative), under the end-of-month rule of `anchor`. */
function addMonths(anchor: string, months: number): string {
  const [y, m, d] = parts(anchor);
  const endOfMonth = d === daysInMonth(y, m);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  return format(year, month, endOfMonth ? last : Math.min(d, last));
}

function actualDays(from: string, to: string): number {
  return Math.round((dayStart(to)!.getTime() - dayStart(from)!.getTime()) / dayMs);
}

/** 30/360 Bond Basis day count between two days. */
export function days30360(from: string, to: string): number {
  const [y1, m1, d1Raw] = parts(from);
  const [y2, m2, d2Raw] = parts(to);
  const d1 = Math.min(d1Raw, 30);
  const d2 = d2Raw === 31 && d1 === 30 ? 30 : d2Raw;
  return 360 * (y2 - y1) + 30 * (m2 - m1) + (d2 - d1);
}

function monthsPerPeriod(frequency: Frequency): number {
  return 12 / periodsPerYear[frequency];
}

/** The fraction of a year from `periodStart` to `to`, within the period ending `periodEnd`. */
export function yearFraction(
  dayCount: DayCount,
  frequency: Frequency,
  periodStart: string,
  to: string,
  periodEnd: string,
): Exact {
  switch (dayCount) {
    case '30_360':
      return new Exact(days30360(periodStart, to)).dividedBy(360);
    case 'act_365':
      return new Exact(actualDays(periodStart, to)).dividedBy(365);
    case 'act_act':
      return new Exact(actualDays(periodStart, to)).dividedBy(
        periodsPerYear[frequency] * actualDays(periodStart, periodEnd),
      );
  }
}

/** The day `count` business days (Monday to Friday) before `day`. */
export function businessDaysBefore(day: string, count: number): string {
  let at = dayStart(day)!.getTime();
  for (let left = count; left > 0;) {
    at -= dayMs;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at).toISOString().slice(0, 10);
}

/** The instant the holders of a record day are counted: the end of that day (UTC). */
export function recordInstant(recordDate: string): Date {
  return new Date(dayStart(recordDate)!.getTime() + dayMs);
}

/** The coupon dates from the first to the maturity, or undefined when maturity is not one. */
export function couponDates(
  terms: Pick<DebtTerms, 'firstCouponDate' | 'maturityDate' | 'frequency'>,
): string[] | undefined {
  const step = monthsPerPeriod(terms.frequency);
  const dates: string[] = [];
  for (let k = 0; ; k += 1) {
    const date = addMonths(terms.firstCouponDate, k * step);
    if (date > terms.maturityDate) return undefined;
    dates.push(date);
    if (date === terms.maturityDate) return dates;
  }
}

/** Interest starts accruing one regular period before the first coupon date. */
export function accrualStart(terms: Pick<DebtTerms, 'firstCouponDate' | 'frequency'>): string {
  return addMonths(terms.firstCouponDate, -monthsPerPeriod(terms.frequency));
}

function interest(terms: DebtTerms, fraction: Exact): Exact {
  return new Exact(terms.faceValue).times(terms.couponRatePct).dividedBy(100).times(fraction);
}

/** Every coupon period of the bond, in order (terms assumed valid: see debtTermsProblem). */
export function couponSchedule(terms: DebtTerms): CouponPeriod[] {
  const dates = couponDates(terms)!;
  let start = accrualStart(terms);
  return dates.map((paymentDate, index) => {
    const fraction = yearFraction(terms.dayCount, terms.frequency, start, paymentDate, paymentDate);
    const period: CouponPeriod = {
      number: index + 1,
      accrualStart: start,
      paymentDate,
      recordDate: businessDaysBefore(paymentDate, terms.recordDays),
      couponPerUnit: interest(terms, fraction).toDecimalPlaces(8).toFixed(8),
      final: index === dates.length - 1,
    };
    start = paymentDate;
    return period;
  });
}

/** When the book closes for good: the end of the redemption's record day (the last trading day). */
export function bookCloses(terms: DebtTerms): Date {
  return recordInstant(couponSchedule(terms).at(-1)!.recordDate);
}

/**
 * The interest accrued on `quantity` units at the start of `day` (a trade that day settles it):
 * from the start of the period `day` falls in. None before interest starts or from maturity on.
 */
export function accruedInterest(terms: DebtTerms, day: string, quantity: number): string {
  const period = couponSchedule(terms).find((p) => p.accrualStart <= day && day < p.paymentDate);
  if (!period) return '0.00';
  const fraction = yearFraction(
    terms.dayCount,
    terms.frequency,
    period.accrualStart,
    day,
    period.paymentDate,
  );
  return toMoney(interest(terms, fraction).times(quantity));
}

/**
 * What a buy order locks per unit for accrued interest, in cents: the largest coupon per unit of
 * the schedule, rounded up. Accrued interest never exceeds its period's coupon, so the lock covers
 * it on whatever day the order fills.
 */
export function accruedLockPerUnit(terms: DebtTerms): string {
  const largest = couponSchedule(terms).reduce(
    (max, p) => Exact.max(max, p.couponPerUnit),
    new Exact(0),
  );
  return largest.toDecimalPlaces(2, Exact.ROUND_UP).toFixed(2);
}

/** What one unit is paid at maturity or at a call: the face value and the period's coupon. */
export function redemptionPerUnit(faceValue: string, couponPerUnit: string): string {
  return new Exact(faceValue).plus(couponPerUnit).toFixed(8);
}

/**
 * The coupon per unit of a call on `callDate` (which ends the current period early): the interest
 * accrued from the period start to that day.
 */
export function callCouponPerUnit(terms: DebtTerms, callDate: string): string {
  const period = couponSchedule(terms).find(
    (p) => p.accrualStart < callDate && callDate <= p.paymentDate,
  );
  if (!period) return '0.00000000';
  const fraction = yearFraction(
    terms.dayCount,
    terms.frequency,
    period.accrualStart,
    callDate,
    period.paymentDate,
  );
  return interest(terms, fraction).toDecimalPlaces(8).toFixed(8);
}

const decimal = /^[0-9]{1,18}(\.[0-9]{1,8})?$/;

export type DebtTermsProblem =
  | { code: 'DEBT_TERMS_INVALID'; detail: string }
  | { code: 'DEBT_MATURITY_OFF_SCHEDULE'; detail: string };

/** Why the terms cannot be issued, or undefined when they can (today is `today`). */
export function debtTermsProblem(terms: DebtTerms, today: string): DebtTermsProblem | undefined {
  const invalid = (detail: string) => ({ code: 'DEBT_TERMS_INVALID' as const, detail });
  if (!dayStart(terms.firstCouponDate)) return invalid('first_coupon_date is not a calendar day');
  if (!dayStart(terms.maturityDate)) return invalid('maturity_date is not a calendar day');
  if (!decimal.test(terms.faceValue)) return invalid('face_value is a decimal such as 1000.00');
  if (!decimal.test(terms.couponRatePct)) {
    return invalid('coupon_rate_pct is a decimal percentage such as 5.25');
  }
  const face = new Exact(terms.faceValue);
  if (face.lte(0) || face.decimalPlaces() > 2) {
    return invalid('face_value is above 0 with at most 2 decimals');
  }
  const rate = new Exact(terms.couponRatePct);
  if (rate.isNegative() || rate.gt(100) || rate.decimalPlaces() > 4) {
    return invalid('coupon_rate_pct is 0 to 100 with at most 4 decimals');
  }
  if (!Number.isInteger(terms.recordDays) || terms.recordDays < 1 || terms.recordDays > 20) {
    return invalid('record_days is a whole number of business days, 1 to 20');
  }
  if (terms.firstCouponDate <= today) return invalid('first_coupon_date is after today');
  if (terms.maturityDate < terms.firstCouponDate) {
    return invalid('maturity_date is on or after first_coupon_date');
  }
  const dates = couponDates(terms);
  if (!dates) {
    return {
      code: 'DEBT_MATURITY_OFF_SCHEDULE',
      detail: `maturity_date ${terms.maturityDate} is not a ${terms.frequency} coupon date counted from ${terms.firstCouponDate}`,
    };
  }
  if (dates.length > 1200) return invalid('the bond has more than 1,200 coupons');
  return undefined;
}
