import type { Config } from '../lib/config.js';
import type { Logger } from '../lib/logger.js';
import type { RunningProcess } from '../lib/process.js';

export const processNames = ['chain', 'provider-sandbox', 'platform', 'trading'] as const;
export type ProcessName = (typeof processNames)[number];

/**
 * How each process starts, in the order `tessera start` runs them: the chain first, since others
 * call it. Each is imported only when asked for, so a process loads its own code, not the others'.
 */
export const starters: Record<
  ProcessName,
  (config: Config, logger: Logger) => Promise<RunningProcess>
> = {
  chain: async (config, logger) => (await import('../chain/main.js')).startChain(config, logger),
  'provider-sandbox': async (config, logger) =>
    (await import('../provider-sandbox/main.js')).startProviderSandbox(config, logger),
  platform: async (config, logger) =>
    (await import('../platform/main.js')).startPlatform(config, logger),
  trading: async (config, logger) =>
    (await import('../trading/main.js')).startTrading(config, logger),
};

/** The setting that chooses each process's port (named when the port is taken). */
export const portSettings: Record<ProcessName, string> = {
  chain: 'CHAIN_PORT',
  'provider-sandbox': 'PROVIDER_SANDBOX_PORT',
  platform: 'PLATFORM_PORT',
  trading: 'TRADING_PORT',
};

export function portOf(config: Config, name: ProcessName): number {
  switch (name) {
    case 'chain':
      return config.ports.chain;
    case 'provider-sandbox':
      return config.ports.providerSandbox;
    case 'platform':
      return config.ports.platform;
    case 'trading':
      return config.ports.trading;
  }
}
