import { startChain } from '../chain/main.js';
import type { Config } from '../lib/config.js';
import type { Logger } from '../lib/logger.js';
import type { RunningProcess } from '../lib/process.js';
import { startPlatform } from '../platform/main.js';
import { startProviderSandbox } from '../provider-sandbox/main.js';
import { startTrading } from '../trading/main.js';

export const processNames = ['chain', 'provider-sandbox', 'platform', 'trading'] as const;
export type ProcessName = (typeof processNames)[number];

/** Starters in the order `tessera start` runs them: the chain first, since others call it. */
export const starters: Record<
  ProcessName,
  (config: Config, logger: Logger) => Promise<RunningProcess>
> = {
  chain: startChain,
  'provider-sandbox': startProviderSandbox,
  platform: startPlatform,
  trading: startTrading,
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
