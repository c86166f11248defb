import type { Config } from '../lib/config.js';
import { listen } from '../lib/http/app.js';
import type { Logger } from '../lib/logger.js';
import { startWithDatabase, type RunningProcess } from '../lib/process.js';
import { listenForJobs } from '../lib/worker/job-wakeups.js';
import { buildPlatformApp, chainClientFor } from './app.js';
import { startPlatformWorkers } from './workers.js';

/**
 * Starts the platform process: its pool, its app on PLATFORM_PORT, then its background workers,
 * woken by the job tables' announcements between their polls.
 */
export function startPlatform(config: Config, logger: Logger): Promise<RunningProcess> {
  return startWithDatabase('platform', config, async (db) => {
    const chain = chainClientFor(config);
    const app = await buildPlatformApp({ config, db, logger, chain });
    const url = await listen(app, config.host, config.ports.platform);
    const wakeups = listenForJobs(config.database.url, logger);
    const workers = startPlatformWorkers({ config, db, chain, logger, wakeups });
    return {
      url,
      stop: async () => {
        await workers.stop();
        await wakeups.stop();
        await app.close();
      },
    };
  });
}
