/**
 * The typed SDK's generated sources (docs/sdk.md): the OpenAPI documents of the four processes
 * with an HTTP API (platform, trading, chain, provider sandbox), each as built from its routes
 * (the document the process serves at /openapi.json), turned into TypeScript types by
 * openapi-typescript. Used by `npm run sdk:generate` (writes them), `npm run sdk:check` and
 * src/sdk/sdk.int.test.ts (compare).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildChainApp } from '../src/chain/app.js';
import { openChainServices } from '../src/chain/chain-services.js';
import { buildPlatformApp } from '../src/platform/app.js';
import { buildProviderSandboxApp } from '../src/provider-sandbox/app.js';
import { buildTradingApp } from '../src/trading/app.js';
import type { Db } from '../src/lib/db/database.js';
import { anvilDevSignerKey, startEmbeddedAnvil } from '../src/lib/embedded/anvil.js';
import { freePort } from '../src/lib/embedded/ports.js';
import type { HttpApp } from '../src/lib/http/app.js';
import { createLogger } from '../src/lib/logger.js';
import { testConfig } from '../test/support/config.js';

export const generatedDir = path.join(import.meta.dirname, '..', 'src', 'sdk', 'generated');

const header = (name: string) =>
  [
    `// The ${name} process's API as TypeScript types, generated from its OpenAPI document.`,
    '// Do not edit: `npm run sdk:generate` writes it again (docs/sdk.md).',
    '',
  ].join('\n');

async function typesOf(name: string, app: HttpApp): Promise<string> {
  const answer = await app.inject({ method: 'GET', url: '/openapi.json' });
  if (answer.statusCode !== 200)
    throw new Error(`${name}: /openapi.json answered ${answer.statusCode}`);
  const ast = await openapiTS(answer.json<Parameters<typeof openapiTS>[0]>());
  return header(name) + astToString(ast);
}

/** The types of one app, which is closed afterwards. */
async function typesOfClosing(name: string, app: HttpApp): Promise<string> {
  try {
    return await typesOf(name, app);
  } finally {
    await app.close();
  }
}

/**
 * File name (in src/sdk/generated) to contents, from apps built on the migrated database at
 * `databaseUrl` (`db` its pool); nothing listens. The chain process starts only once connected to
 * a node with its contracts deployed: a throwaway anvil stands in for the chain.
 */
export async function sdkSources(databaseUrl: string, db: Db): Promise<Map<string, string>> {
  const logger = createLogger('sdk', 'silent');
  const anvil = await startEmbeddedAnvil({ port: await freePort() });
  const sandboxState = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-sdk-sandbox-'));
  try {
    const config = testConfig({
      DATABASE_URL: databaseUrl,
      CHAIN_RPC_URL: anvil.rpcUrl,
      CHAIN_SIGNER_KEY: anvilDevSignerKey,
    });
    const sources = new Map<string, string>();
    const platform = await buildPlatformApp({ config, db, logger, apiKeyPollMs: 0 });
    sources.set('platform.ts', await typesOfClosing('platform', platform));
    const trading = await buildTradingApp({ config, db, logger, tickMs: 0, heartbeatMs: 0 });
    sources.set('trading.ts', await typesOfClosing('trading', trading.app));
    const services = await openChainServices(config, db, logger);
    sources.set(
      'chain.ts',
      await typesOfClosing('chain', await buildChainApp({ config, services, logger })),
    );
    const sandbox = await buildProviderSandboxApp(config, logger, { stateDirectory: sandboxState });
    sources.set('provider-sandbox.ts', await typesOfClosing('provider sandbox', sandbox));
    return sources;
  } finally {
    await anvil.stop();
    await fs.rm(sandboxState, { recursive: true, force: true });
  }
}
