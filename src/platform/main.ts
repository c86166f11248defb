import type { Config } from '../lib/config.js';
import { createDb } from '../lib/db/database.js';
import { listen } from '../lib/http/app.js';
import type { Logger } from '../lib/logger.js';
import type { RunningProcess } from '../lib/process.js';
import { buildPlatformApp, chainClientFor } from './app.js';
import { startPlatformWorkers } from './workers.js';

/** Starts the platform process: its pool, its app, listening on PLATFORM_PORT. */
export async function startPlatform(config: Config, logger: Logger): Promise<RunningProcess> {
  const db = createDb(config.database.url, config.database.poolSize);
  try {
    const chain = chainClientFor(config);
    const app = await buildPlatformApp({ config, db, logger, chain });
    const url = await listen(app, config.host, config.ports.platform);
    const workers = startPlatformWorkers({ config, db, chain, logger });
    return {
      name: 'platform',
      url,
      stop: async () => {
        await workers.stop();
        await app.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
