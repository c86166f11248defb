/**
 * Session revocation without a database round trip per order: the set of login sessions revoked
 * within the access tokens' lifetime (older ones have no live access token left), kept current
 * by polling. A logout reaches the order path within one poll (a second by default).
 */
import type { Db } from '../../lib/db/database.js';
import type { Clock } from '../books/sequencer.js';

export class RevokedSessions {
  private revoked = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accessTokenTtlSeconds: number,
  ) {}

  isActive = (sessionId: string): Promise<boolean> => Promise.resolve(!this.revoked.has(sessionId));

  async refresh(): Promise<void> {
    const since = new Date(this.clock.now().getTime() - (this.accessTokenTtlSeconds + 60) * 1000);
    const rows = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .distinct()
      .where('revoked_at', '>', since)
      .execute();
    this.revoked = new Set(rows.map((row) => row.family_id));
  }

  start(intervalMs: number, onError: (error: unknown) => void): void {
    this.timer = setInterval(() => void this.refresh().catch(onError), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
