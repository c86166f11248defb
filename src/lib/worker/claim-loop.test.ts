import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { startClaimLoop } from './claim-loop.js';

const logger = createLogger('test', 'silent');

describe('startClaimLoop', () => {
  it('keeps ticking while there is work, sleeps when there is none, survives a failing tick', async () => {
    const batches = [3, 2, -1, 1, 0];
    let ticks = 0;
    const loop = startClaimLoop({
      name: 't',
      idleMs: 5,
      logger,
      tick: () => {
        const next = batches[ticks++] ?? 0;
        return next < 0 ? Promise.reject(new Error('boom')) : Promise.resolve(next);
      },
    });
    await new Promise((r) => setTimeout(r, 60));
    await loop.stop();
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('with fullAt, ticks again at once only after a full batch', async () => {
    const batches = [10, 10, 4, 10];
    const handled: number[] = [];
    const loop = startClaimLoop({
      name: 't',
      idleMs: 10_000,
      fullAt: 10,
      logger,
      tick: () => {
        const next = batches[handled.length] ?? 0;
        handled.push(next);
        return Promise.resolve(next);
      },
    });
    await new Promise((r) => setTimeout(r, 50));
    await loop.stop();
    // the partial batch (4) ended the run: the full one after it waits for the next tick
    expect(handled).toEqual([10, 10, 4]);
  });

  it('stops after the tick in flight finishes', async () => {
    let finished = false;
    const loop = startClaimLoop({
      name: 't',
      idleMs: 1000,
      logger,
      tick: async () => {
        await new Promise((r) => setTimeout(r, 30));
        finished = true;
        return 0;
      },
    });
    await new Promise((r) => setTimeout(r, 5));
    await loop.stop();
    expect(finished).toBe(true);
  });

  it('ticks at once when woken while it sleeps, and again after a tick it was woken during', async () => {
    let ticks = 0;
    let release: (() => void) | undefined;
    const loop = startClaimLoop({
      name: 't',
      idleMs: 60_000,
      logger,
      tick: async () => {
        ticks += 1;
        if (ticks === 2) await new Promise<void>((r) => (release = r));
        return 0;
      },
    });
    await expect.poll(() => ticks).toBe(1);
    loop.wake();
    await expect.poll(() => release).toBeDefined();
    // announced while the second tick runs: a third follows without the minute's sleep
    loop.wake();
    release!();
    await expect.poll(() => ticks).toBe(3);
    await new Promise((r) => setTimeout(r, 30));
    expect(ticks).toBe(3);
    await loop.stop();
  });
});
