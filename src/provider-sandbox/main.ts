import type { Config } from '../lib/config.js';
import { listen } from '../lib/http/app.js';
import type { Logger } from '../lib/logger.js';
import type { RunningProcess } from '../lib/process.js';
import { buildProviderSandboxApp } from './app.js';

export async function startProviderSandbox(
  config: Config,
  logger: Logger,
): Promise<RunningProcess> {
  const app = await buildProviderSandboxApp(config, logger);
  const url = await listen(app, config.host, config.ports.providerSandbox);
  return { name: 'provider-sandbox', url, stop: () => app.close() };
}
