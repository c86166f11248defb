import { OrderBook as NodejsOrderBook, Side as NodejsSide } from 'nodejs-order-book';
import { OrderBook } from '../../src/trading/engine/index.js';
import type { Command } from '../../src/trading/engine/index.js';
import { BaselineBook } from './baseline-book.js';
import { Handles } from './commands.js';
import type { BenchOp, Workload } from './workload.js';

/**
 * An engine loaded with a workload translated into its own inputs ahead of time, so the timed
 * loops only call the engine. Each adapter has its own loops to keep their call sites
 * monomorphic.
 */
export interface LoadedEngine {
  readonly name: string;
  /** A fresh book with the workload's preload applied (untimed). */
  reset(): void;
  /** Runs the whole stream. */
  runAll(): void;
  /** Runs the stream timing each operation into `latencies` (nanoseconds); `sample` every 4096. */
  runTimed(latencies: Float64Array, sample: () => void): void;
}

/**
 * Tessera's engine through the path the trading service uses: plan, then apply. Each order's
 * integer key is assigned when its command is built, as the service assigns one when it accepts
 * an order (and stores it with the order row, where a cancel request finds it). `Book` is
 * another version of the engine's book when one is compared with the working tree's (ab.ts).
 */
export function tessera(
  workload: Workload,
  Book: typeof OrderBook = OrderBook,
  name = 'tessera',
): LoadedEngine {
  const handles = new Handles();
  const preload = workload.preload.map((op) => handles.command(op));
  const commands = workload.ops.map((op) => handles.command(op));
  let book = new Book();
  let checksum = 0;
  const step = (command: Command) => {
    const result = book.plan(command);
    if (!result.ok) return;
    const plan = result.plan;
    // What the service does with a plan before applying it: read every record (here into a
    // checksum; there into the rows it commits).
    for (let i = 0; i < plan.tradeCount; i += 1) checksum += plan.tradeAt(i).quantity;
    for (let i = 0; i < plan.updateCount; i += 1) checksum += plan.updateAt(i).remainingQuantity;
    for (let i = 0; i < plan.deltaCount; i += 1) checksum += plan.deltaAt(i).quantity;
    book.apply(plan);
  };
  return {
    name,
    reset() {
      if (checksum < 0) throw new Error('negative quantities'); // keeps the checksum observable
      book = new Book();
      for (const command of preload) step(command);
    },
    runAll() {
      for (let i = 0; i < commands.length; i += 1) step(commands[i] as Command);
    },
    runTimed(latencies, sample) {
      for (let i = 0; i < commands.length; i += 1) {
        const start = performance.now();
        step(commands[i] as Command);
        latencies[i] = (performance.now() - start) * 1e6;
        if ((i & 4095) === 0) sample();
      }
    },
  };
}

type NodejsStep = (book: NodejsOrderBook) => unknown;

/** The npm package nodejs-order-book (no journaling, no self-trade prevention configured). */
export function nodejsOrderBook(workload: Workload): LoadedEngine {
  const preload = workload.preload.map(toNodejsStep);
  const steps = workload.ops.map(toNodejsStep);
  let book = new NodejsOrderBook();
  return {
    name: 'nodejs-order-book',
    reset() {
      book = new NodejsOrderBook();
      for (const step of preload) step(book);
    },
    runAll() {
      for (let i = 0; i < steps.length; i += 1) (steps[i] as NodejsStep)(book);
    },
    runTimed(latencies, sample) {
      for (let i = 0; i < steps.length; i += 1) {
        const start = performance.now();
        (steps[i] as NodejsStep)(book);
        latencies[i] = (performance.now() - start) * 1e6;
        if ((i & 4095) === 0) sample();
      }
    },
  };
}

function toNodejsStep(op: BenchOp): NodejsStep {
  if (op.kind === 'cancel') return (book) => book.cancel(op.id);
  const side = op.side === 'buy' ? NodejsSide.BUY : NodejsSide.SELL;
  const { id, quantity: size } = op;
  switch (op.kind) {
    case 'limit': {
      const options = { id, side, size, price: op.price };
      return (book) => book.limit(options);
    }
    case 'market': {
      const options = { side, size };
      return (book) => book.market(options);
    }
    case 'stop_market': {
      const options = { side, size, stopPrice: op.stopPrice };
      return (book) => book.stopMarket(options);
    }
    case 'stop_limit': {
      const options = { id, side, size, price: op.price, stopPrice: op.stopPrice };
      return (book) => book.stopLimit(options);
    }
  }
}

/** The plain baseline book written for the benchmark (baseline-book.ts). */
export function baselineBook(workload: Workload): LoadedEngine {
  const preload = workload.preload.map(toBaselineStep);
  const steps = workload.ops.map(toBaselineStep);
  let book = new BaselineBook();
  return {
    name: 'baseline book',
    reset() {
      if (book.filled < 0) throw new Error('negative fills'); // keeps its output observable
      book = new BaselineBook();
      for (const step of preload) step(book);
    },
    runAll() {
      for (let i = 0; i < steps.length; i += 1) (steps[i] as BaselineStep)(book);
    },
    runTimed(latencies, sample) {
      for (let i = 0; i < steps.length; i += 1) {
        const start = performance.now();
        (steps[i] as BaselineStep)(book);
        latencies[i] = (performance.now() - start) * 1e6;
        if ((i & 4095) === 0) sample();
      }
    },
  };
}

type BaselineStep = (book: BaselineBook) => void;

function toBaselineStep(op: BenchOp): BaselineStep {
  if (op.kind === 'cancel') return (book) => book.cancel(op.id);
  const buy = op.side === 'buy';
  const { id, quantity } = op;
  switch (op.kind) {
    case 'limit':
      return (book) => book.limit(id, buy, op.price, quantity);
    case 'market':
      return (book) => book.market(buy, quantity);
    case 'stop_market':
      return (book) => book.stop(id, buy, op.stopPrice, null, quantity);
    case 'stop_limit':
      return (book) => book.stop(id, buy, op.stopPrice, op.price, quantity);
  }
}
