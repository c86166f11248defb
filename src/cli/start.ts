/**
 * `tessera start`: the whole system in one command. Starts (unless DATABASE_URL / CHAIN_RPC_URL
 * point elsewhere) a real PostgreSQL and an anvil node with their data under TESSERA_DATA_DIR,
 * applies migrations, makes the first admin, then runs the five processes, each its own OS process
 * (src/cli/service.ts), and prints their URLs. Without SMTP_URL it runs a mail sink
 * (src/lib/embedded/mail-sink.ts) that every email goes to, and prints its page's URL. With TRADING_NODES above 1 the trading process is
 * a local cluster of that many nodes (src/cli/trading-nodes.ts) over the NATS at NATS_URL, or a
 * `nats-server` it starts (and stops after the processes, before anvil and PostgreSQL).
 *
 * Every way this launcher ends stops what it started, in reverse order (the processes, then anvil,
 * then PostgreSQL): SIGINT, SIGTERM or SIGHUP (a second one while stopping is ignored, so it cannot
 * cut the stop short), a failure at any step, an uncaught error, a process that keeps exiting, and
 * the end of the command that started it (npm killed by SIGTERM leaves us running otherwise). If it
 * is killed outright (SIGKILL), its processes stop themselves, and the next start stops the
 * PostgreSQL and anvil it left running, saying so.
 */
import path from 'node:path';
import { loadConfig, loadLauncherConfig } from '../lib/config.js';
import { anvilDevSignerKey } from '../lib/embedded/anvil.js';
import { startMailSink } from '../lib/embedded/mail-sink.js';
import { startEmbeddedNats } from '../lib/embedded/nats.js';
import { assertPortFree, freePort } from '../lib/embedded/ports.js';
import { startEmbeddedPostgres } from '../lib/embedded/postgres.js';
import {
  commandProcesses,
  isRunning,
  millisecondsSinceStart,
  readPidFile,
  recordOf,
  removePidFile,
  writePidFile,
} from '../lib/embedded/proc.js';
import { portOf, portSettings, processNames } from './processes.js';
import { loadOrCreateSecrets, secretsAsEnv } from './secrets.js';
import { Service } from './service.js';
import { startSupervisedAnvil } from './supervised-anvil.js';
import { clusterNats, nodeEnv, nodeUrl, tradingNodes, type ClusterNats } from './trading-nodes.js';

interface Stoppable {
  name: string;
  stop(): Promise<void>;
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** How often the launcher checks that the command that started it is still there. */
const parentCheckMs = 250;

export async function start(): Promise<void> {
  // The command's first process (npm, for `npm start`): "started in" is the wall time the user saw.
  const command = commandProcesses();
  const launcher = loadLauncherConfig();
  const started: Stoppable[] = [];
  // Forked before PostgreSQL and anvil start, so that they load meanwhile; stopped before them.
  let services: Service[] = [];
  let pending: Promise<unknown> = Promise.resolve();
  let stopping: Promise<void> | undefined;
  let ownsLock = false;
  const lockFile = path.join(launcher.dataDir, 'launcher.pid');

  // A terminal closed or a parent gone takes our stdout with it; the stop must go on regardless.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);

  const stopAll = () =>
    (stopping ??= (async () => {
      // A part being started (PostgreSQL, say) is stopped once it is up, not left behind.
      await pending.catch(() => undefined);
      const processes = {
        name: 'processes',
        stop: async () => void (await Promise.all(services.map((service) => service.stop()))),
      };
      for (const part of [processes, ...started.reverse()]) {
        await part
          .stop()
          .catch((error: unknown) => say(`stopping ${part.name} failed: ${messageOf(error)}`));
      }
      if (ownsLock) removePidFile(lockFile);
    })());
  const exit = async (code: number) => {
    await stopAll();
    say('stopped.');
    process.exit(code);
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      say(`${signal} again: still stopping (PostgreSQL and anvil are shutting down cleanly)...`);
      return;
    }
    say(`\n${signal}: stopping everything...`);
    void exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  const onUnexpected = (error: unknown) => {
    say(`\ntessera: unexpected error, stopping everything: ${messageOf(error)}`);
    if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    void exit(1);
  };
  process.on('uncaughtException', onUnexpected);
  process.on('unhandledRejection', onUnexpected);
  const parentPid = process.ppid;
  const ancestors = command.slice(1);
  setInterval(() => {
    if (stopping) return;
    const gone =
      process.ppid !== parentPid ? { pid: parentPid } : ancestors.find((a) => !isRunning(a));
    if (!gone) return;
    say(`\nthe command that started tessera (pid ${gone.pid}) has ended: stopping everything...`);
    void exit(0);
  }, parentCheckMs).unref();

  /** A supervised part (a process, anvil) exited more often than its restarts allow. */
  const onGiveUp = (reason: string) => {
    if (stopping) return;
    say(`\n${reason}\nstopping everything...`);
    void exit(1);
  };

  const step = async <T extends Stoppable>(what: Promise<T>): Promise<T> => {
    pending = what;
    const part = await what;
    started.push(part);
    if (stopping) throw new Error('stopped while starting');
    return part;
  };

  try {
    const other = readPidFile(lockFile);
    if (other && other.pid !== process.pid && isRunning(other)) {
      throw new Error(
        `another tessera start (pid ${other.pid}) is running on ${launcher.dataDir}; ` +
          `stop it first, or set TESSERA_DATA_DIR to another folder`,
      );
    }
    // Before anything starts: a cluster without a NATS to run on says what to install.
    const nats: ClusterNats | undefined =
      launcher.tradingNodes > 1 ? clusterNats(launcher.tradingNodes, launcher.natsUrl) : undefined;
    writePidFile(lockFile, recordOf(process.pid));
    ownsLock = true;

    const secrets = await loadOrCreateSecrets(launcher.dataDir);
    const env: Record<string, string | undefined> = { ...secretsAsEnv(secrets), ...process.env };
    const nodes = tradingNodes(launcher.tradingNodes, launcher.ports.trading, [
      launcher.ports.platform,
      launcher.ports.chain,
      launcher.ports.providerSandbox,
    ]);
    const readableLogs = launcher.logFormat === 'text';
    services = processNames.flatMap((name) =>
      name === 'trading'
        ? nodes.map(
            (node) =>
              new Service({
                name,
                label: node.label,
                env: { ...env },
                say,
                onGiveUp,
                readableLogs,
              }),
          )
        : [new Service({ name, env: { ...env }, say, onGiveUp, readableLogs })],
    );
    for (const service of services) service.spawn();
    // The migrations and the admin's code load while PostgreSQL starts.
    const setup = import('./setup.js');
    if (launcher.embedPostgres) {
      const pgData = path.join(launcher.dataDir, 'postgres');
      const pg = await step(
        startEmbeddedPostgres({
          dataDir: pgData,
          port: launcher.embeddedPostgresPort,
          settings: launcher.embeddedPostgresSettings,
          password: secrets.postgres_password,
          database: 'tessera',
          host: launcher.host,
          notice: (line) => say(`postgres  ${line}`),
        }).then((server) => ({ ...server, name: 'postgres' })),
      );
      env.DATABASE_URL = pg.url;
      say(`postgres  ${pg.url.replace(/:[^:@/]+@/, ':***@')} (embedded, data in ${pgData})`);
    }
    if (launcher.embedChain) {
      const statePath = path.join(launcher.dataDir, 'anvil-state.json');
      const anvil = await step(
        startSupervisedAnvil(
          {
            port: launcher.anvilPort,
            // loopback whatever HOST says: the node takes transactions signed with public keys
            host: '127.0.0.1',
            statePath,
            pidFile: path.join(launcher.dataDir, 'anvil.pid'),
            notice: (line) => say(`anvil     ${line}`),
          },
          { say, onGiveUp },
        ).then((node) => ({ rpcUrl: node.rpcUrl, stop: () => node.stop(), name: 'anvil' })),
      );
      env.CHAIN_RPC_URL = anvil.rpcUrl;
      const developmentKey = env.CHAIN_SIGNER_KEY === undefined;
      env.CHAIN_SIGNER_KEY ??= anvilDevSignerKey;
      say(`anvil     ${anvil.rpcUrl} (embedded, loopback only, state in ${statePath})`);
      if (developmentKey)
        say(
          "anvil     signing with anvil's public development key #0: fine for this machine only; set CHAIN_RPC_URL and CHAIN_SIGNER_KEY for a real chain",
        );
    }
    let natsUrl = nats && 'url' in nats ? nats.url : undefined;
    if (nats && 'binary' in nats) {
      const natsData = path.join(launcher.dataDir, 'nats');
      const server = await step(
        startEmbeddedNats({
          binary: nats.binary,
          dataDir: natsData,
          // loopback whatever HOST says: the server asks no credentials
          port: await freePort('127.0.0.1'),
          host: '127.0.0.1',
          notice: (line) => say(`nats      ${line}`),
        }).then((server) => ({ ...server, name: 'nats' })),
      );
      natsUrl = server.url;
      say(`nats      ${server.url} (${nats.binary}, loopback only, data and log in ${natsData})`);
    }
    let mailUrl: string | undefined;
    if (launcher.embedMail) {
      // loopback whatever HOST says: the sink shows every email to whoever opens it
      const sink = await step(
        startMailSink({ host: '127.0.0.1' }).then((server) => ({ ...server, name: 'mail' })),
      );
      env.SMTP_URL = sink.smtpUrl;
      mailUrl = sink.url;
    }
    // the web app sends a book's orders straight to its owner node: the platform names them all
    if (nodes.length > 1) {
      env.TRADING_NODE_URLS ??= nodes.map((node) => nodeUrl(launcher.host, node)).join(',');
    }
    const config = loadConfig(env);
    for (const name of processNames) {
      if (name !== 'trading')
        await assertPortFree(config.host, portOf(config, name), name, portSettings[name]);
    }
    for (const node of nodes)
      await assertPortFree(config.host, node.port, node.label, portSettings.trading);

    const prepared = setup.then(({ prepareDatabase }) => prepareDatabase(config));
    pending = prepared;
    const { applied, admin } = await prepared;
    if (applied.length > 0) say(`migrations: ${applied.join(', ')}`);

    // The chain first (the others call it), then the others side by side.
    const [chain, ...others] = services;
    await chain!.start(env);
    const envOf = (service: Service) => {
      const node = nodes.find((n) => n.label === service.label);
      return node ? nodeEnv(env, node, config.host, natsUrl) : env;
    };
    await Promise.all(others.map((service) => service.start(envOf(service))));
    if (stopping) return;

    const startedIn = millisecondsSinceStart(command.at(-1)!) / 1000;
    say('');
    say(`Tessera is running (started in ${startedIn.toFixed(1)} s):`);
    say(`  platform          ${config.urls.platform}   docs: ${config.urls.platform}/docs`);
    for (const node of nodes) {
      const url = nodes.length === 1 ? config.urls.trading : nodeUrl(config.host, node);
      say(`  ${node.label.padEnd(18)}${url}   docs: ${url}/docs`);
    }
    say(`  chain             ${config.urls.chain}   docs: ${config.urls.chain}/docs`);
    say(
      `  provider sandbox  ${config.urls.providerSandbox}   docs: ${config.urls.providerSandbox}/docs`,
    );
    say(
      `  fix               ${config.fix.tlsCert && config.fix.tlsKey ? 'fix+tls' : 'fix'}://${config.host}:${config.ports.fix}   FIX 4.4, TargetCompID ${config.fix.compId} (docs/fix.md)`,
    );
    if (mailUrl) say(`  mail              ${mailUrl} (every email sent lands here)`);
    if (admin?.generatedPassword) {
      say('');
      say(
        'First admin created. These credentials are shown once; the first sign-in asks for a new password:',
      );
      say(`  email:    ${admin.email}`);
      say(`  password: ${admin.generatedPassword}`);
    } else if (admin) {
      say(`First admin created: ${admin.email} (password from TESSERA_ADMIN_PASSWORD)`);
    }
    say('');
    say('Press Ctrl-C to stop.');
  } catch (error) {
    // A signal's stop is under way: it reports and exits.
    if (stopping) return;
    say(`\ntessera start failed: ${messageOf(error)}`);
    await exit(1);
  }
}
