import { loadConfig } from '../lib/config.js';
import { createLogger } from '../lib/logger.js';
import { loaders, type ProcessName } from './processes.js';

/**
 * The launcher tells a process it forked to start, with the environment it learned meanwhile
 * (where PostgreSQL and the chain are).
 */
export interface StartMessage {
  type: 'start';
  env: Record<string, string | undefined>;
}

/** What a process run by `tessera start` tells the launcher once it is ready. */
export interface ReadyMessage {
  type: 'ready';
  url: string;
}

function startMessage(): Promise<StartMessage> {
  return new Promise((resolve) => {
    const onMessage = (message: StartMessage) => {
      if (message.type !== 'start') return;
      process.off('message', onMessage);
      resolve(message);
    };
    process.on('message', onMessage);
  });
}

/**
 * Runs one process alone on the configuration in the environment (DATABASE_URL etc. required).
 * SIGINT or SIGTERM stops it cleanly. Started by `tessera start`, it has an IPC channel to the
 * launcher: it loads its code at once, starts when the launcher says so (loading, the slow part,
 * overlaps the launcher's own start of PostgreSQL and anvil), says when it is ready, and stops
 * when the channel closes, which happens however the launcher ends (SIGKILL included), so no
 * process outlives its launcher.
 */
export async function runOne(name: ProcessName): Promise<void> {
  // Nothing runs before the start: a stop ends the process at once.
  let onStop: () => void = () => process.exit(0);
  const stop = () => onStop();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const supervised = process.send !== undefined;
  const told = supervised ? startMessage() : undefined;
  if (supervised) {
    // Once the launcher is gone its pipes are too: writing a log line must not end the stop.
    process.stdout.on('error', () => undefined);
    process.stderr.on('error', () => undefined);
    process.on('disconnect', stop);
    if (!process.connected) stop();
  }
  const starter = await loaders[name]();
  if (told) {
    for (const [key, value] of Object.entries((await told).env))
      if (value !== undefined) process.env[key] = value;
  }
  const config = loadConfig();
  const logger = createLogger(name, config.logLevel);
  // While the process starts, a stop is only noted; it is carried out once the start is done.
  let stopAsked = false;
  onStop = () => void (stopAsked = true);
  const running = await starter(config, logger);
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
