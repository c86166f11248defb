import type { Config } from '../lib/config.js';
import { createDb } from '../lib/db/database.js';
import { listen } from '../lib/http/app.js';
import type { Logger } from '../lib/logger.js';
import type { RunningProcess } from '../lib/process.js';
import { buildTradingApp } from './app.js';

/** Starts the trading process: its pool, its app, listening on TRADING_PORT. */
export async function startTrading(config: Config, logger: Logger): Promise<RunningProcess> {
  const db = createDb(config.database.url, config.database.poolSize);
  try {
    const app = await buildTradingApp({ config, db, logger });
    const url = await listen(app, config.host, config.ports.trading);
    return {
      name: 'trading',
      url,
      stop: async () => {
        await app.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
