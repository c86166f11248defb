import type { Command } from '../../src/trading/engine/index.js';
import type { BenchOp } from './workload.js';

/**
 * The integer handles the trading service assigns on first use: one key per order id, one per
 * owner id. Commands are built with them.
 */
export class Handles {
  private readonly orders = new Map<string, number>();
  private readonly owners = new Map<string, number>();

  /** The key of an order id. */
  key(orderId: string): number {
    return handle(this.orders, orderId);
  }

  /** The engine command of a benchmark operation. */
  command(op: BenchOp): Command {
    const key = this.key(op.id);
    return op.kind === 'cancel' ? { kind: 'cancel', key } : toPlacement(op, key, this.owners);
  }
}

function handle(assigned: Map<string, number>, id: string): number {
  let value = assigned.get(id);
  if (value === undefined) assigned.set(id, (value = assigned.size));
  return value;
}

/** Every placement built as one literal shape, as a request parser would build it. */
function toPlacement(
  op: Exclude<BenchOp, { kind: 'cancel' }>,
  key: number,
  owners: Map<string, number>,
): Command {
  const { id: orderId, owner: ownerId, side, quantity } = op;
  const type = TYPES[op.kind];
  const price = op.kind === 'limit' || op.kind === 'stop_limit' ? op.price : undefined;
  const stopPrice =
    op.kind === 'stop_market' || op.kind === 'stop_limit' ? op.stopPrice : undefined;
  const timeInForce = type === 'limit' || type === 'stop_limit' ? 'GTC' : 'IOC';
  return {
    kind: 'place',
    key,
    orderId,
    ownerId,
    ownerKey: handle(owners, ownerId),
    side,
    type,
    quantity,
    price,
    stopPrice,
    timeInForce,
  };
}

const TYPES = {
  limit: 'limit',
  market: 'market',
  stop_market: 'stop_loss',
  stop_limit: 'stop_limit',
} as const;
