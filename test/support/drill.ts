/**
 * The fault drill (`npm run drill`, and a short form in test/e2e/drill.e2e.test.ts): the whole
 * system under a seeded load while, in turn, anvil is stopped for an outage, PostgreSQL is
 * restarted, the trading and the platform process are killed with SIGKILL, and the chain process
 * is stopped. PostgreSQL and anvil are the drill's own (so it can stop and start them); the four
 * processes run under `tessera start`, which restarts them. After each fault the drill waits for
 * the system to recover by itself (every process ready, every trade settled, every mint on
 * chain, every dividend paid, reconciliation clean) and checks conservation and that every
 * acknowledged command is there exactly once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createDb, type Db } from '../../src/lib/db/database.js';
import {
  anvilDevSignerKey,
  startEmbeddedAnvil,
  type EmbeddedAnvil,
} from '../../src/lib/embedded/anvil.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/lib/embedded/postgres.js';
import { startRpcProxy, type RpcProxy } from '../../src/chain/testing/rpc-proxy.js';
import { Exact } from '../../src/lib/money.js';
import { drillState, losses, type DrillBaseline } from './drill-checks.js';
import { DrillLoad, type DrillCast } from './drill-load.js';
import { e2ePassword, flows, until, type Json } from './e2e-flows.js';
import { systemAdminEmail } from './e2e-system.js';
import {
  newDataDir,
  processesOf,
  startSystem,
  systemEnv,
  systemPorts,
  type RunningSystem,
} from './system.js';

export interface DrillOptions {
  /** how long anvil stays down */
  outageMs: number;
  investors: number;
  /** concurrent command loops, each sending a command every `paceMs` at most */
  workers: number;
  paceMs: number;
  seed: number;
  /** the longest a recovery may take before the drill counts it as not recovered */
  recoveryTimeoutMs: number;
  /** progress lines (the result line is the caller's to print) */
  say: (line: string) => void;
}

export interface DrillResult {
  faults: number;
  commands: number;
  settled: number;
  lost: string[];
  staffActions: number;
  recoveryMaxSeconds: number;
}

export function drillLine(result: DrillResult): string {
  return (
    `drill: ${result.faults} faults, ${result.commands} commands, ${result.settled} trades ` +
    `settled, ${result.lost.length} lost, ${result.staffActions} staff actions, ` +
    `recovery max ${result.recoveryMaxSeconds.toFixed(1)} s`
  );
}

const investorDeposit = '100000.00';
const seedQuantity = 2000;

export async function runDrill(options: DrillOptions): Promise<DrillResult> {
  const { say } = options;
  const dataDir = await newDataDir();
  const ports = await systemPorts();
  const pgOptions = {
    dataDir: path.join(dataDir, 'pg'),
    port: ports.postgres,
    password: 'drill-postgres',
    database: 'tessera',
  };
  const anvilOptions = { port: ports.anvil, statePath: path.join(dataDir, 'anvil-state.json') };
  let pg: EmbeddedPostgres | undefined;
  let anvil: EmbeddedAnvil | undefined;
  let proxy: RpcProxy | undefined;
  let system: RunningSystem | undefined;
  let db: Db | undefined;
  try {
    pg = await startEmbeddedPostgres(pgOptions);
    anvil = await startEmbeddedAnvil(anvilOptions);
    // The node is reached through a proxy the drill closes before it stops anvil (see the fault).
    proxy = await startRpcProxy(anvil.rpcUrl);
    const nodeProxy = proxy;
    const env = systemEnv(dataDir, ports, {
      DATABASE_URL: pg.url,
      CHAIN_RPC_URL: proxy.url,
      CHAIN_SIGNER_KEY: anvilDevSignerKey,
      TESSERA_ADMIN_EMAIL: systemAdminEmail,
      TESSERA_ADMIN_PASSWORD: e2ePassword,
      WORKER_IDLE_MS: '50',
      RATE_LIMIT_PER_MINUTE: '1000000',
      CREDENTIAL_RATE_LIMIT_PER_MINUTE: '100000',
      // the waits between chain retries stay short, so recovery is measured, not the back-off;
      // work a killed process had claimed is taken again when its lease ends
      CHAIN_RETRY_MAX_MS: '2000',
      CHAIN_CLIENT_TIMEOUT_MS: '20000',
      WORKER_LEASE_SECONDS: '30',
    });
    system = await startSystem(env);
    const running = system;
    const flow = flows(running);
    db = createDb(pg.url, 2);
    const checkDb = db;

    say('drill: seeding');
    const cast = await seed(flow, options.investors);
    await until(
      () =>
        drillState(checkDb, {
          liveToken: cast.liveToken,
          offeringToken: cast.offeringToken,
        }),
      (state) => state.backlog.mints === 0,
      options.recoveryTimeoutMs,
    );
    const seeded = await drillState(checkDb, {
      liveToken: cast.liveToken,
      offeringToken: cast.offeringToken,
    });
    const baseline: DrillBaseline = {
      deposits: new Exact(investorDeposit).times(options.investors).toFixed(2),
      liveTokenUnits: Number(seeded.units.live),
      liveToken: cast.liveToken,
      offeringToken: cast.offeringToken,
    };
    const load = new DrillLoad(flow, cast, options.seed);

    /** mismatches already counted as lost by an earlier fault */
    const knownMismatches = new Set<string>();
    /**
     * What still keeps the system from having recovered: a process not ready, chain work left,
     * the chain not equal to the database; an empty list once it has.
     */
    const waitingFor = async (): Promise<string[]> => {
      for (const url of [running.urls.platform, running.urls.trading, running.urls.chain]) {
        const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(10_000) })
          .then((r) => r.json() as Promise<{ status: string }>)
          .catch(() => undefined);
        if (answer?.status !== 'ready') return [`${url}/readyz: ${answer?.status ?? 'no answer'}`];
      }
      const state = await drillState(checkDb, baseline).catch(() => undefined);
      if (!state) return ['the database'];
      const left = Object.entries(state.backlog).filter(([, count]) => count > 0);
      if (left.length > 0) return left.map(([what, count]) => `${count} ${what} not on chain`);
      const report = await flow
        .trade('GET', '/api/v1/admin/reconciliation', undefined, cast.admin, 200)
        .catch(() => undefined);
      if (!report) return ['the reconciliation'];
      return (report.mismatches as Json[])
        .map(
          (m) =>
            `reconciliation: ${m.kind} ${m.symbol} ${m.user_id} database ${m.database} chain ${m.chain}`,
        )
        .filter((line) => !knownMismatches.has(line));
    };
    const processPid = async (name: string) =>
      (await processesOf(env)).find((p) => p.command.endsWith(`tessera.js ${name}`))?.pid;
    /** kills the process, and resolves once the launcher has restarted it */
    const killProcess = async (name: string, signal: NodeJS.Signals) => {
      const restarts = () => running.output().split(`${name} restarted: `).length;
      const before = restarts();
      process.kill((await processPid(name))!, signal);
      await until(
        () => Promise.resolve(restarts()),
        (n) => n > before,
        options.recoveryTimeoutMs,
      );
    };

    const faults: { name: string; inject: () => Promise<void> }[] = [
      {
        name: `anvil stopped for ${options.outageMs / 1000} s`,
        inject: async () => {
          // Refused connections first, then the stop once the node is quiet: anvil writes its
          // state file at SIGTERM, and a transaction arriving while it does can be kept in the
          // state without its block (the chain process would then send it again).
          await nodeProxy.setMode('down');
          await quiet(anvil!.rpcUrl);
          await anvil!.stop();
          await new Promise((resolve) => setTimeout(resolve, options.outageMs));
          anvil = await startEmbeddedAnvil(anvilOptions);
          await nodeProxy.setMode('forward');
        },
      },
      {
        name: 'PostgreSQL restarted',
        inject: async () => {
          await pg!.stop();
          pg = await startEmbeddedPostgres(pgOptions);
        },
      },
      { name: 'trading killed (SIGKILL)', inject: () => killProcess('trading', 'SIGKILL') },
      { name: 'platform killed (SIGKILL)', inject: () => killProcess('platform', 'SIGKILL') },
      { name: 'chain process stopped', inject: () => killProcess('chain', 'SIGTERM') },
    ];

    const lost: string[] = [];
    let recoveryMax = 0;
    let staffActions = 0;
    for (const fault of faults) {
      await relogin(flow, cast, options.investors);
      const before = load.commands;
      load.start(options.workers, options.paceMs);
      await until(
        () => Promise.resolve(load.commands),
        (n) => n >= before + 10,
        options.recoveryTimeoutMs,
      );
      say(`drill: ${fault.name}`);
      await fault.inject();
      const liftedAt = performance.now();
      await load.stop();
      let waiting: string[] = [];
      const ok = await until(
        async () => (waiting = await waitingFor()),
        (left) => left.length === 0,
        options.recoveryTimeoutMs,
      ).then(
        () => true,
        () => false,
      );
      const seconds = (performance.now() - liftedAt) / 1000;
      recoveryMax = Math.max(recoveryMax, seconds);
      const state = await drillState(checkDb, baseline);
      const found = await losses(checkDb, baseline, state, load);
      if (!ok) {
        found.push(
          `not recovered within ${options.recoveryTimeoutMs / 1000} s: ${waiting.join('; ')}`,
        );
        for (const line of waiting) knownMismatches.add(line);
      }
      staffActions = state.needsStaff.failed + state.needsStaff.retries;
      say(
        `drill: ${fault.name}: recovered in ${seconds.toFixed(1)} s, ${load.commands} commands, ` +
          `${found.length} lost, ${staffActions} needing staff, orders refused: ` +
          JSON.stringify(Object.fromEntries(load.refused)) +
          found.map((line) => `\n  lost: ${line}`).join(''),
      );
      lost.push(...found.map((line) => `${fault.name}: ${line}`));
    }
    const settled = await checkDb
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('settlement_status', '=', 'settled')
      .executeTakeFirstOrThrow();
    return {
      faults: faults.length,
      commands: load.commands,
      settled: Number(settled.n),
      lost,
      staffActions,
      recoveryMaxSeconds: recoveryMax,
    };
  } finally {
    await db?.destroy();
    await system?.stop();
    await proxy?.stop();
    await anvil?.stop();
    await pg?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

type Flow = ReturnType<typeof flows>;

/** Resolves once the node's block number held still across two reads (nothing in flight). */
async function quiet(rpcUrl: string): Promise<void> {
  const blockNumber = async () => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    });
    return ((await response.json()) as { result: string }).result;
  };
  let last = await blockNumber();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await blockNumber();
    if (now === last) return;
    last = now;
  }
}

const investorEmail = (i: number) => `investor${i}@drill.example`;
const issuerEmail = 'issuer@drill.example';

/** An issuer, a token live for trading held by every investor, a token in its offering. */
async function seed(flow: Flow, investors: number): Promise<DrillCast> {
  const admin = await flow.login(systemAdminEmail);
  const issuer = await flow.verifiedUser(admin, issuerEmail, { role: 'issuer' });
  const businessId = await flow.activeBusiness(admin, issuer, 'Drill Estates');
  const live = await flow.liveOffering(admin, issuer, businessId, 'DRLA');
  const offering = await flow.liveOffering(admin, issuer, businessId, 'DRLB');
  const tokens: string[] = [];
  const allocations: string[] = [];
  for (let i = 0; i < investors; i++) {
    const investor = await flow.verifiedUser(admin, investorEmail(i), {
      role: 'investor',
      account_type: 'individual',
    });
    await flow.deposit(admin, investor, investorDeposit);
    const allocation = await flow.call(
      'POST',
      `/api/v1/tokens/${live.id}/subscribe`,
      { quantity: seedQuantity },
      investor,
      201,
    );
    allocations.push(allocation.id as string);
    tokens.push(investor);
  }
  await flow.call(
    'POST',
    `/api/v1/admin/tokens/${live.id}/confirm-payment`,
    { allocation_ids: allocations },
    admin,
    200,
  );
  await flow.enableSecondary(admin, live.id);
  return { admin, issuer, investors: tokens, liveToken: live.id, offeringToken: offering.id };
}

/** Fresh access tokens (they last 15 minutes; a long drill outlives them). */
async function relogin(flow: Flow, cast: DrillCast, investors: number): Promise<void> {
  cast.admin = await flow.login(systemAdminEmail);
  cast.issuer = await flow.login(issuerEmail);
  for (let i = 0; i < investors; i++) cast.investors[i] = await flow.login(investorEmail(i));
}
