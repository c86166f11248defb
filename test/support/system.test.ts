/**
 * The environment of a system under test is the test's own: settings of the developer's shell or
 * of CI (an admin's e-mail and password, a database, ports, npm's variables) do not leak into it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemEnv, type SystemPorts } from './system.js';

const ports: SystemPorts = {
  platform: 1001,
  trading: 1002,
  chain: 1003,
  providerSandbox: 1004,
  fix: 1007,
  postgres: 1005,
  anvil: 1006,
};

describe('systemEnv', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('passes what the test sets and only PATH-like basics from outside', () => {
    const outer = {
      TESSERA_ADMIN_EMAIL: 'outer@example.com',
      TESSERA_ADMIN_PASSWORD: 'outer password 123',
      DATABASE_URL: 'postgres://outer@127.0.0.1:5432/outer',
      CHAIN_RPC_URL: 'http://127.0.0.1:9999',
      PLATFORM_URL: 'http://outer.example.com',
      RATE_LIMIT_PER_MINUTE: '1',
      PROVIDER_SANDBOX_MODE: 'manual',
      NODE_OPTIONS: '--inspect',
      npm_lifecycle_event: 'test',
    };
    for (const [key, value] of Object.entries(outer)) vi.stubEnv(key, value);
    vi.stubEnv('PATH', '/usr/bin');

    const env = systemEnv('/tmp/system', ports, { PROVIDER_SANDBOX_DECISION_DELAY_MS: '0' });

    for (const key of Object.keys(outer)) expect(env).not.toHaveProperty(key);
    expect(env).toMatchObject({
      PATH: '/usr/bin',
      TESSERA_DATA_DIR: '/tmp/system/data',
      PLATFORM_PORT: '1001',
      EMBEDDED_POSTGRES_PORT: '1005',
      ANVIL_PORT: '1006',
      PROVIDER_SANDBOX_DECISION_DELAY_MS: '0',
    });
  });
});
