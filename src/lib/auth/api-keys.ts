/**
 * The API keys in force, held by every process that serves users (platform, trading) so a signed
 * request is verified without a database round trip: key, expiry, timestamp window, HMAC, replay,
 * address and per-key rate, in that order (docs/security.md, "A stolen API key"). The ring reloads
 * the keys every poll (a second by default): a revocation, a new key or a role change reaches the
 * order path within one poll on every process and node, and the keys a poll no longer finds are
 * told to the listener at once (the WebSocket hub ends their private channels then).
 */
import type { Clock } from '../clock.js';
import type { FieldEncryption } from '../crypto/field-encryption.js';
import type { Db } from '../db/database.js';
import type { ApiKeyScope, Role } from '../db/schema.js';
import { AppError } from '../errors.js';
import { Poll } from '../poll.js';
import type { Logger } from '../logger.js';
import { keysInForce, recordKeyUse } from './api-keys.queries.js';
import { allowListOf, type AllowList } from './ip-allow-list.js';
import { signatureMatches, signatureWindowMs, timestampInWindow } from './request-signing.js';

export interface ApiKeyEntry {
  id: string;
  accessKey: string;
  userId: string;
  role: Role;
  scopes: ReadonlySet<ApiKeyScope>;
  allowed: AllowList;
  /** ms since the epoch; null: never */
  expiresAt: number | null;
  secret: string;
}

const sessionPrefix = 'apikey:';

/** The session id a key's caller carries (request.auth, a WebSocket's private channels). */
export const apiKeySession = (keyId: string) => `${sessionPrefix}${keyId}`;

/** The key of an API key's session id; undefined for a login session. */
export const keyOfSession = (sessionId: string): string | undefined =>
  sessionId.startsWith(sessionPrefix) ? sessionId.slice(sessionPrefix.length) : undefined;

/** The field-encryption context of a key's secret: the ciphertext opens in its own row only. */
export const secretContext = (keyId: string) => `api_keys.secret:${keyId}`;

/** How often one key's use is written (last_used_at and an audit entry) by one process. */
const useRecordMs = 60_000;
/** Signatures remembered at most; past it the expired ones are dropped first. */
const seenMax = 100_000;

export interface ApiKeyRingDeps {
  db: Db;
  clock: Clock;
  encryption: FieldEncryption;
  logger: Logger;
  /** signed requests per key per minute on this process */
  perMinute: number;
  /** the read-only keys of staff and admins too: the FIX gateway's ring only (their drop copies) */
  staffReadKeys?: boolean;
}

export class ApiKeyRing {
  private byAccessKey = new Map<string, ApiKeyEntry>();
  private byId = new Map<string, ApiKeyEntry>();
  /** signatures received within the window (key id and signature), with when they leave it */
  private readonly seen = new Map<string, number>();
  private readonly counts = new Map<string, { minute: number; count: number }>();
  private readonly recorded = new Map<string, number>();
  private readonly poll = new Poll(() => this.refresh());
  /** the keys were read once: before that, no key can be judged (the database may be down) */
  private loaded = false;
  private onRevoked: (keyIds: ReadonlySet<string>) => void = () => {};

  constructor(private readonly deps: ApiKeyRingDeps) {}

  isActive = (keyId: string): boolean => this.byId.has(keyId);

  /** Who is told of the keys each poll finds gone (revoked) since the one before. */
  watch(listener: (keyIds: ReadonlySet<string>) => void): void {
    this.onRevoked = listener;
  }

  async refresh(): Promise<void> {
    const rows = await keysInForce(this.deps.db, this.deps.staffReadKeys);
    const byAccessKey = new Map<string, ApiKeyEntry>();
    const byId = new Map<string, ApiKeyEntry>();
    for (const row of rows) {
      const known = this.byId.get(row.id);
      const entry: ApiKeyEntry = {
        id: row.id,
        accessKey: row.access_key,
        userId: row.user_id,
        role: row.role,
        scopes: new Set(row.scopes),
        allowed: allowListOf(row.allowed_ips),
        expiresAt: row.expires_at?.getTime() ?? null,
        // a secret never changes: opened once per process
        secret:
          known?.secret ??
          this.deps.encryption.open(
            { ciphertext: row.secret_ciphertext, keyId: row.secret_key_id },
            secretContext(row.id),
          ),
      };
      byAccessKey.set(entry.accessKey, entry);
      byId.set(entry.id, entry);
    }
    const gone = new Set([...this.byId.keys()].filter((id) => !byId.has(id)));
    this.byAccessKey = byAccessKey;
    this.byId = byId;
    for (const id of gone) {
      this.counts.delete(id);
      this.recorded.delete(id);
    }
    this.loaded = true;
    this.forgetExpiredSignatures();
    if (gone.size > 0) this.onRevoked(gone);
  }

  start(intervalMs: number, onError: (error: unknown) => void): void {
    this.poll.start(intervalMs, onError);
  }

  /** Stops polling; resolves once a poll in flight has ended (before the database closes). */
  stop(): Promise<void> {
    return this.poll.stop();
  }

  /**
   * The checks a request passes before its body is read: a known key in force, and a timestamp
   * within the window. Throws the refusal.
   */
  admit(accessKey: string, timestamp: string): ApiKeyEntry {
    if (!this.loaded) {
      throw new AppError('SERVICE_UNAVAILABLE', 'API keys are not loaded yet; try again shortly');
    }
    const entry = this.byAccessKey.get(accessKey);
    if (!entry) throw new AppError('INVALID_API_KEY');
    const now = this.deps.clock.now().getTime();
    if (entry.expiresAt !== null && entry.expiresAt <= now) throw new AppError('API_KEY_EXPIRED');
    if (!timestampInWindow(timestamp, now)) {
      throw new AppError(
        'TIMESTAMP_OUTSIDE_WINDOW',
        `X-Tessera-Timestamp must be the time in milliseconds, within ${signatureWindowMs} ms of the server's (${now})`,
      );
    }
    return entry;
  }

  /**
   * The checks of the whole request: the signature, not seen before within the window, from an
   * allowed address, within the key's rate. Throws the refusal; a request that passes is
   * remembered (its signature) and counted.
   */
  verify(
    entry: ApiKeyEntry,
    request: { timestamp: string; method: string; pathWithQuery: string; body: string | Buffer },
    signature: string,
    ip: string,
  ): void {
    if (!signatureMatches(entry.secret, request, signature)) {
      throw new AppError(
        'INVALID_SIGNATURE',
        'X-Tessera-Signature must be the hex HMAC-SHA256 of timestamp + method + path + body',
      );
    }
    const seenKey = `${entry.id}:${signature.toLowerCase()}`;
    const now = this.deps.clock.now().getTime();
    const seenUntil = this.seen.get(seenKey);
    if (seenUntil !== undefined && seenUntil > now) throw new AppError('REPLAYED_REQUEST');
    if (!entry.allowed(ip)) {
      throw new AppError('API_KEY_IP_NOT_ALLOWED', `${ip} is not in this key's allow-list`);
    }
    const minute = Math.floor(now / 60_000);
    const count = this.counts.get(entry.id);
    const used = count?.minute === minute ? count.count : 0;
    if (used >= this.deps.perMinute) {
      throw new AppError(
        'API_KEY_RATE_LIMITED',
        `Limit of ${this.deps.perMinute} requests a minute per key`,
        {
          retry_after: Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000)),
        },
      );
    }
    this.counts.set(entry.id, { minute, count: used + 1 });
    if (this.seen.size >= seenMax) this.forgetExpiredSignatures();
    // the window is either side of the server's time: a signature stays refusable until its
    // timestamp leaves the window
    this.seen.set(seenKey, Number(request.timestamp) + signatureWindowMs + 1);
  }

  /**
   * Notes a key's use: its last-used time and an audit entry, written by this process at most once
   * a minute per key, off the request's path (a failed write is logged, the request is not).
   */
  recordUse(entry: ApiKeyEntry, ip: string, route: string): void {
    const now = this.deps.clock.now();
    const last = this.recorded.get(entry.id);
    if (last !== undefined && now.getTime() - last < useRecordMs) return;
    this.recorded.set(entry.id, now.getTime());
    recordKeyUse(this.deps.db, { keyId: entry.id, userId: entry.userId, at: now, ip, route }).catch(
      (error: unknown) => this.deps.logger.error({ err: error }, 'api key use not recorded'),
    );
  }

  private forgetExpiredSignatures(): void {
    const now = this.deps.clock.now().getTime();
    for (const [key, until] of this.seen) if (until <= now) this.seen.delete(key);
  }
}
