import { describe, expect, it } from 'vitest';
import { testConfig, testCustodyMnemonic } from '../../test/support/config.js';
import { ConfigError, loadLauncherConfig } from './config.js';

const abandon = (n: number, last: string) => `${'abandon '.repeat(n - 1)}${last}`;

describe('CUSTODY_MNEMONIC (BIP-39 by @scure/bip39)', () => {
  it.each([
    ['12 words', testCustodyMnemonic],
    ['the 12-word test vector', abandon(12, 'about')],
    ['the 24-word test vector', abandon(24, 'art')],
  ])('accepts %s', (_case, mnemonic) => {
    expect(testConfig({ CUSTODY_MNEMONIC: mnemonic }).custody.mnemonic).toBe(mnemonic);
  });

  it('normalizes case and spacing', () => {
    const shouted = `  ${abandon(12, 'about').toUpperCase().replaceAll(' ', '   ')} `;
    expect(testConfig({ CUSTODY_MNEMONIC: shouted }).custody.mnemonic).toBe(abandon(12, 'about'));
  });

  it.each([
    ['a wrong checksum', abandon(12, 'abandon')],
    ['a swapped word', testCustodyMnemonic.split(' ').reverse().join(' ')],
    ['a word outside the list', abandon(12, 'bitcoin')],
    ['13 words', abandon(13, 'about')],
    ['11 words', abandon(11, 'about')],
  ])('refuses %s', (_case, mnemonic) => {
    expect(() => testConfig({ CUSTODY_MNEMONIC: mnemonic })).toThrow(ConfigError);
  });
});

describe('the worker lease', () => {
  it('must outlast the chain client timeout, so no job is claimed while its worker waits', () => {
    expect(() => testConfig({ WORKER_LEASE_SECONDS: '120' })).toThrow(/CHAIN_CLIENT_TIMEOUT_MS/);
    expect(() =>
      testConfig({ WORKER_LEASE_SECONDS: '180', CHAIN_CLIENT_TIMEOUT_MS: '180000' }),
    ).toThrow(ConfigError);
    const config = testConfig();
    expect(config.issuance.workerLeaseSeconds * 1000).toBeGreaterThan(config.chain.clientTimeoutMs);
    expect(
      testConfig({ WORKER_LEASE_SECONDS: '2', CHAIN_CLIENT_TIMEOUT_MS: '1500' }).issuance
        .workerLeaseSeconds,
    ).toBe(2);
  });
});

describe('EMBEDDED_POSTGRES_SETTINGS', () => {
  it('takes name=value pairs and refuses anything else', () => {
    expect(
      loadLauncherConfig({
        EMBEDDED_POSTGRES_SETTINGS:
          'shared_preload_libraries=pg_stat_statements, pg_stat_statements.track=all',
      }).embeddedPostgresSettings,
    ).toEqual(['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all']);
    expect(loadLauncherConfig({}).embeddedPostgresSettings).toEqual([]);
    for (const bad of ['work_mem', 'work_mem=', '-D /tmp=1', 'log_line_prefix=a b']) {
      expect(() => loadLauncherConfig({ EMBEDDED_POSTGRES_SETTINGS: bad })).toThrow(ConfigError);
    }
  });
});
