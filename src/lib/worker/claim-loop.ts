/**
 * The loop of every worker: "the row is the job". A loop repeatedly asks `tick` to claim and
 * finish a batch of rows (through the job queue, job-queue.ts: FOR UPDATE SKIP LOCKED, so any
 * number of processes can run the same loop); when a tick found nothing it sleeps `idleMs`, and so
 * does a tick that found fewer than `fullAt` rows when the loop has one, unless a job was
 * announced meanwhile (`wake`). Nothing is kept in memory between ticks: a crash loses no work,
 * the next start claims what is left.
 */
import type { Logger } from '../logger.js';

export interface ClaimLoopOptions {
  name: string;
  /** claims and finishes one batch; resolves to how many rows it handled */
  tick: () => Promise<number>;
  idleMs: number;
  /**
   * a tick that handled fewer rows sleeps too (only a full batch means a backlog): rows arriving
   * one by one then wait for one claim between them instead of a claim each
   */
  fullAt?: number;
  logger: Logger;
}

export interface ClaimLoop {
  /**
   * a job was announced (job-wakeups.ts): a sleeping loop ticks now, a ticking one ticks again
   * before it sleeps (the job may have come after its claim looked)
   */
  wake(): void;
  /** resolves once the tick in flight (if any) has finished */
  stop(): Promise<void>;
}

export function startClaimLoop(options: ClaimLoopOptions): ClaimLoop {
  let stopped = false;
  /** announced during a tick */
  let woken = false;
  let interrupt: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      interrupt = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const running = (async () => {
    while (!stopped) {
      let handled = 0;
      woken = false;
      try {
        handled = await options.tick();
      } catch (error) {
        options.logger.error({ err: error, worker: options.name }, 'worker tick failed');
      }
      if (!stopped && !woken && handled < (options.fullAt ?? 1)) await sleep(options.idleMs);
      interrupt = undefined;
    }
  })();

  return {
    wake() {
      woken = true;
      interrupt?.();
    },
    async stop() {
      stopped = true;
      interrupt?.();
      await running;
    },
  };
}
