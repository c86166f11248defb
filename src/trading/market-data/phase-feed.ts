/**
 * The `phase` channel (docs/market-data.md): a token's market phase, its scheduled end and,
 * during a call, the indicative uncross (price, volume, surplus), as the public REST read
 * `GET /api/v1/markets/:tokenId/phase` answers it, so what a socket shows is what any node's REST
 * shows. Each message carries the whole state, so the latest one is all a client needs.
 *
 * Throttled per token: a change (any committed batch of the book; and every tick of the process,
 * which sees what moves the phase without a batch: the clock, staff's halts and sessions, another
 * node's writer) starts a wait of `intervalMs`; changes during the wait are gathered, and at its end
 * the state is read once and sent if it differs from the last one sent (last value wins). A
 * change during that read starts the next wait after it, so two messages of one token are never
 * closer than `intervalMs`. `seq` is the channel's own count per token on this node: the
 * snapshot's, then exactly + 1 per update.
 */
import type { Clock } from '../../lib/clock.js';
import type { PhaseView } from '../trading-sessions/trading-sessions.schemas.js';

/** Runs `run` after `ms` (a timer; tests hold the runs and release them by hand). */
export type Schedule = (ms: number, run: () => void) => void;

export const realSchedule: Schedule = (ms, run) => {
  setTimeout(run, ms).unref();
};

/** The state sent: the REST view but for its read time (`at`), which the message's `ts` carries. */
export type PhaseState = Omit<PhaseView, 'at'>;

export interface PhaseMessage {
  tokenId: string;
  seq: number;
  ts: string;
  data: PhaseState;
}

interface Followed {
  seq: number;
  last: PhaseState;
  text: string;
  /** a change not yet read */
  dirty: boolean;
  /** a wait or a read is under way */
  busy: boolean;
}

export interface PhaseFeedDeps {
  read: (tokenId: string) => Promise<PhaseView>;
  clock: Clock;
  intervalMs: number;
  schedule: Schedule;
  /** sends an update to the token's subscribers */
  send: (message: PhaseMessage) => void;
  onError: (error: unknown, tokenId: string) => void;
}

function stateOf(view: PhaseView): PhaseState {
  const state: Partial<PhaseView> = { ...view };
  delete state.at;
  return state as PhaseState;
}

export class PhaseFeed {
  /** the tokens with subscribers on this node */
  private readonly tokens = new Map<string, Followed>();
  /** the first read of a token being followed, shared by the subscribes that wait for it */
  private readonly starting = new Map<string, Promise<Followed>>();
  /** the reads under way after a wait */
  private readonly reading = new Set<Promise<void>>();

  constructor(private readonly deps: PhaseFeedDeps) {}

  /** The state a new subscriber starts from, at the channel's current `seq`. */
  async snapshot(tokenId: string): Promise<PhaseMessage> {
    const followed = this.tokens.get(tokenId) ?? (await this.start(tokenId));
    return {
      tokenId,
      seq: followed.seq,
      ts: this.deps.clock.now().toISOString(),
      data: followed.last,
    };
  }

  private start(tokenId: string): Promise<Followed> {
    let started = this.starting.get(tokenId);
    if (!started) {
      started = this.deps
        .read(tokenId)
        .then((view) => {
          const last = stateOf(view);
          const followed: Followed = {
            seq: 0,
            last,
            text: JSON.stringify(last),
            dirty: false,
            busy: false,
          };
          this.tokens.set(tokenId, followed);
          return followed;
        })
        .finally(() => this.starting.delete(tokenId));
      this.starting.set(tokenId, started);
    }
    return started;
  }

  /** The token has no subscriber left on this node. */
  forget(tokenId: string): void {
    this.tokens.delete(tokenId);
  }

  /** Something of the token's book was committed: its state is read at the next window's end. */
  changed(tokenId: string): void {
    const followed = this.tokens.get(tokenId);
    if (!followed) return;
    followed.dirty = true;
    if (!followed.busy) this.wait(tokenId, followed);
  }

  /** Reads every followed token again (the process's tick): what no batch of this node shows. */
  tick(): void {
    for (const tokenId of this.tokens.keys()) this.changed(tokenId);
  }

  private wait(tokenId: string, followed: Followed): void {
    followed.busy = true;
    this.deps.schedule(this.deps.intervalMs, () => {
      const read = this.refresh(tokenId, followed);
      this.reading.add(read);
      void read.finally(() => this.reading.delete(read));
    });
  }

  /** Resolves once the reads under way have sent what they found (for tests). */
  async idle(): Promise<void> {
    while (this.reading.size > 0) await Promise.all(this.reading);
  }

  private async refresh(tokenId: string, followed: Followed): Promise<void> {
    followed.dirty = false;
    try {
      const state = stateOf(await this.deps.read(tokenId));
      const text = JSON.stringify(state);
      // a token forgotten meanwhile (its last subscriber left) sends nothing
      if (this.tokens.get(tokenId) === followed && text !== followed.text) {
        followed.seq += 1;
        followed.last = state;
        followed.text = text;
        this.deps.send({
          tokenId,
          seq: followed.seq,
          ts: this.deps.clock.now().toISOString(),
          data: state,
        });
      }
    } catch (error) {
      this.deps.onError(error, tokenId);
    }
    followed.busy = false;
    if (followed.dirty && this.tokens.get(tokenId) === followed) this.wait(tokenId, followed);
  }
}
