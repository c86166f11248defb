/**
 * Cluster benchmark: the bench:trading load (load.ts: BENCH_TRADING_TRADERS traders in a closed
 * loop, BENCH_TRADING_ORDERS orders a run, 100 tokens, seeded as bench:trading seeds them) on
 * `tessera start` with one trading node, then, on the same database, with TRADING_NODES=3 (the
 * launcher's local cluster over a nats-server), each order sent to a node drawn at random. Then
 * a third run kills a node (SIGKILL) a third of the way in: the orders go on to the others, and
 * every order answered 200 must be in the database; the launcher restarts the node, and what its
 * rejoin refused is printed apart from the failover (the kill to the last refusal before it was
 * back), and failover as a client sees it (the first acknowledgement on the killed node's books,
 * the longest wait for an answer). Prints CPU per order by process (each trading node's own from
 * its /metrics) and ends with: `cluster: <N1> orders/s 1 node, <N3> orders/s 3 nodes, failover
 * <F> s, first ack <A> s, longest wait <W> s, <L> lost`.
 * Run with `npm run bench:cluster` (needs nats-server on the PATH or in /usr/sbin, or NATS_URL).
 */
import { sql } from 'kysely';
import { createDb, type Db } from '../../src/lib/db/database.js';
import { processesOf, tradingNodeUrls } from '../../test/support/system.js';
import { startSeededSystem, type SeededSystem } from '../support/seeded-system.js';
import { drive, ordersPerRun, tokenCount, traders, type RunResult } from '../trading/load.js';
import { describe, metric, observe } from '../trading/observe.js';
import { driveThroughFailover } from './failover.js';
import { settleCluster } from './settle.js';

const nodeCount = 3;

async function nodeCpuSeconds(urls: string[]): Promise<number[]> {
  return Promise.all(
    urls.map(async (url) =>
      metric(await (await fetch(`${url}/metrics`)).text(), 'process_cpu_seconds_total'),
    ),
  );
}

/** One run of the closed loop, with its CPU per order by process and by node. */
async function measured(
  seeded: SeededSystem,
  db: Db,
  label: string,
  urls: string[],
  run: () => Promise<RunResult>,
): Promise<RunResult> {
  const before = await observe(seeded.env, urls[0]!, db);
  const nodesBefore = await nodeCpuSeconds(urls);
  const result = await run();
  const after = await observe(seeded.env, urls[0]!, db);
  const nodesAfter = await nodeCpuSeconds(urls);
  console.log(`${label}: ${result.rate.toFixed(0)} orders/s, p99 ${result.p99.toFixed(1)} ms`);
  console.log(describe(before, after, ordersPerRun));
  const perNode = urls.map(
    (url, i) => `${url} ${(((nodesAfter[i]! - nodesBefore[i]!) / ordersPerRun) * 1e6).toFixed(0)}`,
  );
  console.log(`  cpu µs/order by trading node: ${perNode.join(', ')}`);
  return result;
}

/**
 * Kills one trading node outright; resolves with its URL (the one that stops answering) and the
 * books its leases held (the launcher names each node by its label: `trading-1`, ...).
 */
async function killANode(
  seeded: SeededSystem,
  db: Db,
  nodes: Map<string, string>,
): Promise<{ url: string; books: string[] }> {
  const leases = await sql<{ token_id: string; owner_node: string }>`
    select token_id, owner_node from book_leases where owner_node is not null`.execute(db);
  const processes = (await processesOf(seeded.env)).filter((p) =>
    p.command.endsWith('tessera.js trading'),
  );
  process.kill(processes[Math.floor(Math.random() * processes.length)]!.pid, 'SIGKILL');
  for (;;) {
    for (const [label, url] of nodes) {
      const alive = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(500) }).then(
        () => true,
        () => false,
      );
      const books = leases.rows.filter((row) => row.owner_node === label);
      if (!alive) return { url, books: books.map((row) => row.token_id) };
    }
  }
}

async function main(): Promise<void> {
  const seeded = await startSeededSystem({ traders, tokens: tokenCount });
  const { tokens, people } = seeded;
  const anyToken = () => tokens[Math.floor(Math.random() * tokens.length)]!;
  let db: Db | undefined;
  try {
    db = createDb(seeded.databaseUrl, 1);
    const one = await measured(seeded, db, '1 node, 100 tokens', [seeded.system.urls.trading], () =>
      drive(seeded.system.urls.trading, people, anyToken),
    );

    await seeded.restart({ TRADING_NODES: String(nodeCount) });
    const labelled = tradingNodeUrls(seeded.system.output());
    const urls = [...labelled.values()];
    await settleCluster(db, urls, people[0]!, tokens);
    const anyNode = () => urls[Math.floor(Math.random() * urls.length)]!;
    const three = await measured(seeded, db, `${nodeCount} nodes, 100 tokens`, urls, () =>
      drive(anyNode, people, anyToken),
    );

    const failover = await driveThroughFailover(urls, people, anyToken, () =>
      killANode(seeded, db!, labelled),
    );
    const { rows } = await sql<{ found: string }>`
      select count(*) as found from orders
      where id = any(${failover.acknowledged}::uuid[])`.execute(db);
    const lost = failover.acknowledged.length - Number(rows[0]!.found);
    const refused = [...failover.refused].map(([what, n]) => `${n} x ${what}`).join(', ');
    console.log(
      `failover: a node killed after ${Math.round(ordersPerRun / 3)} orders; ` +
        `${failover.acknowledged.length} acknowledged, not acknowledged: ${refused || 'none'}; ` +
        `${failover.rate.toFixed(0)} orders/s over the run`,
    );
    console.log(`  not acknowledged in each second after the kill: ${failover.timeline.join(' ')}`);
    console.log(
      failover.backSeconds === undefined
        ? '  the killed node was not back before the run ended'
        : `  the killed node answered again ${failover.backSeconds.toFixed(1)} s after the kill; ` +
            `refused while it took its books back: ${failover.rejoin.refused} over ` +
            `${failover.rejoin.spanSeconds.toFixed(1)} s`,
    );
    console.log(
      `  forwards the killed node had taken, answered "may have run": ${failover.unanswered}`,
    );
    const firstAck =
      failover.firstAckSeconds === undefined ? 'none' : `${failover.firstAckSeconds.toFixed(1)} s`;
    console.log(
      `  as a client sees it: first order acknowledged on the killed node's books ${firstAck} ` +
        `after the kill; longest wait for an answer ${failover.longestWaitSeconds.toFixed(1)} s`,
    );
    console.log(
      `cluster: ${one.rate.toFixed(0)} orders/s 1 node, ${three.rate.toFixed(0)} orders/s ` +
        `${nodeCount} nodes, failover ${failover.failoverSeconds.toFixed(1)} s, first ack ${firstAck}, ` +
        `longest wait ${failover.longestWaitSeconds.toFixed(1)} s, ${lost} lost`,
    );
  } finally {
    await db?.destroy();
    await seeded.stop();
  }
}

await main();
