import type { Config } from '../lib/config.js';
import type { Logger } from '../lib/logger.js';
import type { RunningProcess } from '../lib/process.js';

export const processNames = ['chain', 'provider-sandbox', 'platform', 'trading', 'fix'] as const;
export type ProcessName = (typeof processNames)[number];

type Starter = (config: Config, logger: Logger) => Promise<RunningProcess>;

/**
 * Loads each process's code, in the order `tessera start` runs them: the chain first, since others
 * call it. Each is imported only when asked for, so a process loads its own code, not the others'.
 * Loading is apart from starting: the launcher has its processes load while PostgreSQL and anvil
 * start, and tells them to start once those are up.
 */
export const loaders: Record<ProcessName, () => Promise<Starter>> = {
  chain: async () => (await import('../chain/main.js')).startChain,
  'provider-sandbox': async () =>
    (await import('../provider-sandbox/main.js')).startProviderSandbox,
  platform: async () => (await import('../platform/main.js')).startPlatform,
  trading: async () => (await import('../trading/main.js')).startTrading,
  fix: async () => (await import('../fix/main.js')).startFix,
};

/**
 * Node's flags for each process. The trading process makes short-lived objects for every order
 * (the request, its plan, its rows, the statement's parameters): a young generation of 64 MB a
 * half (Node's default 16) collects them a quarter as often, each collection costing about the
 * same (what survives, not what was made). Over two A/Bs of two rounds each on `bench:trading`:
 * its closed loops 1.14x the orders a second, 7% less CPU an order in the trading process
 * (docs/performance.md). Run alone, the process is started the same way (docs/configuration.md).
 */
export const nodeFlags: Record<ProcessName, readonly string[]> = {
  chain: [],
  'provider-sandbox': [],
  platform: [],
  trading: ['--max-semi-space-size=64'],
  fix: [],
};

/** The setting that chooses each process's port (named when the port is taken). */
export const portSettings: Record<ProcessName, string> = {
  chain: 'CHAIN_PORT',
  'provider-sandbox': 'PROVIDER_SANDBOX_PORT',
  platform: 'PLATFORM_PORT',
  trading: 'TRADING_PORT',
  fix: 'FIX_PORT',
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
    case 'fix':
      return config.ports.fix;
  }
}
