/**
 * Session revocation without a database round trip per order: the set of login sessions revoked
 * within the access tokens' lifetime (older ones have no live access token left), kept current
 * by polling. A logout reaches the order path within one poll (a second by default), and the
 * sessions a poll finds newly revoked are told to the listener at once (the WebSocket hub ends
 * their private channels then, not at its next heartbeat).
 */
import type { Db } from '../../lib/db/database.js';
import type { Clock } from '../../lib/clock.js';
import { Poll } from '../../lib/poll.js';
import { sessionsRevokedSince } from './revoked-sessions.queries.js';

export class RevokedSessions {
  private revoked = new Set<string>();
  private readonly poll = new Poll(() => this.refresh());
  private onRevoked: (sessionIds: ReadonlySet<string>) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accessTokenTtlSeconds: number,
  ) {}

  isActive = (sessionId: string): boolean => !this.revoked.has(sessionId);

  /** Who is told of the sessions each poll finds revoked since the one before. */
  watch(listener: (sessionIds: ReadonlySet<string>) => void): void {
    this.onRevoked = listener;
  }

  async refresh(): Promise<void> {
    const since = new Date(this.clock.now().getTime() - (this.accessTokenTtlSeconds + 60) * 1000);
    const before = this.revoked;
    this.revoked = new Set(await sessionsRevokedSince(this.db, since));
    const fresh = new Set([...this.revoked].filter((id) => !before.has(id)));
    if (fresh.size > 0) this.onRevoked(fresh);
  }

  start(intervalMs: number, onError: (error: unknown) => void): void {
    this.poll.start(intervalMs, onError);
  }

  /** Stops polling; resolves once a poll in flight has ended (before the database closes). */
  stop(): Promise<void> {
    return this.poll.stop();
  }
}
