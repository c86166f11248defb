/**
 * The owner check per token (DECISIONS "one writer per token"): a process writes a token's book
 * only while it holds the token's PostgreSQL advisory lock, on one connection kept for the
 * process's life. Session locks end with the connection, so a killed process frees its books at
 * once. Today one trading process owns every book; a second one would find the locks taken.
 */
import type { Db } from '../../lib/db/database.js';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema.js';

export class BookOwnership {
  private opening: Promise<Kysely<Database>> | undefined;
  private held = new Set<string>();
  private releaseConnection: (() => void) | undefined;
  private closed: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /** Takes the lock of a token's book; false when another process holds it. */
  async acquire(tokenId: string): Promise<boolean> {
    if (this.held.has(tokenId)) return true;
    const connection = await this.open();
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(hashtextextended(${'book:' + tokenId}, 0)) as locked`.execute(
      connection,
    );
    if (rows[0]?.locked) this.held.add(tokenId);
    return rows[0]?.locked === true;
  }

  async release(): Promise<void> {
    this.releaseConnection?.();
    await this.closed;
    this.held = new Set();
    this.opening = undefined;
  }

  private open(): Promise<Kysely<Database>> {
    this.opening ??= new Promise((resolve, reject) => {
      this.closed = this.db
        .connection()
        .execute(async (connection) => {
          resolve(connection);
          // Held until release(): ending the session frees every book's lock.
          await new Promise<void>((done) => {
            this.releaseConnection = done;
          });
          await sql`select pg_advisory_unlock_all()`.execute(connection);
        })
        .catch(reject);
    });
    return this.opening;
  }
}
