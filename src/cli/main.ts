/**
 * The `tessera` command.
 *   tessera start                 the whole system on embedded defaults (npm start)
 *   tessera platform|trading|chain|provider-sandbox
 *                                 one process alone, configured by the environment
 *   tessera migrate [up|down]     apply all pending migrations, or revert the latest
 *   tessera admin                 create the first admin (TESSERA_ADMIN_EMAIL / _PASSWORD) if none
 *   tessera reconcile             database balances against the chain (exit code 1 on mismatches)
 */
import { systemClock } from '../lib/clock.js';
import { ConfigError, loadConfig } from '../lib/config.js';
import { createDb } from '../lib/db/database.js';
import { processNames, type ProcessName } from './processes.js';

const usage = `usage: tessera <start | ${processNames.join(' | ')} | migrate [up|down] | admin | reconcile>`;

async function withDb<T>(work: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(loadConfig().database.url, 2);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, arg] = argv;
  // Each command loads only its own code: a process run by `tessera start` starts sooner.
  if (command === 'start') return (await import('./start.js')).start();
  if ((processNames as readonly string[]).includes(command ?? ''))
    return (await import('./run-one.js')).runOne(command as ProcessName);
  if (command === 'migrate') {
    const { migrateDown, migrateToLatest } = await import('../lib/db/migrate.js');
    const done = await withDb((db) => (arg === 'down' ? migrateDown(db) : migrateToLatest(db)));
    console.log(done.length > 0 ? done.join('\n') : 'nothing to do');
    return;
  }
  if (command === 'admin') {
    const { ensureFirstAdmin } = await import('../platform/users/users.service.js');
    const admin = await withDb((db) => ensureFirstAdmin(db, loadConfig().bootstrapAdmin));
    console.log(
      !admin
        ? 'an admin already exists'
        : admin.generatedPassword
          ? `admin ${admin.email} created; password (shown once): ${admin.generatedPassword}`
          : `admin ${admin.email} created`,
    );
    return;
  }
  if (command === 'reconcile') {
    const { chainClientFor } = await import('../lib/chain-client.js');
    const { formatReport, reconcile } = await import('../trading/settlement/reconciliation.js');
    const chain = chainClientFor(loadConfig());
    const report = await withDb((db) => reconcile(db, chain, systemClock.now()));
    console.log(formatReport(report));
    if (report.mismatches.length > 0) process.exitCode = 1;
    return;
  }
  console.error(usage);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
