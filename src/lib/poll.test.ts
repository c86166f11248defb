import { describe, expect, it } from 'vitest';
import { Poll } from './poll.js';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a poll', () => {
  it('runs one refresh at a time, and its stop waits for the one in flight', async () => {
    let started = 0;
    let finished = 0;
    const poll = new Poll(async () => {
      started += 1;
      await later(60);
      finished += 1;
    });
    poll.start(5, (error) => {
      throw error;
    });
    await later(40);
    expect(started).toBe(1); // the ticks during the run were skipped
    await poll.stop();
    expect(finished).toBe(1);
    await later(30);
    expect(started).toBe(1); // stopped: no tick after
  });

  it('hands a failed refresh to its error handler and goes on', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const poll = new Poll(() => {
      runs += 1;
      return Promise.reject(new Error(`run ${runs}`));
    });
    poll.start(5, (error) => errors.push(error));
    await later(40);
    await poll.stop();
    expect(runs).toBeGreaterThan(1);
    expect(errors).toHaveLength(runs);
  });
});
