/**
 * The typed SDK's generated sources (docs/sdk.md): the OpenAPI documents of the two processes a
 * program calls, platform and trading, each as built from its routes (the document the process
 * serves at /openapi.json), turned into TypeScript types by openapi-typescript. Used by
 * `npm run sdk:generate` (writes them), `npm run sdk:check` and src/sdk/sdk.int.test.ts (compare).
 */
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildPlatformApp } from '../src/platform/app.js';
import { buildTradingApp } from '../src/trading/app.js';
import type { Config } from '../src/lib/config.js';
import type { Db } from '../src/lib/db/database.js';
import type { HttpApp } from '../src/lib/http/app.js';
import { createLogger } from '../src/lib/logger.js';

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

/** File name (in src/sdk/generated) to contents, from apps built on `db` (nothing listens). */
export async function sdkSources(config: Config, db: Db): Promise<Map<string, string>> {
  const logger = createLogger('sdk', 'silent');
  const sources = new Map<string, string>();
  const platform = await buildPlatformApp({ config, db, logger, apiKeyPollMs: 0 });
  try {
    sources.set('platform.ts', await typesOf('platform', platform));
  } finally {
    await platform.close();
  }
  const trading = await buildTradingApp({ config, db, logger, tickMs: 0, heartbeatMs: 0 });
  try {
    sources.set('trading.ts', await typesOf('trading', trading.app));
  } finally {
    await trading.app.close();
  }
  return sources;
}
