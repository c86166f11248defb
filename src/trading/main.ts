import type { Config } from '../lib/config.js';
import { listen } from '../lib/http/app.js';
import type { Logger } from '../lib/logger.js';
import { startWithDatabase, type RunningProcess } from '../lib/process.js';
import { buildTradingApp } from './app.js';

/** Starts the trading process: its pool, its app, listening on TRADING_PORT. */
export function startTrading(config: Config, logger: Logger): Promise<RunningProcess> {
  return startWithDatabase('trading', config, async (db) => {
    const { app } = await buildTradingApp({ config, db, logger });
    return { url: await listen(app, config.host, config.ports.trading), stop: () => app.close() };
  });
}
