/**
 * `tessera start`: the whole system in one command. Starts (unless DATABASE_URL / CHAIN_RPC_URL
 * point elsewhere) a real PostgreSQL and an anvil node with their data under TESSERA_DATA_DIR,
 * applies migrations, makes the first admin, starts the four processes and prints their URLs.
 * SIGINT/SIGTERM, or a failure at any step, stops everything started so far, in reverse order.
 */
import path from 'node:path';
import { loadConfig, loadLauncherConfig } from '../lib/config.js';
import { anvilDevSignerKey, startEmbeddedAnvil } from '../lib/embedded/anvil.js';
import { assertPortFree } from '../lib/embedded/ports.js';
import { startEmbeddedPostgres } from '../lib/embedded/postgres.js';
import { createLogger } from '../lib/logger.js';
import { portOf, processNames, starters } from './processes.js';
import { loadOrCreateSecrets, secretsAsEnv } from './secrets.js';
import { prepareDatabase } from './setup.js';

interface Stoppable {
  name: string;
  stop(): Promise<void>;
}

const say = (line = '') => process.stdout.write(`${line}\n`);

export async function start(): Promise<void> {
  const startedAt = performance.now();
  const launcher = loadLauncherConfig();
  const logger = createLogger('tessera', launcher.logLevel);
  const started: Stoppable[] = [];
  let stopping: Promise<void> | undefined;

  const stopAll = () =>
    (stopping ??= (async () => {
      for (const part of started.reverse()) {
        await part
          .stop()
          .catch((error: unknown) => logger.error({ err: error }, `stopping ${part.name} failed`));
      }
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    say(`\n${signal}: stopping everything...`);
    void stopAll().then(() => {
      say('stopped.');
      process.exit(0);
    });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const step = async <T extends Stoppable>(what: Promise<T>): Promise<T> => {
    const part = await what;
    started.push(part);
    if (stopping) throw new Error('stopped while starting');
    return part;
  };

  try {
    const secrets = await loadOrCreateSecrets(launcher.dataDir);
    const env: Record<string, string | undefined> = { ...secretsAsEnv(secrets), ...process.env };
    if (launcher.embedPostgres) {
      const pg = await step(
        startEmbeddedPostgres({
          dataDir: path.join(launcher.dataDir, 'postgres'),
          port: launcher.embeddedPostgresPort,
          password: secrets.postgres_password,
          database: 'tessera',
          host: launcher.host,
        }).then((server) => ({ ...server, name: 'postgres' })),
      );
      env.DATABASE_URL = pg.url;
      say(
        `postgres  ${pg.url.replace(/:[^:@/]+@/, ':***@')} (embedded, data in ${path.join(launcher.dataDir, 'postgres')})`,
      );
    }
    if (launcher.embedChain) {
      const anvil = await step(
        startEmbeddedAnvil({
          port: launcher.anvilPort,
          host: launcher.host,
          statePath: path.join(launcher.dataDir, 'anvil-state.json'),
        }).then((node) => ({ ...node, name: 'anvil' })),
      );
      env.CHAIN_RPC_URL = anvil.rpcUrl;
      env.CHAIN_SIGNER_KEY ??= anvilDevSignerKey;
      say(
        `anvil     ${anvil.rpcUrl} (embedded, state in ${path.join(launcher.dataDir, 'anvil-state.json')})`,
      );
    }
    const config = loadConfig(env);
    for (const name of processNames) await assertPortFree(config.host, portOf(config, name), name);

    const { applied, admin } = await prepareDatabase(config);
    if (applied.length > 0) say(`migrations: ${applied.join(', ')}`);
    for (const name of processNames)
      await step(starters[name](config, logger.child({ process: name })));

    say('');
    say(
      `Tessera is running (started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s):`,
    );
    say(`  platform          ${config.urls.platform}   docs: ${config.urls.platform}/docs`);
    say(`  trading           ${config.urls.trading}   docs: ${config.urls.trading}/docs`);
    say(`  chain             ${config.urls.chain}   docs: ${config.urls.chain}/docs`);
    say(
      `  provider sandbox  ${config.urls.providerSandbox}   docs: ${config.urls.providerSandbox}/docs`,
    );
    if (admin?.generatedPassword) {
      say('');
      say(
        'First admin created. These credentials are shown once; change the password after logging in (POST /api/v1/me/password):',
      );
      say(`  email:    ${admin.email}`);
      say(`  password: ${admin.generatedPassword}`);
    } else if (admin) {
      say(`First admin created: ${admin.email} (password from TESSERA_ADMIN_PASSWORD)`);
    }
    say('');
    say('Press Ctrl-C to stop.');
  } catch (error) {
    say(`\ntessera start failed: ${error instanceof Error ? error.message : String(error)}`);
    logger.debug({ err: error }, 'start failed');
    await stopAll();
    process.exit(1);
  }
}
