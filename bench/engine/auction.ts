/**
 * The auction shape of the engine benchmark: the uncross of a call of 100,000 resting orders
 * (uncross.ts), the book a day's pre-open can gather. Buys and sells spread over 3,000 ticks
 * around overlapping centres, one order in fifty a market order, each at a price of its own
 * arrival, so the price is found among thousands of levels and thousands of orders fill.
 * `npm run bench:engine -- auction` runs it alone; the full run prints its line after the family.
 */
import { Prng } from '../../src/trading/engine/testing/seeded-random.js';
import { uncross, type CallOrder } from '../../src/trading/engine/uncross.js';
import { quiesce } from './timed-run.js';

const ORDERS = 100_000;
const RUNS = 11;
/** What the issue asks of it. */
const TARGET_MS = 50;

export function auctionCall(count: number, seed: number): CallOrder[] {
  const random = new Prng(seed);
  const orders: CallOrder[] = [];
  for (let i = 0; i < count; i += 1) {
    const side = random.chance(0.5) ? 'buy' : 'sell';
    // buys centred a little above the sells: the call crosses over a few hundred ticks
    const centre = side === 'buy' ? 10_100 : 9_900;
    const price = random.chance(0.02) ? null : centre + random.int(-1_500, 1_500);
    orders.push({
      key: i,
      orderId: `o${i}`,
      ownerId: `u${i % 5_000}`,
      side,
      price,
      quantity: random.int(1, 500),
    });
  }
  return orders;
}

export function benchAuction(seed: number): void {
  const orders = auctionCall(ORDERS, seed);
  for (let i = 0; i < 5; i += 1) uncross(orders, 10_000);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let result = uncross(orders, 10_000);
  for (let run = 0; run < RUNS; run += 1) {
    quiesce();
    const cpu = process.cpuUsage();
    const start = performance.now();
    result = uncross(orders, 10_000);
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  // on a host shared by more runnable processes than cores, CPU time leaves out the waits
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[RUNS >> 1] as number;
  console.log(
    `auction   uncross of ${ORDERS.toLocaleString('en-US')} orders: median ${median(times).toFixed(1)} ms ` +
      `wall, ${median(cpuTimes).toFixed(1)} ms CPU, slowest ${Math.max(...times).toFixed(1)} ms ` +
      `of ${RUNS} (target ${TARGET_MS} ms); ` +
      `price ${result?.price ?? '-'}, volume ${result?.volume ?? 0}, ` +
      `${result?.fills.length ?? 0} fills, ${result?.trades.length ?? 0} trades`,
  );
}
