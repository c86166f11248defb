/**
 * A refresh run every `intervalMs` (the timer does not keep the process alive), one run at a
 * time (a tick while one is in flight is skipped), whose `stop` waits for the run in flight: a
 * service that closes its database once its polls are stopped meets none still using it.
 */
export class Poll {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly run: () => Promise<void>) {}

  start(intervalMs: number, onError: (error: unknown) => void): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.run()
        .catch(onError)
        .finally(() => (this.running = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
