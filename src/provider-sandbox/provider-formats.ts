/**
 * The provider's identifier and time formats, so the sandbox's objects parse exactly like the real
 * provider's: 24-hex object ids, short review ids, and three flavours of UTC timestamp strings.
 */
import { randomBytes, randomInt } from 'node:crypto';

/** A 24-character lowercase hex id like the provider's (seconds prefix, so ids sort by creation). */
export function objectId(nowMs: number): string {
  const seconds = Math.floor(nowMs / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The provider's review and attempt ids are five random letters (e.g. "FAgKN"). */
export function shortId(): string {
  return Array.from({ length: 5 }, () => letters[randomInt(letters.length)]).join('');
}

function parts(ms: number): { date: string; time: string; millis: string } {
  const iso = new Date(ms).toISOString(); // 2024-05-01T10:20:30.456Z
  return { date: iso.slice(0, 10), time: iso.slice(11, 19), millis: iso.slice(20, 23) };
}

/** Applicant `createdAt`: "YYYY-MM-DD HH:MM:SS" (UTC, no zone suffix). */
export function applicantTime(ms: number): string {
  const { date, time } = parts(ms);
  return `${date} ${time}`;
}

/** Review `createDate` / `reviewDate`: "YYYY-MM-DD HH:MM:SS+0000". */
export function reviewTime(ms: number): string {
  return `${applicantTime(ms)}+0000`;
}

/** Webhook `createdAtMs`: "yyyy-MM-dd HH:mm:ss.fff" (UTC), a string, not epoch milliseconds. */
export function webhookTime(ms: number): string {
  const { date, time, millis } = parts(ms);
  return `${date} ${time}.${millis}`;
}
