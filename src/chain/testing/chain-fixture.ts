/**
 * A chain service for one integration test file: a real anvil, a fresh migrated database, the
 * infrastructure deployed, and the HTTP app (driven through `inject`). `independent` reads the
 * contracts directly, so tests check the chain without going through the code under test.
 */
import { randomUUID } from 'node:crypto';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import type { DeployResponse } from '../../lib/chain-api.schemas.js';
import type { Config } from '../../lib/config.js';
import type { Db } from '../../lib/db/database.js';
import {
  anvilDevSignerKey,
  startEmbeddedAnvil,
  type EmbeddedAnvil,
} from '../../lib/embedded/anvil.js';
import { freePort } from '../../lib/embedded/ports.js';
import type { HttpApp } from '../../lib/http/app.js';
import { createLogger } from '../../lib/logger.js';
import { buildChainApp } from '../app.js';
import { openChainServices, type ChainServices } from '../chain-services.js';
import { startRpcProxy, type RpcProxy } from './rpc-proxy.js';

export const serviceToken = 'test-service-token-0123456789abcdef';

/** anvil's well-known dev accounts 1..9 (account 0 is the platform signer). */
export const investors: readonly Address[] = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
];

/** A fresh migrated database (test/support/database.ts). */
export interface FixtureDatabase {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** The test configuration parser (test/support/config.ts). */
export type TestConfig = (env: Record<string, string>) => Config;

export function chainTestConfig(
  testConfig: TestConfig,
  rpcUrl: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Config {
  return testConfig({
    DATABASE_URL: databaseUrl,
    CHAIN_RPC_URL: rpcUrl,
    CHAIN_SIGNER_KEY: anvilDevSignerKey,
    CHAIN_RPC_TIMEOUT_MS: '2000',
    CHAIN_RECEIPT_TIMEOUT_MS: '5000',
    SERVICE_TOKEN: serviceToken,
    ...env,
  });
}

export interface ChainFixtureOptions {
  /** anvil keeps its chain in this file across restarts (`--state`) */
  statePath?: string;
  /** put a failure-injecting proxy between the chain service and anvil */
  withProxy?: boolean;
  /** extra configuration (e.g. CHAIN_RECEIPT_TIMEOUT_MS) */
  env?: Record<string, string>;
}

function signerWallet(rpcUrl: string, chainId: number, key: `0x${string}`) {
  return createWalletClient({
    chain: { ...foundry, id: chainId },
    account: privateKeyToAccount(key),
    transport: http(rpcUrl),
  });
}

export interface ChainFixture {
  anvil: EmbeddedAnvil;
  proxy: RpcProxy | undefined;
  /** stops anvil (SIGTERM: it dumps its state when it has a state file) and starts it again */
  stopAnvil(): Promise<void>;
  startAnvil(): Promise<void>;
  database: FixtureDatabase;
  config: Config;
  services: ChainServices;
  app: HttpApp;
  /** a viem client that reads the chain directly */
  independent: ReturnType<typeof createPublicClient>;
  /** the platform signer as a plain wallet client, for set-ups the API does not offer */
  signerWallet: ReturnType<typeof signerWallet>;
  stop(): Promise<void>;
}

/**
 * The test support of test/ is handed in by the test files (the fixture lives under src/ and is
 * compiled with it, so it must not import test/).
 */
export async function startChainFixture(
  support: { testConfig: TestConfig; createTestDatabase: () => Promise<FixtureDatabase> },
  options: ChainFixtureOptions = {},
): Promise<ChainFixture> {
  const port = await freePort();
  const launch = () => startEmbeddedAnvil({ port, statePath: options.statePath });
  let anvil = await launch();
  let running = true;
  const proxy = options.withProxy ? await startRpcProxy(anvil.rpcUrl) : undefined;
  const database = await support.createTestDatabase();
  const config = chainTestConfig(
    support.testConfig,
    proxy?.url ?? anvil.rpcUrl,
    database.url,
    options.env,
  );
  const logger = createLogger('chain-test', 'silent');
  const services = await openChainServices(config, database.db, logger);
  const app = await buildChainApp({ config, services, logger });
  const chain = { ...foundry, id: services.session.chainId };
  return {
    get anvil() {
      return anvil;
    },
    proxy,
    stopAnvil: async () => {
      await anvil.stop();
      running = false;
    },
    startAnvil: async () => {
      anvil = await launch();
      running = true;
    },
    database,
    config,
    services,
    app,
    independent: createPublicClient({ chain, transport: http(anvil.rpcUrl) }),
    signerWallet: signerWallet(anvil.rpcUrl, chain.id, anvilDevSignerKey),
    stop: async () => {
      await app.close();
      await database.drop();
      await proxy?.stop();
      if (running) await anvil.stop();
    },
  };
}

/** Sends a request to the chain API with the service token (and an idempotency key if given). */
export function call(
  app: HttpApp,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
  idempotencyKey?: string,
) {
  return app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${serviceToken}`,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
}

/** Deploys a token suite through the chain API; its token address. */
export async function deployToken(
  app: HttpApp,
  token: { name: string; symbol: string; decimals: number },
): Promise<Address> {
  const deployed = await call(app, 'POST', '/api/v1/deploy', { token_id: randomUUID(), ...token });
  return deployed.json<DeployResponse>().token_addr as Address;
}
