import { loadConfig } from '../lib/config.js';
import { createLogger } from '../lib/logger.js';
import { starters, type ProcessName } from './processes.js';

/** Runs one process alone on the configuration in the environment (DATABASE_URL etc. required). */
export async function runOne(name: ProcessName): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(name, config.logLevel);
  const running = await starters[name](config, logger);
  logger.info({ url: running.url }, `${name} listening`);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
