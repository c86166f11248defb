/**
 * A declaration's dates, pure (docs/dividends.md "Dates"). The record date is when the holders
 * are counted: now or earlier counts them at once; a later one counts them when it passes, and
 * trading goes on meanwhile. The register counts a trade when it is booked, so the ex-date (the
 * first moment a buyer no longer gets the dividend) is the record date itself. The payment date
 * is when holders are paid: never before the record date, and the distributor pays nothing
 * before it even once staff have started the distribution.
 */

export interface DividendDates {
  recordDate: Date;
  paymentDate: Date;
}

/** The dates a declaration asks for, defaulted (record now, payment at the record date) or refused in words. */
export function dividendDates(
  now: Date,
  asked: { record_date?: string | undefined; payment_date?: string | undefined },
): DividendDates | { refusal: string } {
  const recordDate = asked.record_date ? new Date(asked.record_date) : now;
  const paymentDate = asked.payment_date ? new Date(asked.payment_date) : recordDate;
  if (paymentDate < recordDate) {
    return {
      refusal: `The payment date (${words(paymentDate)}) is before the record date (${words(recordDate)}): holders are paid on or after the day they are counted.`,
    };
  }
  return { recordDate, paymentDate };
}

/** An instant as people read it in a message: `2026-12-01 09:30 UTC`. */
export function words(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
