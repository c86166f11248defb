/**
 * The ceiling of HTTP on this machine for the trading bench's load: a bare Fastify server in a
 * process of its own, one POST route that answers `{}` and does nothing else, driven by the same
 * client and the same number of traders as bench:trading. No order rate of the trading process
 * can pass this one on the same machine. Also drives it with fetch() for the client's own share.
 *
 *   npx tsx bench/trading/ceiling.ts
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/lib/embedded/ports.js';
import { post, traders } from './load.js';

const requests = Number(process.env.BENCH_TRADING_ORDERS ?? 10_000);
const root = fileURLToPath(new URL('../..', import.meta.url));

const server = (port: number) => `
import Fastify from 'fastify';
const app = Fastify();
app.post('/api/v1/orders', async () => ({}));
await app.listen({ host: '127.0.0.1', port: ${port} });
process.send?.('ready');
process.on('SIGTERM', () => process.exit(0));
`;

type Client = (url: string, body: string) => Promise<number>;

const viaFetch: Client = async (url, body) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
};

async function load(url: string, client: Client): Promise<string> {
  let issued = 0;
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  const body = JSON.stringify({ token_id: 'x', side: 'buy', quantity: 1, price: '10.00' });
  await Promise.all(
    Array.from({ length: traders }, async () => {
      while (issued < requests) {
        issued += 1;
        const at = performance.now();
        await client(`${url}/api/v1/orders`, body);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return (
    `${(requests / seconds).toFixed(0)} requests/s, p99 ${latencies[Math.floor(requests * 0.99)]!.toFixed(1)} ms, ` +
    `client cpu ${((used.user + used.system) / requests).toFixed(0)} µs/request`
  );
}

const port = await freePort();
const child = spawn(process.execPath, ['--input-type=module', '-e', server(port)], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await new Promise((resolve) => child.once('message', resolve));
const url = `http://127.0.0.1:${port}`;
try {
  console.log(
    `bare Fastify, node:http keep-alive client: ${await load(url, (u, b) => post(u, 'x', b))}`,
  );
  console.log(`bare Fastify, fetch() client: ${await load(url, viaFetch)}`);
} finally {
  child.kill('SIGTERM');
}
