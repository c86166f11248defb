/** What each process (platform, trading, chain, provider sandbox) gives the launcher. */
export interface RunningProcess {
  name: string;
  url: string;
  /** Stops accepting work, finishes what is in flight, releases connections. */
  stop(): Promise<void>;
}
