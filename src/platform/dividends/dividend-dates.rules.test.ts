import { describe, expect, it } from 'vitest';
import { dividendDates, words } from './dividend-dates.rules.js';

const now = new Date('2026-11-28T09:00:00Z');

describe('dividendDates', () => {
  it('counts now and pays at the record date by default', () => {
    expect(dividendDates(now, {})).toEqual({ recordDate: now, paymentDate: now });
  });

  it('takes a record date still to come, and a payment date after it', () => {
    expect(
      dividendDates(now, {
        record_date: '2026-12-01T00:00:00Z',
        payment_date: '2026-12-15T00:00:00Z',
      }),
    ).toEqual({
      recordDate: new Date('2026-12-01T00:00:00Z'),
      paymentDate: new Date('2026-12-15T00:00:00Z'),
    });
  });

  it('refuses, in words, a payment before the record date', () => {
    expect(
      dividendDates(now, {
        record_date: '2026-12-01T00:00:00Z',
        payment_date: '2026-11-30T12:00:00Z',
      }),
    ).toEqual({
      refusal:
        'The payment date (2026-11-30 12:00 UTC) is before the record date (2026-12-01 00:00 UTC): holders are paid on or after the day they are counted.',
    });
    expect(dividendDates(now, { payment_date: '2026-11-01T00:00:00Z' })).toHaveProperty('refusal');
  });
});

describe('words', () => {
  it('reads an instant to the minute in UTC', () => {
    expect(words(new Date('2026-12-01T09:30:45Z'))).toBe('2026-12-01 09:30 UTC');
  });
});
