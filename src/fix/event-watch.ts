/**
 * What every session of the gateway asks PostgreSQL each FIX_EVENT_POLL_MS, asked once per
 * interval for them all (docs/fix.md, "Throughput"): the newest order event's id, and the sessions
 * in force. Each session asking for itself (two queries per session four times a second) held
 * the pool's connections that the order path waits for.
 */
import type { Db } from '../lib/db/database.js';
import { latestEventId, sessionsInForce } from './fix.queries.js';

export interface WatchState {
  /** the newest order_status_history id (0: none) */
  latestEventId: number;
  inForce: ReadonlySet<string>;
}

export class EventWatch {
  private last: { at: number; state: Promise<WatchState> } | undefined;

  constructor(
    private readonly db: Db,
    /** how old an answer may be when a session asks */
    private readonly maxAgeMs: number,
  ) {}

  state(): Promise<WatchState> {
    const now = performance.now();
    if (!this.last || now - this.last.at >= this.maxAgeMs) {
      const state = this.read();
      this.last = { at: now, state };
      // a failed read is asked again at the next look, not remembered
      state.catch(() => {
        if (this.last?.state === state) this.last = undefined;
      });
    }
    return this.last.state;
  }

  private async read(): Promise<WatchState> {
    const [latest, inForce] = await Promise.all([latestEventId(this.db), sessionsInForce(this.db)]);
    return { latestEventId: latest, inForce: new Set(inForce) };
  }
}
