import { loadConfig, type Config } from '../../src/lib/config.js';
import { anvilDevSignerKey } from '../../src/lib/embedded/anvil.js';

/** A fixed custody mnemonic (not anvil's, whose addresses are the chain's own dev signers). */
export const testCustodyMnemonic =
  'author rose peace slide mesh vault sauce fly screen total paddle empty';

/** A config for tests: the real parser over a test environment (only what tests care about is set). */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig(testEnv(env));
}

/** The environment behind testConfig, for tests that start a process of their own. */
export function testEnv(env: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
    CHAIN_RPC_URL: 'http://127.0.0.1:1',
    CHAIN_SIGNER_KEY: anvilDevSignerKey,
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    SERVICE_TOKEN: 'test-service-token-that-is-long-enough-012345',
    PROVIDER_APP_TOKEN: 'sbx:test-app-token',
    PROVIDER_SECRET_KEY: 'test-provider-secret-key',
    PROVIDER_WEBHOOK_SECRET: 'test-provider-webhook-secret',
    FIELD_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    CUSTODY_MNEMONIC: testCustodyMnemonic,
    // Tests drive many users from one address; the limits themselves are tested with low values.
    RATE_LIMIT_PER_MINUTE: '100000',
    CREDENTIAL_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'silent',
    // A staff session's step-up outlasts a long test; the window itself is tested with its default.
    STEP_UP_MAX_AGE_SECONDS: '3600',
    // the trading write mode under test: TRADING_WRITE=journal runs a test file in journal mode
    ...(process.env.TRADING_WRITE ? { TRADING_WRITE: process.env.TRADING_WRITE } : {}),
    ...env,
  };
}
