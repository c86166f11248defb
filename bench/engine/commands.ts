import type { Command } from '../../src/trading/engine/index.js';
import type { BenchOp } from './workload.js';

/** Every placement built as one literal shape, as a request parser would build it. */
export function toCommand(op: BenchOp, key: number): Command {
  if (op.kind === 'cancel') return { kind: 'cancel', key };
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
