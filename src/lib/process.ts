import type { Config } from './config.js';
import { createDb, type Db } from './db/database.js';

/** What each process (platform, trading, chain, provider sandbox) gives the launcher. */
export interface RunningProcess {
  name: string;
  url: string;
  /** Stops accepting work, finishes what is in flight, releases connections. */
  stop(): Promise<void>;
}

/**
 * Opens the process's database pool and starts it; the pool is closed after the process stops,
 * or at once if starting fails.
 */
export async function startWithDatabase(
  name: string,
  config: Config,
  start: (db: Db) => Promise<{ url: string; stop(): Promise<void> }>,
): Promise<RunningProcess> {
  const db = createDb(config.database.url, config.database.poolSize);
  try {
    const running = await start(db);
    return {
      name,
      url: running.url,
      stop: async () => {
        await running.stop();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
