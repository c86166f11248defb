import { describe, expect, it } from 'vitest';
import { duration } from './durations.js';

describe('duration', () => {
  it('reads tenths of a second under a minute, minutes and seconds under an hour, then hours', () => {
    expect(duration(0)).toBe('0.0 s');
    expect(duration(1_234)).toBe('1.2 s');
    expect(duration(59_949)).toBe('59.9 s');
    expect(duration(61_500)).toBe('1 min 1 s');
    expect(duration(3_600_000 + 5 * 60_000 + 59_000)).toBe('1 h 5 min');
  });

  it('keeps the sign of a time already past', () => {
    expect(duration(-2_500)).toBe('-2.5 s');
  });
});
