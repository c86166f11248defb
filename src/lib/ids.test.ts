import { describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import { idFloor } from './ids.js';

describe('idFloor', () => {
  it('bounds the ids of a millisecond from below, and those of the one before from above', () => {
    const at = new Date('2026-11-28T12:00:00.123Z');
    const floor = idFloor(at);
    const next = idFloor(new Date(at.getTime() + 1));
    for (let i = 0; i < 100; i++) {
      const id = v7({ msecs: at.getTime() });
      expect(id >= floor && id < next).toBe(true);
    }
    expect(v7({ msecs: at.getTime() - 1 }) < floor).toBe(true);
    expect(floor).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-0000-0000-000000000000$/);
  });
});
