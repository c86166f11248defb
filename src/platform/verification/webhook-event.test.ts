import { describe, expect, it } from 'vitest';
import { parseProviderTime, parseWebhookEvent } from './webhook-event.js';

const now = new Date('2026-01-01T00:00:00Z');

describe('provider webhook parsing', () => {
  it('reads the provider time formats as UTC', () => {
    expect(parseProviderTime('2026-03-04 05:06:07.089', now).toISOString()).toBe(
      '2026-03-04T05:06:07.089Z',
    );
    expect(parseProviderTime('2026-03-04 05:06:07+0000', now).toISOString()).toBe(
      '2026-03-04T05:06:07.000Z',
    );
    expect(parseProviderTime('2026-03-04 07:06:07+0200', now).toISOString()).toBe(
      '2026-03-04T05:06:07.000Z',
    );
    expect(parseProviderTime('yesterday', now)).toBe(now);
    expect(parseProviderTime(12, now)).toBe(now);
  });

  it('parses a reviewed event with its verdict', () => {
    const event = parseWebhookEvent(
      {
        applicantId: 'a1',
        type: 'applicantReviewed',
        reviewStatus: 'completed',
        createdAtMs: '2026-03-04 05:06:07.089',
        reviewResult: {
          reviewAnswer: 'RED',
          reviewRejectType: 'RETRY',
          rejectLabels: ['UNSATISFACTORY_PHOTOS', 7],
        },
        sandboxMode: 'false',
      },
      now,
    );
    expect(event).toMatchObject({
      applicantId: 'a1',
      type: 'applicantReviewed',
      verdict: { answer: 'RED', rejectType: 'RETRY', labels: ['UNSATISFACTORY_PHOTOS'] },
    });
    expect(event?.dedupeKey).toBe(
      'a1|applicantReviewed|2026-03-04 05:06:07.089|completed|RED|RETRY',
    );
  });

  it('ignores payloads without an applicant or type, and verdicts on other events', () => {
    expect(parseWebhookEvent({ type: 'applicantCreated' }, now)).toBeUndefined();
    expect(
      parseWebhookEvent(
        { applicantId: 'a', type: 'applicantPending', reviewResult: { reviewAnswer: 'GREEN' } },
        now,
      )?.verdict,
    ).toBeNull();
  });
});
