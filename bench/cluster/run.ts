/**
 * The cluster bench: the bench:trading load (200 traders in a closed loop over 100 tokens) on one
 * trading node, then on three nodes twice: each order to a node drawn at random (two in three
 * take the hop to the book's owner), then by the token-aware route (src/lib/book-route.ts: each
 * order straight to its book's owner, read from GET /api/v1/cluster/book-owners), then on one
 * node again (the ratios are against the mean of the two one-node runs; every table is vacuumed
 * before each run, autovacuum off during them). Then a node is
 * killed (SIGKILL) a third of the way into a failover run, three times: with the launcher paused
 * (SIGSTOP) until the run is over, so that it cannot restart the node (the survivors take its
 * books when its leases run out); with the launcher restarting it; and with the launcher paused
 * until the lease plus 1 s after the kill (a restart slower than the lease: the survivors take
 * the books, then give the node its share back; the run goes on until it has). Every order
 * answered 200 must be in the database; each run counts how often the killed node's books
 * changed owner, and reads when its leases ran out. Prints CPU per order by process (each trading node's own from its /metrics) and
 * the trading nodes' and PostgreSQL's CPU per order against one node's, and ends with:
 * `cluster: <N1> orders/s 1 node, <N3> orders/s 3 nodes random, <NT> token-aware, cpu <R>x
 * random <T>x token-aware, no restart first ack <A> s longest wait <W> s, restart first ack <A> s
 * longest wait <W> s, late restart first ack <A> s longest wait <W> s, <L> lost`.
 * BENCH_TRADING_STATEMENTS=N adds each closed loop's N costliest statements
 * (../trading/statements.ts).
 * Run with `npm run bench:cluster` (needs nats-server on the PATH or in /usr/sbin, or NATS_URL).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { BookRoute } from '../../src/lib/book-route.js';
import { createDb, type Db } from '../../src/lib/db/database.js';
import { processesOf, tradingNodeUrls } from '../../test/support/system.js';
import { startSeededSystem, type SeededSystem } from '../support/seeded-system.js';
import { drive, ordersPerRun, tokenCount, traders, type RunResult } from '../trading/load.js';
import { describe, metric, observe } from '../trading/observe.js';
import { describeStatements, resetStatements, statementsEnv } from '../trading/statements.js';
import { driveThroughFailover, type FailoverRun, type Killed } from './failover.js';
import { settleCluster } from './settle.js';

const nodeCount = 3;
/** the lease (BOOK_LEASE_MS's default, 5 s) plus 1 s: the late restart's launcher waits this */
const lateRestartMs = 6_000;
const run = promisify(execFile);

async function nodeCpuSeconds(urls: string[]): Promise<number[]> {
  return Promise.all(
    urls.map(async (url) =>
      metric(await (await fetch(`${url}/metrics`)).text(), 'process_cpu_seconds_total'),
    ),
  );
}

/** One run of the closed loop: its rate, and the trading nodes' and PostgreSQL's CPU per order. */
async function measured(
  seeded: SeededSystem,
  db: Db,
  label: string,
  urls: string[],
  run: () => Promise<RunResult>,
): Promise<RunResult & { cpuPerOrder: number }> {
  await resetStatements(db);
  const before = await observe(seeded.env, urls[0]!, db);
  const nodesBefore = await nodeCpuSeconds(urls);
  const result = await run();
  const after = await observe(seeded.env, urls[0]!, db);
  const nodesAfter = await nodeCpuSeconds(urls);
  console.log(`${label}: ${result.rate.toFixed(0)} orders/s, p99 ${result.p99.toFixed(1)} ms`);
  console.log(describe(before, after, ordersPerRun));
  const statements = await describeStatements(db);
  if (statements) console.log(statements);
  const perNode = urls.map(
    (url, i) => `${url} ${(((nodesAfter[i]! - nodesBefore[i]!) / ordersPerRun) * 1e6).toFixed(0)}`,
  );
  console.log(`  cpu µs/order by trading node: ${perNode.join(', ')}`);
  const cpu = (o: typeof before) => o.cpu.trading + o.cpu.postgres;
  return { ...result, cpuPerOrder: ((cpu(after) - cpu(before)) / ordersPerRun) * 1e6 };
}

/**
 * Every table vacuumed and analyzed before a measured run, with autovacuum off until the closed
 * loops are over (`autovacuum(db, true)`): its runs fell in whichever closed loop was going when
 * its minute came round (5 to 12 of them in token-aware runs, none in the one-node run before),
 * charging that run for the dead rows of the runs before.
 */
async function vacuumed(db: Db): Promise<void> {
  await autovacuum(db, false);
  // by this backend alone: a parallel worker's CPU counts once it is reaped, in the run after
  await sql`vacuum (analyze, parallel 0)`.execute(db);
}

/** Sets autovacuum on or off for the whole server (kept across the system's restarts). */
async function autovacuum(db: Db, on: boolean): Promise<void> {
  await sql.raw(`alter system set autovacuum = ${on ? 'on' : 'off'}`).execute(db);
  await sql`select pg_reload_conf()`.execute(db);
}

/** The process of `tessera start` itself. */
async function launcherPid(seeded: SeededSystem): Promise<number> {
  const processes = await processesOf(seeded.env);
  return processes.find((p) => p.command.endsWith('tessera.js start'))!.pid;
}

/**
 * The process listening at `url` (a node's id reaches it after it is forked, so its environment
 * does not name it; its port does).
 */
async function pidListeningAt(url: string): Promise<number> {
  const { stdout } = await run('ss', ['-ltnpH', `sport = :${new URL(url).port}`]);
  const pid = /pid=(\d+)/.exec(stdout)?.[1];
  if (!pid) throw new Error(`no process listens at ${url}: ${stdout}`);
  return Number(pid);
}

/**
 * Kills a trading node drawn at random outright (SIGKILL): its URL, the books its leases held and
 * the moment of the kill. `pauseLauncher`: the launcher is stopped (SIGSTOP) first, so it cannot
 * restart the node until `resume`.
 */
async function killANode(
  seeded: SeededSystem,
  db: Db,
  nodes: Map<string, string>,
  pauseLauncher: boolean,
): Promise<Killed & { resume: () => void }> {
  const labels = [...nodes.keys()];
  const label = labels[Math.floor(Math.random() * labels.length)]!;
  const launcher = await launcherPid(seeded);
  const pid = await pidListeningAt(nodes.get(label)!);
  const leases = await sql<{ token_id: string; epoch: number }>`
    select token_id, epoch::int from book_leases where owner_node = ${label}`.execute(db);
  if (pauseLauncher) process.kill(launcher, 'SIGSTOP');
  process.kill(pid, 'SIGKILL');
  const at = performance.now();
  // read once it is dead: no renewal of its can come after
  const { rows } = await sql<{ left_ms: number }>`
    select (extract(epoch from max(expires_at) - now()) * 1000)::float8 as left_ms
    from book_leases where owner_node = ${label}`.execute(db);
  return {
    url: nodes.get(label)!,
    books: leases.rows.map((row) => row.token_id),
    epochs: leases.rows.map((row) => row.epoch),
    leaseLeftSeconds: (Number(rows[0]?.left_ms ?? 0) + performance.now() - at) / 1000,
    at,
    resume: () => {
      if (pauseLauncher) process.kill(launcher, 'SIGCONT');
    },
  };
}

/** How many times each of the killed node's books changed owner since the kill. */
async function ownerChanges(db: Db, killed: Killed): Promise<number[]> {
  const { rows } = await sql<{ token_id: string; epoch: number }>`
    select token_id, epoch::int from book_leases
    where token_id = any(${killed.books}::uuid[])`.execute(db);
  const now = new Map(rows.map((row) => [row.token_id, row.epoch]));
  return killed.books.map((id, i) => now.get(id)! - killed.epochs[i]!);
}

function report(
  label: string,
  failover: FailoverRun & { killed: Killed },
  lost: number,
  changes: readonly number[],
): string {
  const refused = [...failover.refused].map(([what, n]) => `${n} x ${what}`).join(', ');
  console.log(
    `failover, ${label}: ${failover.acknowledged.length} acknowledged, not acknowledged: ` +
      `${refused || 'none'}; ${failover.rate.toFixed(0)} orders/s over the run; ${lost} lost`,
  );
  console.log(`  not acknowledged in each second after the kill: ${failover.timeline.join(' ')}`);
  console.log(
    failover.backSeconds === undefined
      ? '  the killed node was not back before the run ended'
      : `  the killed node answered again ${failover.backSeconds.toFixed(1)} s after the kill; ` +
          `refused while it took its books back: ${failover.rejoin.refused} over ` +
          `${failover.rejoin.spanSeconds.toFixed(1)} s`,
  );
  const moved = changes.reduce((sum, n) => sum + n, 0);
  console.log(
    `  the killed node's ${changes.length} books changed owner ${moved} times in the run ` +
      `(${(moved / changes.length).toFixed(2)} each, at most ${Math.max(...changes)})`,
  );
  console.log(
    `  books unavailable until ${failover.failoverSeconds.toFixed(1)} s after the kill; forwards ` +
      `the killed node had taken, answered "may have run": ${failover.unanswered}`,
  );
  const firstAck =
    failover.firstAckSeconds === undefined ? 'none' : `${failover.firstAckSeconds.toFixed(1)} s`;
  const leaseLeft = failover.killed.leaseLeftSeconds;
  const gap =
    failover.firstAckSeconds === undefined ? undefined : failover.firstAckSeconds - leaseLeft;
  const afterLease =
    gap === undefined
      ? ''
      : gap >= 0
        ? `, the first acknowledgement ${gap.toFixed(2)} s after`
        : `, the first acknowledgement ${(-gap).toFixed(2)} s before (the node back first)`;
  console.log(`  its leases ran out ${leaseLeft.toFixed(2)} s after the kill${afterLease}`);
  console.log(
    `  as a client sees it: first order acknowledged on the killed node's books ${firstAck} ` +
      `after the kill; longest wait for an answer ${failover.longestWaitSeconds.toFixed(1)} s`,
  );
  return `${label} first ack ${firstAck} longest wait ${failover.longestWaitSeconds.toFixed(1)} s`;
}

/** Acknowledged orders of a failover run missing from the database. */
async function lostOf(db: Db, failover: FailoverRun): Promise<number> {
  const { rows } = await sql<{ found: string }>`
    select count(*) as found from orders
    where id = any(${failover.acknowledged}::uuid[])`.execute(db);
  return failover.acknowledged.length - Number(rows[0]!.found);
}

/** Resolves once every node answers its health check. */
async function allUp(urls: string[]): Promise<void> {
  for (const url of urls) {
    for (;;) {
      const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function main(): Promise<void> {
  const seeded = await startSeededSystem({ traders, tokens: tokenCount, env: statementsEnv });
  const { tokens, people } = seeded;
  const anyToken = () => tokens[Math.floor(Math.random() * tokens.length)]!;
  let db: Db | undefined;
  try {
    db = createDb(seeded.databaseUrl, 1);
    const oneNode = async (label: string) => {
      await vacuumed(db!);
      return measured(seeded, db!, label, [seeded.system.urls.trading], () =>
        drive(seeded.system.urls.trading, people, anyToken),
      );
    };
    const threeNodes = async () => {
      await seeded.restart({ TRADING_NODES: String(nodeCount) });
      const labelled = tradingNodeUrls(seeded.system.output());
      const urls = [...labelled.values()];
      await settleCluster(db!, urls, people[0]!, tokens);
      return { labelled, urls };
    };
    const oneBefore = await oneNode('1 node, 100 tokens');

    let { labelled, urls } = await threeNodes();
    const anyNode = () => urls[Math.floor(Math.random() * urls.length)]!;
    await vacuumed(db);
    const random = await measured(seeded, db, `${nodeCount} nodes, random node`, urls, () =>
      drive(anyNode, people, anyToken),
    );
    const route = new BookRoute({ anyNode });
    await route.refresh();
    await vacuumed(db);
    const aware = await measured(seeded, db, `${nodeCount} nodes, token-aware`, urls, () =>
      drive((tokenId) => route.urlFor(tokenId), people, anyToken),
    );

    // one node again, after the cluster's runs: the ratios are against the mean of the two, so
    // that what the database's growth costs falls on both sides (A B B A)
    await seeded.restart({ TRADING_NODES: '1' });
    const oneAfter = await oneNode('1 node again, 100 tokens');
    const one = {
      rate: (oneBefore.rate + oneAfter.rate) / 2,
      cpuPerOrder: (oneBefore.cpuPerOrder + oneAfter.cpuPerOrder) / 2,
    };
    await autovacuum(db, true);
    ({ labelled, urls } = await threeNodes());

    const ratio = (run: { cpuPerOrder: number }) => run.cpuPerOrder / one.cpuPerOrder;
    console.log(
      `  trading nodes and PostgreSQL, cpu µs/order: 1 node ${one.cpuPerOrder.toFixed(0)} ` +
        `(${oneBefore.cpuPerOrder.toFixed(0)} before, ${oneAfter.cpuPerOrder.toFixed(0)} after), ` +
        `${nodeCount} random ${random.cpuPerOrder.toFixed(0)} (${ratio(random).toFixed(2)}x), ` +
        `${nodeCount} token-aware ${aware.cpuPerOrder.toFixed(0)} (${ratio(aware).toFixed(2)}x)`,
    );

    const summaries: string[] = [];
    let lost = 0;
    for (const restart of ['no restart', 'restart', 'late restart'] as const) {
      let resume = () => {};
      let resuming: NodeJS.Timeout | undefined;
      const late = restart === 'late restart';
      const failover = await driveThroughFailover(
        urls,
        people,
        anyToken,
        async () => {
          const killed = await killANode(seeded, db!, labelled, restart !== 'restart');
          resume = killed.resume;
          // the launcher restarts it only once its leases ran out (a slow machine's restart)
          if (late) resuming = setTimeout(resume, lateRestartMs);
          return killed;
        },
        late,
      );
      clearTimeout(resuming);
      resume();
      const missing = await lostOf(db, failover);
      lost += missing;
      const changes = await ownerChanges(db, failover.killed);
      summaries.push(report(restart, failover, missing, changes));
      await allUp(urls);
      await settleCluster(db, urls, people[0]!, tokens);
    }
    console.log(
      `cluster: ${one.rate.toFixed(0)} orders/s 1 node, ${random.rate.toFixed(0)} orders/s ` +
        `${nodeCount} nodes random, ${aware.rate.toFixed(0)} token-aware, cpu ` +
        `${ratio(random).toFixed(2)}x random ${ratio(aware).toFixed(2)}x token-aware, ` +
        `${summaries.join(', ')}, ${lost} lost`,
    );
  } catch (error) {
    // what the system said of it: a book left unowned has its cause in the nodes' log
    const said = seeded.system
      .output()
      .split('\n')
      .filter((line) => / (WARN|ERROR|FATAL) /.test(line) && !line.includes('request failed'));
    console.log(
      `the system's warnings and errors (${said.length}):\n${said.slice(-60).join('\n')}`,
    );
    throw error;
  } finally {
    await db?.destroy();
    await seeded.stop();
  }
}

await main();
