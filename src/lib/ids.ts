import { v7 } from 'uuid';

/** A new UUID v7: time-ordered, so ids sort by creation and index well. */
export function newId(): string {
  return v7();
}

/**
 * The smallest UUID v7 of the millisecond `at`: ids made in [a, b) are exactly those in
 * [idFloor(a), idFloor(b)), so a time window over a table keyed by newId() reads its primary key.
 */
export function idFloor(at: Date): string {
  const ms = at.getTime().toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-0000-0000-000000000000`;
}
