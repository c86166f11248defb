/**
 * What every session of the gateway asks PostgreSQL each FIX_EVENT_POLL_MS, asked once per
 * interval for them all (docs/fix.md, "Throughput"): the newest order event's id, the newest of
 * each user whose orders changed, and the sessions in force. Each session asking for itself (two
 * queries per session four times a second) held the pool's connections that the order path waits
 * for; and with orders flowing a newer event exists at every interval, so a session reading its
 * events whenever any was newer read them at every interval, mostly to find none of its user's.
 */
import type { Db } from '../lib/db/database.js';
import { latestEventId, latestEventIdsByUser, sessionsInForce } from './fix.queries.js';

export interface WatchState {
  /** the newest order_status_history id (0: none) */
  latestEventId: number;
  /** the newest event id of each user whose orders changed since the gateway started */
  latestByUser: ReadonlyMap<string, number>;
  inForce: ReadonlySet<string>;
}

export class EventWatch {
  private last: { at: number; state: Promise<WatchState> } | undefined;
  /** what the reads so far found: the newest event, and the newest of each user */
  private latest: number | undefined;
  private readonly byUser = new Map<string, number>();

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
    const [, inForce] = await Promise.all([this.readEvents(), sessionsInForce(this.db)]);
    return {
      latestEventId: this.latest ?? 0,
      latestByUser: new Map(this.byUser),
      inForce: new Set(inForce),
    };
  }

  /** The events since the last read (the first read takes the newest alone). */
  private async readEvents(): Promise<void> {
    if (this.latest === undefined) {
      this.latest = await latestEventId(this.db);
      return;
    }
    for (const { userId, id } of await latestEventIdsByUser(this.db, this.latest)) {
      // reads may overlap (one slower than the interval): an id never goes back
      this.byUser.set(userId, Math.max(this.byUser.get(userId) ?? 0, id));
      this.latest = Math.max(this.latest, id);
    }
  }
}
