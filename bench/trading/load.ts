/**
 * The trading bench's load: the seeded traders, tokens and balances, and the traders' loops that
 * place orders over HTTP. The client is node:http with a keep-alive agent (one connection per
 * trader): it costs this process about half the CPU per request that fetch() does, and on a
 * 2-core machine the load generator's CPU is taken from the system it measures. What it sends
 * is typed by the SDK (src/sdk): the route's path and the order body as the trading process's
 * OpenAPI document gives them.
 */
import http from 'node:http';
import type { TradingPaths } from '../../src/sdk/index.js';
import { randomLimitOrder, type OrderBody, type Trader } from '../support/seeded-system.js';

/** The route the traders post to. */
export const ordersPath = '/api/v1/orders' satisfies keyof TradingPaths;

export const traders = Number(process.env.BENCH_TRADING_TRADERS ?? 200);
export const ordersPerRun = Number(process.env.BENCH_TRADING_ORDERS ?? 10_000);
/** the tokens of the many-token run */
export const tokenCount = 100;
/**
 * The share of orders sent to be refused by the book (a quantity no trader can pay for or hold):
 * what recording refusals in the audit trail costs (docs/reports.md).
 */
export const refusedShare = Number(process.env.BENCH_TRADING_REFUSED ?? 0);

/** A random order, or one the book refuses (`refusedShare` of them). */
export function orderBody(tokenId: string): { body: string; refused: boolean } {
  const order = randomLimitOrder(tokenId);
  const refused = Math.random() < refusedShare;
  const sent: OrderBody = refused ? { ...order, quantity: 100_000_000_000 } : order;
  return { body: JSON.stringify(sent), refused };
}

/** Each answer as expected: accepted, or refused (4xx) when it was sent to be. */
function expected(status: number, refused: boolean): boolean {
  return refused ? status >= 400 && status < 500 : status === 200;
}

export interface RunResult {
  rate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

// one connection per trader; the open loop's requests beyond them wait for a free one
const agent = new http.Agent({ keepAlive: true, maxSockets: traders });

export interface Answer {
  status: number;
  /** the answer's body, when asked for */
  body: string;
}

function request(url: string, token: string, body: string, keepBody: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let text = '';
    const outgoing = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        response.on('data', (chunk: Buffer) => {
          if (keepBody) text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** One POST with a JSON body; resolves with the status once the whole answer is read. */
export async function post(url: string, token: string, body: string): Promise<number> {
  return (await request(url, token, body, false)).status;
}

/** One POST with a JSON body; resolves with the status and the body. */
export function postForAnswer(url: string, token: string, body: string): Promise<Answer> {
  return request(url, token, body, true);
}

/**
 * An order of a run: its answer, or status 0 when its connection failed (reset, refused), so that
 * the run reports the failure among the unexpected answers rather than stopping at it.
 */
function placeInRun(url: string, token: string, body: string): Promise<Answer> {
  return request(url, token, body, true).catch((error: NodeJS.ErrnoException) => ({
    status: 0,
    body: `no answer: ${error.code ?? error.message}`,
  }));
}

/** The rate and p99 of `count` requests that `run` sends, pushing each one's latency (ms). */
export async function ratedRun(
  count: number,
  run: (latencies: number[]) => Promise<void>,
): Promise<RunResult> {
  const latencies: number[] = [];
  const started = performance.now();
  await run(latencies);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!;
  return { rate: count / seconds, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}

/** An answer the run did not expect, as the bench prints it: status, body and what was sent. */
function unexpectedAnswer(answer: Answer, body: string): string {
  const line = `${answer.status} ${answer.body.slice(0, 300)} (sent ${body})`;
  console.log(`unexpected answer: ${line}`);
  return line;
}

/**
 * `ordersPerRun` orders from `traders` concurrent loops; each order waits for the last. Each is
 * sent to `url`, or to the node `url(tokenId)` picks (a cluster's: at random, or its book's owner).
 */
export async function drive(
  url: string | ((tokenId: string) => string),
  people: Trader[],
  pickToken: () => string,
): Promise<RunResult> {
  const target = typeof url === 'string' ? () => url : url;
  let issued = 0;
  const unexpected: string[] = [];
  const result = await ratedRun(ordersPerRun, async (latencies) => {
    const loop = async (trader: Trader) => {
      while (issued < ordersPerRun) {
        issued += 1;
        const tokenId = pickToken();
        const { body, refused } = orderBody(tokenId);
        const started = performance.now();
        const answer = await placeInRun(target(tokenId) + ordersPath, trader.token, body);
        latencies.push(performance.now() - started);
        if (!expected(answer.status, refused)) unexpected.push(unexpectedAnswer(answer, body));
      }
    };
    await Promise.all(people.map(loop));
  });
  if (unexpected.length > 0) {
    throw new Error(
      `${unexpected.length} of ${ordersPerRun} orders were answered otherwise:\n${unexpected.join('\n')}`,
    );
  }
  return result;
}

/**
 * Open loop: `count` orders sent at `rate` a second whatever the answers (the traders in turn,
 * several of a trader's in flight if the answers lag), each latency counted from the moment the
 * order was due, so a stalled system is charged for the orders it kept waiting. `burst` > 1: the
 * same average rate arriving `burst` orders at once (a news item, a client's basket), each group
 * due together. The rate is
 * orders answered per second from the first send to the last answer. Every unexpected answer is
 * printed with its status and body as it comes, and the run fails at its end if there was one.
 */
export async function driveOpenLoop(
  url: string,
  people: Trader[],
  pickToken: () => string,
  rate: number,
  count = ordersPerRun,
  burst = 1,
): Promise<RunResult> {
  const unexpected: string[] = [];
  /** when the order of this index is due, in ms after the start */
  const dueMs = (index: number) => (Math.floor(index / burst) * burst * 1000) / rate;
  const result = await ratedRun(count, async (latencies) => {
    const answers: Promise<void>[] = [];
    const started = performance.now();
    for (let sent = 0; sent < count;) {
      const elapsed = performance.now() - started;
      for (; sent < count && dueMs(sent) <= elapsed; sent += 1) {
        const dueAt = started + dueMs(sent);
        const trader = people[sent % people.length]!;
        const { body, refused } = orderBody(pickToken());
        answers.push(
          placeInRun(url + ordersPath, trader.token, body).then((answer) => {
            latencies.push(performance.now() - dueAt);
            if (!expected(answer.status, refused)) unexpected.push(unexpectedAnswer(answer, body));
          }),
        );
      }
      // the next order's due time, not a fixed tick: at 100/s a 1 ms tick would send up to 1 ms late
      const next = started + dueMs(sent) - performance.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next)));
    }
    await Promise.all(answers);
  });
  if (unexpected.length > 0) {
    throw new Error(
      `${unexpected.length} of ${count} orders were answered otherwise:\n${unexpected.join('\n')}`,
    );
  }
  return result;
}

/**
 * One order from each trader, one at a time, on the tokens in turn, not measured: the
 * single-process trading service reads a trader whole at its first order planned while no other
 * is being written, and serves the later ones from what it keeps (src/trading/books/read-cache.ts);
 * the runs measure the steady state.
 */
export async function warmTraders(url: string, people: Trader[], tokens: string[]): Promise<void> {
  for (const [i, trader] of people.entries()) {
    const { body } = orderBody(tokens[i % tokens.length]!);
    const answer = await postForAnswer(url + ordersPath, trader.token, body);
    if (answer.status !== 200) unexpectedAnswer(answer, body);
  }
}
