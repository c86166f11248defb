/**
 * How long a client must wait before its next login attempt (docs/decisions/platform.md "Login throttle").
 * Failures are counted per key (an account at one client address, or one client address): the
 * first `freeFailures` cost nothing, each one after doubles the wait from 1 s up to
 * `maxDelaySeconds`, and a key with no failure for an hour starts again from zero.
 * Pure: the counts and the time come in, the wait in whole seconds comes out.
 */
export interface ThrottleRule {
  freeFailures: number;
  maxDelaySeconds: number;
}

/** a key with no failure for this long starts again from zero */
export const forgetAfterSeconds = 3600;

export interface FailureCount {
  failures: number;
  lastFailedAt: Date;
}

/** The wait the `failures`-th failure imposes, in seconds. */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  const beyond = failures - rule.freeFailures;
  if (beyond <= 0) return 0;
  // capped before the power, so a long-running count cannot overflow
  return Math.min(2 ** Math.min(beyond - 1, 30), rule.maxDelaySeconds);
}

/** Whether the count is still remembered at `now`. */
function isRemembered(count: FailureCount, now: Date): boolean {
  return now.getTime() - count.lastFailedAt.getTime() < forgetAfterSeconds * 1000;
}

/** Seconds until the next attempt is allowed; 0 when it is allowed now. */
export function retryAfterSeconds(
  count: FailureCount | undefined,
  rule: ThrottleRule,
  now: Date,
): number {
  if (!count || !isRemembered(count, now)) return 0;
  const freeAt = count.lastFailedAt.getTime() + delayAfter(count.failures, rule) * 1000;
  return Math.max(0, Math.ceil((freeAt - now.getTime()) / 1000));
}
