/**
 * The login throttle: failed password checks slow down the client address that makes them, per
 * account and overall, never the account itself. A guesser waits longer and longer; the owner at
 * their own address is not slowed at all. No account-wide lock exists, so a stranger cannot lock
 * anyone out.
 */
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import {
  countFailure,
  failureCounts,
  forgetFailures,
  pruneForgotten,
} from './login-throttle.queries.js';
import {
  forgetAfterSeconds,
  retryAfterSeconds,
  type ThrottleRule,
} from './login-throttle.rules.js';

export interface LoginThrottleRules {
  /** one account guessed from one address */
  perAccountAndAddress: ThrottleRule;
  /** one address guessing any accounts (spraying one password over many emails) */
  perAddress: ThrottleRule;
}

const pairKey = (email: string, ip: string) => `pair ${ip} ${email}`;
const addressKey = (ip: string) => `address ${ip}`;

export function loginThrottle(db: Db, rules: LoginThrottleRules, clock: Clock) {
  return {
    /** Refuses (429, with when to retry) while this address must wait for this account. */
    async assertMayTry(email: string, ip: string): Promise<void> {
      const pair = pairKey(email, ip);
      const address = addressKey(ip);
      const counts = await failureCounts(db, [pair, address]);
      const at = clock.now();
      const wait = Math.max(
        retryAfterSeconds(counts.get(pair), rules.perAccountAndAddress, at),
        retryAfterSeconds(counts.get(address), rules.perAddress, at),
      );
      if (wait > 0) {
        throw new AppError(
          'TOO_MANY_LOGIN_ATTEMPTS',
          `Too many failed logins from your address; retry in ${wait} s`,
          { retry_after: wait },
        );
      }
    },

    async failed(email: string, ip: string): Promise<void> {
      const at = clock.now();
      const forgetBefore = new Date(at.getTime() - forgetAfterSeconds * 1000);
      await countFailure(db, [pairKey(email, ip), addressKey(ip)], at, forgetBefore);
      await pruneForgotten(db, forgetBefore, 100);
    },

    /** A right password from this address clears its count for the account (not the address's). */
    succeeded(email: string, ip: string): Promise<void> {
      return forgetFailures(db, pairKey(email, ip));
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
