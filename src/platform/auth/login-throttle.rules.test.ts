import { describe, expect, it } from 'vitest';
import { delayAfter, retryAfterSeconds } from './login-throttle.rules.js';

const rule = { freeFailures: 3, maxDelaySeconds: 900 };
const at = new Date('2030-01-01T00:00:00Z');
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

describe('login throttle rules', () => {
  it('lets the free failures pass, then doubles the wait from 1 s up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 13, 14, 1000].map((n) => delayAfter(n, rule))).toEqual([
      0, 0, 0, 1, 2, 4, 512, 900, 900,
    ]);
  });

  it('counts the wait from the last failure and forgets a count after an hour', () => {
    const count = { failures: 6, lastFailedAt: at };
    expect(retryAfterSeconds(undefined, rule, at)).toBe(0);
    expect(retryAfterSeconds(count, rule, at)).toBe(4);
    expect(retryAfterSeconds(count, rule, new Date(at.getTime() + 2500))).toBe(2);
    expect(retryAfterSeconds(count, rule, later(4))).toBe(0);
    const capped = { failures: 100, lastFailedAt: at };
    expect(retryAfterSeconds(capped, rule, later(899))).toBe(1);
    expect(
      retryAfterSeconds(
        { failures: 100, lastFailedAt: at },
        { ...rule, maxDelaySeconds: 86_400 },
        later(3600),
      ),
    ).toBe(0);
  });
});
