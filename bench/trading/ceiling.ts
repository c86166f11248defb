/**
 * The ceiling of HTTP on this machine for the trading bench's load: a bare Fastify server in a
 * process of its own, one POST route that answers `{}` and does nothing else, driven by the same
 * client and the same number of traders as the order runs (bench/trading/run.ts measures it
 * first, in the same minutes). No order rate of the trading process can pass it on this machine.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/lib/embedded/ports.js';
import { ordersPerRun, post, ratedRun, traders, type RunResult } from './load.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

const server = (port: number) => `
import Fastify from 'fastify';
const app = Fastify();
app.post('/api/v1/orders', async () => ({}));
await app.listen({ host: '127.0.0.1', port: ${port} });
process.send?.('ready');
process.on('SIGTERM', () => process.exit(0));
`;

/** `ordersPerRun` requests from `traders` concurrent loops against the bare route. */
export async function measureCeiling(): Promise<RunResult> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', server(port)], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  const url = `http://127.0.0.1:${port}/api/v1/orders`;
  const body = JSON.stringify({ token_id: 'x', side: 'buy', quantity: 1, price: '10.00' });
  try {
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
  } finally {
    child.kill('SIGTERM');
  }
}
