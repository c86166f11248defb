/**
 * `npm run sdk:generate` writes the SDK's types (src/sdk/generated) from the processes' routes;
 * `npm run sdk:check` (`--check`) fails, naming the files, when they differ from what the routes
 * give: a route changed without generating again. The apps are built on a throwaway embedded
 * PostgreSQL with every migration applied (the trading app loads its books at start) and, for
 * the chain process, a throwaway anvil (scripts/sdk-sources.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../src/lib/db/database.js';
import { migrateToLatest } from '../src/lib/db/migrate.js';
import { startEmbeddedPostgres } from '../src/lib/embedded/postgres.js';
import { freePort } from '../src/lib/embedded/ports.js';
import { generatedDir, sdkSources } from './sdk-sources.js';

const check = process.argv.includes('--check');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-sdk-pg-'));
// PostgreSQL runs as another user when this one is root: it must reach the folder
await fs.chmod(dataDir, 0o755);
const server = await startEmbeddedPostgres({
  dataDir: path.join(dataDir, 'data'),
  port: await freePort(),
  password: 'tessera-sdk',
  database: 'postgres',
});
const stale: string[] = [];
try {
  const url = new URL(server.adminUrl);
  const db = createDb(url.toString(), 2);
  try {
    await migrateToLatest(db);
    const sources = await sdkSources(url.toString(), db);
    await fs.mkdir(generatedDir, { recursive: true });
    for (const [file, contents] of sources) {
      const target = path.join(generatedDir, file);
      if (check) {
        const current = await fs.readFile(target, 'utf8').catch(() => '');
        if (current !== contents) stale.push(file);
      } else {
        await fs.writeFile(target, contents);
      }
    }
  } finally {
    await db.destroy();
  }
} finally {
  await server.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
if (stale.length > 0) {
  console.error(`src/sdk/generated is not current (${stale.join(', ')}): npm run sdk:generate`);
  process.exitCode = 1;
} else {
  console.log(check ? 'src/sdk/generated is current' : `wrote ${generatedDir}`);
}
