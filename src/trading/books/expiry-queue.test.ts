import { describe, expect, it } from 'vitest';
import { ExpiryQueue } from './expiry-queue.js';

describe('ExpiryQueue', () => {
  it('gives back what is due, earliest first, and keeps the rest', () => {
    const queue = new ExpiryQueue();
    const times = [50, 10, 40, 30, 20, 60, 10];
    times.forEach((at, i) => queue.add(at, `o${i}`));
    expect(queue.takeDue(5)).toEqual([]);
    const due = queue.takeDue(40);
    expect(due.slice(0, 2).sort()).toEqual(['o1', 'o6']);
    expect(due.slice(2)).toEqual(['o4', 'o3', 'o2']);
    expect(queue.size).toBe(2);
    expect(queue.takeDue(1000)).toEqual(['o0', 'o5']);
  });
});
