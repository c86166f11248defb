import { OrderBook as NodejsOrderBook, Side as NodejsSide } from 'nodejs-order-book';
import { OrderBook } from '../../src/trading/engine/index.js';
import type { Command } from '../../src/trading/engine/index.js';
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

/**
 * Not an engine: the same stream doing only what any engine must, keeping an id index (a Map
 * set per placement, a delete per cancel). Its rate is the ceiling this machine and this
 * harness allow, printed so that the engines' figures can be read against it.
 */
export function idIndexFloor(workload: Workload): LoadedEngine {
  const ops = workload.ops;
  let index = new Map<string, BenchOp>();
  const step = (op: BenchOp) => {
    if (op.kind === 'cancel') index.delete(op.id);
    else index.set(op.id, op);
  };
  return {
    name: 'id-index floor',
    reset() {
      index = new Map();
      for (const op of workload.preload) step(op);
    },
    runAll() {
      for (let i = 0; i < ops.length; i += 1) step(ops[i] as BenchOp);
    },
    runTimed(latencies, sample) {
      for (let i = 0; i < ops.length; i += 1) {
        const start = performance.now();
        step(ops[i] as BenchOp);
        latencies[i] = (performance.now() - start) * 1e6;
        if ((i & 4095) === 0) sample();
      }
    },
  };
}

/**
 * Not an engine either: the id-index floor with the integer keys Tessera's engine indexes by
 * (one `Map` set per placement, one delete per cancel, keys assigned as in `tessera`).
 */
export function keyIndexFloor(workload: Workload): LoadedEngine {
  const handles = new Handles();
  const toStep = (op: BenchOp) => ({ cancel: op.kind === 'cancel', key: handles.key(op.id), op });
  const preload = workload.preload.map(toStep);
  const ops = workload.ops.map(toStep);
  type KeyStep = (typeof ops)[number];
  let index = new Map<number, BenchOp>();
  const step = (s: KeyStep) => {
    if (s.cancel) index.delete(s.key);
    else index.set(s.key, s.op);
  };
  return {
    name: 'key-index floor',
    reset() {
      index = new Map();
      for (const s of preload) step(s);
    },
    runAll() {
      for (let i = 0; i < ops.length; i += 1) step(ops[i] as KeyStep);
    },
    runTimed(latencies, sample) {
      for (let i = 0; i < ops.length; i += 1) {
        const start = performance.now();
        step(ops[i] as KeyStep);
        latencies[i] = (performance.now() - start) * 1e6;
        if ((i & 4095) === 0) sample();
      }
    },
  };
}
