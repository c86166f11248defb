/**
 * The launcher's restart policy, one for everything it supervises (the four processes and the
 * embedded anvil): a part that exits on its own is started again after a second, at most
 * `restartLimit` times in `restartWindowMs`; once more, or when a restart fails, `onGiveUp` is
 * told (and the launcher stops everything).
 */
export const restartLimit = 3;
export const restartWindowMs = 10 * 60_000;
const restartDelayMs = 1_000;

export interface RestartOptions {
  name: string;
  say: (line: string) => void;
  onGiveUp: (reason: string) => void;
  /** the part's last output, shown when it is given up */
  output: () => string;
}

export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

export class Restarts {
  private readonly times: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private cancelled = false;

  constructor(private readonly options: RestartOptions) {}

  /** The part exited (`how`) on its own: `restart` it (resolving with its URL), or give up. */
  exited(how: string, restart: () => Promise<string>): void {
    if (this.cancelled) return;
    const { name, say, onGiveUp, output } = this.options;
    const now = performance.now();
    while (this.times.length > 0 && now - this.times[0]! > restartWindowMs) this.times.shift();
    if (this.times.length >= restartLimit) {
      onGiveUp(
        `${name} exited (${how}), after ${restartLimit} restarts in the last ` +
          `${restartWindowMs / 60_000} minutes; its last output:\n${output().slice(-2000)}`,
      );
      return;
    }
    this.times.push(now);
    say(
      `${name} exited (${how}); restarting it (restart ${this.times.length} of ` +
        `${restartLimit} allowed in ${restartWindowMs / 60_000} minutes)`,
    );
    this.timer = setTimeout(() => {
      restart().then(
        (url) => say(`${name} restarted: ${url}`),
        (error: unknown) => {
          if (!this.cancelled)
            onGiveUp(`${name} could not be restarted: ${(error as Error).message}`);
        },
      );
    }, restartDelayMs);
  }

  /** No more restarts: the launcher is stopping the part. */
  cancel(): void {
    this.cancelled = true;
    clearTimeout(this.timer);
  }
}
