import { describe, expect, it } from 'vitest';
import { Exact, toMoneyDown } from '../../lib/money.js';
import {
  accruedInterest,
  businessDaysBefore,
  callCouponPerUnit,
  couponDates,
  couponSchedule,
  days30360,
  debtTermsProblem,
  recordInstant,
  type DayCount,
  type DebtTerms,
} from './debt-schedule.math.js';

/** A 1,000 USD note, 5% a year, paid twice a year for two years, across the leap day of 2028. */
const note = (dayCount: DayCount): DebtTerms => ({
  faceValue: '1000',
  couponRatePct: '5',
  frequency: 'semi_annual',
  dayCount,
  firstCouponDate: '2027-01-15',
  maturityDate: '2028-07-15',
  recordDays: 2,
});

/*
 * The worked table, by hand. Periods and their actual days:
 *   1  2026-07-15 .. 2027-01-15  31+31+30+31+30+31 = 184
 *   2  2027-01-15 .. 2027-07-15  31+28+31+30+31+30 = 181
 *   3  2027-07-15 .. 2028-01-15  184
 *   4  2028-01-15 .. 2028-07-15  31+29+31+30+31+30 = 182
 * 30/360: each period is 180 days: 1000 x 5% x 180/360 = 25.
 * ACT/365 Fixed: 50 x 184/365 = 9200/365 = 25.2054794520..; 50 x 181/365 = 24.7945205479..;
 *   50 x 182/365 = 24.9315068493..
 * ACT/ACT ICMA: 50 x 184/(2 x 184) = 25 each period.
 * Record days (2 business days before): Fri 2027-01-15 -> Wed 01-13; Thu 2027-07-15 -> Tue 07-13;
 *   Sat 2028-01-15 -> Thu 01-13; Sat 2028-07-15 -> Thu 07-13.
 * Paid on a holding of 37 units, rounded down to the cent: 37 x 25 = 925.00;
 *   37 x 25.20547945 = 932.60273965 -> 932.60; 37 x 24.79452055 = 917.39726035 -> 917.39;
 *   37 x 24.93150685 = 922.46575345 -> 922.46.
 */
const dates = ['2027-01-15', '2027-07-15', '2028-01-15', '2028-07-15'];
const starts = ['2026-07-15', '2027-01-15', '2027-07-15', '2028-01-15'];
const records = ['2027-01-13', '2027-07-13', '2028-01-13', '2028-07-13'];
const table: Record<DayCount, { perUnit: string[]; cents: string[]; paid37: string[] }> = {
  '30_360': {
    perUnit: ['25.00000000', '25.00000000', '25.00000000', '25.00000000'],
    cents: ['25.00', '25.00', '25.00', '25.00'],
    paid37: ['925.00', '925.00', '925.00', '925.00'],
  },
  act_365: {
    perUnit: ['25.20547945', '24.79452055', '25.20547945', '24.93150685'],
    cents: ['25.21', '24.79', '25.21', '24.93'],
    paid37: ['932.60', '917.39', '932.60', '922.46'],
  },
  act_act: {
    perUnit: ['25.00000000', '25.00000000', '25.00000000', '25.00000000'],
    cents: ['25.00', '25.00', '25.00', '25.00'],
    paid37: ['925.00', '925.00', '925.00', '925.00'],
  },
};
const twoYears: Record<DayCount, string> = {
  '30_360': '100.00',
  act_365: '100.14',
  act_act: '100.00',
};

describe('couponSchedule: the worked table of a two-year note', () => {
  for (const dayCount of ['30_360', 'act_365', 'act_act'] as const) {
    it(`pays the table's coupons under ${dayCount}`, () => {
      const schedule = couponSchedule(note(dayCount));
      expect(schedule.map((p) => p.paymentDate)).toEqual(dates);
      expect(schedule.map((p) => p.accrualStart)).toEqual(starts);
      expect(schedule.map((p) => p.recordDate)).toEqual(records);
      expect(schedule.map((p) => p.couponPerUnit)).toEqual(table[dayCount].perUnit);
      expect(schedule.map((p) => new Exact(p.couponPerUnit).toFixed(2))).toEqual(
        table[dayCount].cents,
      );
      expect(schedule.map((p) => toMoneyDown(new Exact(p.couponPerUnit).times(37)))).toEqual(
        table[dayCount].paid37,
      );
      expect(schedule.map((p) => p.final)).toEqual([false, false, false, true]);
      const total = table[dayCount].cents.reduce((sum, c) => sum.plus(c), new Exact(0));
      expect(total.toFixed(2)).toBe(twoYears[dayCount]);
    });
  }

  it('counts the holders at the end of the record day', () => {
    expect(recordInstant('2027-01-13').toISOString()).toBe('2027-01-14T00:00:00.000Z');
  });
});

describe('accruedInterest', () => {
  /*
   * 2027-04-15, 90 days into period 2 (31 + 28 + 31; 30/360: 90): 30/360 50 x 90/360 = 12.50;
   * ACT/365 50 x 90/365 = 12.3287.. -> 12.33; ICMA 50 x 90/362 = 12.4309.. -> 12.43.
   * 2028-02-29, period 4: 45 actual days (16 + 29), 30/360 44 (30 + 29 - 15):
   * 30/360 50 x 44/360 = 6.1111.. -> 6.11; ACT/365 50 x 45/365 = 6.1643.. -> 6.16;
   * ICMA 50 x 45/364 = 6.1813.. -> 6.18. On 37 units, 2027-04-15 ACT/365: 1850 x 90/365 =
   * 456.1643.. -> 456.16 (not 37 x 12.33 = 456.21: rounded once, on the quantity).
   */
  const cases: Array<[DayCount, string, number, string]> = [
    ['30_360', '2027-04-15', 1, '12.50'],
    ['act_365', '2027-04-15', 1, '12.33'],
    ['act_act', '2027-04-15', 1, '12.43'],
    ['30_360', '2028-02-29', 1, '6.11'],
    ['act_365', '2028-02-29', 1, '6.16'],
    ['act_act', '2028-02-29', 1, '6.18'],
    ['act_365', '2027-04-15', 37, '456.16'],
  ];
  for (const [dayCount, day, quantity, expected] of cases) {
    it(`${dayCount} on ${day}, ${quantity} units: ${expected}`, () => {
      expect(accruedInterest(note(dayCount), day, quantity)).toBe(expected);
    });
  }

  it('is nothing on a coupon date, before interest starts and from maturity on', () => {
    expect(accruedInterest(note('act_365'), '2027-07-15', 10)).toBe('0.00');
    expect(accruedInterest(note('act_365'), '2026-07-14', 10)).toBe('0.00');
    expect(accruedInterest(note('act_365'), '2028-07-15', 10)).toBe('0.00');
  });

  it('reaches the full coupon the day before it is paid (ICMA)', () => {
    // 183 of 184 days: 50 x 183/368 = 24.8641.. -> 24.86
    expect(accruedInterest(note('act_act'), '2027-01-14', 1)).toBe('24.86');
  });
});

describe('callCouponPerUnit', () => {
  it('is the interest from the period start to the call date', () => {
    // 2027-04-15 under ACT/365: 50 x 90/365 = 12.32876712..
    expect(callCouponPerUnit(note('act_365'), '2027-04-15')).toBe('12.32876712');
    // on a coupon date: that period's whole coupon
    expect(callCouponPerUnit(note('30_360'), '2027-07-15')).toBe('25.00000000');
  });
});

describe('coupon dates', () => {
  it('keeps the month end when the first coupon is one', () => {
    expect(
      couponDates({
        firstCouponDate: '2027-01-31',
        maturityDate: '2027-04-30',
        frequency: 'monthly',
      }),
    ).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(
      couponDates({
        firstCouponDate: '2026-11-30',
        maturityDate: '2027-05-31',
        frequency: 'quarterly',
      }),
    ).toEqual(['2026-11-30', '2027-02-28', '2027-05-31']);
  });

  it('keeps the day otherwise, shortened in shorter months', () => {
    expect(
      couponDates({
        firstCouponDate: '2027-01-30',
        maturityDate: '2027-04-30',
        frequency: 'monthly',
      }),
    ).toEqual(['2027-01-30', '2027-02-28', '2027-03-30', '2027-04-30']);
    expect(
      couponDates({
        firstCouponDate: '2027-03-01',
        maturityDate: '2029-03-01',
        frequency: 'annual',
      }),
    ).toEqual(['2027-03-01', '2028-03-01', '2029-03-01']);
  });

  it('has no schedule when the maturity is not a coupon date', () => {
    expect(
      couponDates({
        firstCouponDate: '2027-01-15',
        maturityDate: '2028-05-15',
        frequency: 'semi_annual',
      }),
    ).toBeUndefined();
  });

  it('30/360 Bond Basis treats 31 as 30 only under its rule', () => {
    expect(days30360('2027-01-31', '2027-03-31')).toBe(60); // 31 -> 30 both ends
    expect(days30360('2027-01-30', '2027-03-31')).toBe(60);
    expect(days30360('2027-01-29', '2027-03-31')).toBe(62); // the end stays 31
    expect(days30360('2027-01-31', '2027-02-28')).toBe(28);
  });

  it('counts record days on business days', () => {
    expect(businessDaysBefore('2027-01-18', 1)).toBe('2027-01-15'); // Monday -> Friday
    expect(businessDaysBefore('2027-01-19', 3)).toBe('2027-01-14');
  });
});

describe('debtTermsProblem', () => {
  const today = '2026-07-01';
  it('accepts valid terms', () => {
    expect(debtTermsProblem(note('act_act'), today)).toBeUndefined();
  });

  it('refuses each invalid field with DEBT_TERMS_INVALID', () => {
    const bad: Array<Partial<DebtTerms>> = [
      { faceValue: '0' },
      { faceValue: '10.001' },
      { couponRatePct: '-1' },
      { couponRatePct: '101' },
      { couponRatePct: '5.12345' },
      { recordDays: 0 },
      { recordDays: 21 },
      { firstCouponDate: '2026-02-30' },
      { firstCouponDate: '2026-07-01' },
      { maturityDate: '2026-12-31' },
    ];
    for (const change of bad) {
      expect(debtTermsProblem({ ...note('act_act'), ...change }, today)?.code).toBe(
        'DEBT_TERMS_INVALID',
      );
    }
  });

  it('refuses a maturity off the schedule with DEBT_MATURITY_OFF_SCHEDULE', () => {
    expect(debtTermsProblem({ ...note('act_act'), maturityDate: '2028-05-15' }, today)?.code).toBe(
      'DEBT_MATURITY_OFF_SCHEDULE',
    );
  });
});
