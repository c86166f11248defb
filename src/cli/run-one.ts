import { loadConfig } from '../lib/config.js';
import { createLogger } from '../lib/logger.js';
import { starters, type ProcessName } from './processes.js';

/** What a process run by `tessera start` tells the launcher over its IPC channel. */
export interface ReadyMessage {
  type: 'ready';
  url: string;
}

/**
 * Runs one process alone on the configuration in the environment (DATABASE_URL etc. required).
 * SIGINT or SIGTERM stops it cleanly. Started by `tessera start`, it has an IPC channel to the
 * launcher: it says when it is ready, and stops when the channel closes, which happens however the
 * launcher ends (SIGKILL included), so no process outlives its launcher.
 */
export async function runOne(name: ProcessName): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(name, config.logLevel);
  // Until the process is up, a stop is only noted; it is carried out once the start is done.
  let stopAsked = false;
  let onStop = () => void (stopAsked = true);
  const stop = () => onStop();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const supervised = process.send !== undefined;
  if (supervised) {
    // Once the launcher is gone its pipes are too: writing a log line must not end the stop.
    process.stdout.on('error', () => undefined);
    process.stderr.on('error', () => undefined);
    process.on('disconnect', stop);
    if (!process.connected) stop();
  }
  const running = await starters[name](config, logger);
  logger.info({ url: running.url }, `${name} listening`);
  let stopping = false;
  onStop = () => {
    if (stopping) return;
    stopping = true;
    void running.stop().then(() => process.exit(0));
  };
  if (stopAsked) return stop();
  if (supervised) process.send?.({ type: 'ready', url: running.url } satisfies ReadyMessage);
}
