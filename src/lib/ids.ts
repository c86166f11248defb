import { v7 } from 'uuid';

/** A new UUID v7: time-ordered, so ids sort by creation and index well. */
export function newId(): string {
  return v7();
}
