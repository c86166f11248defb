/**
 * The one source of the current time. Modules take a Clock in their deps instead of calling
 * `new Date()` or `Date.now()`, so tests move time instead of sleeping, and every process reads
 * time in one place.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function manualClock(
  start: Date,
): Clock & { advance(ms: number): void; set(at: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}
