/**
 * What HTTP alone gives on this machine for the trading bench's load: a bare Fastify server in a
 * process of its own, one POST route that answers `{}` and does nothing else, driven by the same
 * client as the order runs (bench/trading/run.ts measures it in the same minutes).
 * - the ceiling: as many traders as the order runs, each sending as soon as its last request is
 *   answered; no order rate of the trading process can pass it on this machine;
 * - the floor: the ladder's open loop at each of its rates; no order's latency at that rate can
 *   be below it (the sender's timers, the loopback round trip, the processes' wake-ups);
 * - the commit floor: the same open loop against the same route made durable the least a design
 *   can: requests queue while one statement inserts the last batch's bodies, one row each, into
 *   a table of the system's PostgreSQL and commits; each is answered after its batch's commit.
 *   No design that acknowledges an order only once it is committed gets below it at that rate.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/lib/embedded/ports.js';
import type { Trader } from '../support/seeded-system.js';
import { driveOpenLoop, ordersPerRun, post, ratedRun, traders, type RunResult } from './load.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

const server = (port: number) => `
import Fastify from 'fastify';
const app = Fastify();
app.post('/api/v1/orders', async () => ({}));
await app.listen({ host: '127.0.0.1', port: ${port} });
process.send?.('ready');
process.on('SIGTERM', () => process.exit(0));
`;

/** The bare route, answering once its request's row is committed (one write in flight). */
const committingServer = (port: number, databaseUrl: string) => `
import Fastify from 'fastify';
import pg from 'pg';
const client = new pg.Client({ connectionString: ${JSON.stringify(databaseUrl)} });
await client.connect();
await client.query('create table bench_commit_floor (id bigint generated always as identity primary key, body text not null, created_at timestamptz not null default now())');
let queued = [];
let writing = false;
async function write() {
  writing = true;
  while (queued.length > 0) {
    const batch = queued;
    queued = [];
    await client.query({
      name: 'floor',
      text: 'insert into bench_commit_floor (body) select unnest($1::text[])',
      values: [batch.map((entry) => entry.body)],
    });
    for (const entry of batch) entry.resolve({});
  }
  writing = false;
}
const app = Fastify();
app.post('/api/v1/orders', (request) => new Promise((resolve) => {
  queued.push({ body: JSON.stringify(request.body), resolve });
  if (!writing) void write();
}));
await app.listen({ host: '127.0.0.1', port: ${port} });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await client.query('drop table bench_commit_floor');
  process.exit(0);
});
`;

/**
 * Runs `use` against a bare route's server (its base URL), stopped after; with a database URL,
 * the route commits each request's row before answering.
 */
async function withBareRoute<T>(
  use: (baseUrl: string) => Promise<T>,
  databaseUrl?: string,
): Promise<T> {
  const port = await freePort();
  const code = databaseUrl ? committingServer(port, databaseUrl) : server(port);
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  try {
    return await use(`http://127.0.0.1:${port}`);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * `ordersPerRun` requests from `traders` concurrent loops against the bare route; with a database
 * URL, against the committing route (each answer after its row committed, a write in flight).
 */
export function measureCeiling(databaseUrl?: string): Promise<RunResult> {
  const body = JSON.stringify({ token_id: 'x', side: 'buy', quantity: 1, price: '10.00' });
  return withBareRoute(async (baseUrl) => {
    const url = `${baseUrl}/api/v1/orders`;
    let issued = 0;
    return await ratedRun(ordersPerRun, async (latencies) => {
      await Promise.all(
        Array.from({ length: traders }, async () => {
          while (issued < ordersPerRun) {
            issued += 1;
            const at = performance.now();
            await post(url, 'x', body);
            latencies.push(performance.now() - at);
          }
        }),
      );
    });
  }, databaseUrl);
}

/**
 * The bare route's latency under the ladder's open loop, `seconds` at each rate; with a
 * database URL, the commit floor's.
 */
export function measureFloor(
  rates: readonly number[],
  people: Trader[],
  seconds: number,
  databaseUrl?: string,
): Promise<Map<number, RunResult>> {
  return withBareRoute(async (baseUrl) => {
    const floor = new Map<number, RunResult>();
    for (const rate of rates) {
      const count = Math.round(rate * seconds);
      floor.set(rate, await driveOpenLoop(baseUrl, people, () => 'x', rate, count));
    }
    return floor;
  }, databaseUrl);
}
