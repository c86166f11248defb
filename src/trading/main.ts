import type { Config } from '../lib/config.js';
import { listen } from '../lib/http/app.js';
import type { Logger } from '../lib/logger.js';
import { startWithDatabase, type RunningProcess } from '../lib/process.js';
import { buildTradingApp } from './app.js';

/** Starts the trading process: its pool, its app on TRADING_PORT, then the settlement workers. */
export function startTrading(config: Config, logger: Logger): Promise<RunningProcess> {
  return startWithDatabase('trading', config, async (db) => {
    const { app, settlement } = await buildTradingApp({ config, db, logger });
    const url = await listen(app, config.host, config.ports.trading);
    const workers = settlement.start();
    return {
      url,
      stop: async () => {
        await workers.stop();
        await app.close();
      },
    };
  });
}
