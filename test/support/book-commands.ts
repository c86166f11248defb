/** Sequencer commands as the order routes build them, for tests that drive the books directly. */
import type { BookCommand } from '../../src/trading/books/book-command.js';
import type { PlaceInput } from '../../src/trading/books/execution.js';

/** A GTC limit order of `userId`; `extra` overrides any field of the input. */
export function limitOrder(
  userId: string,
  side: 'buy' | 'sell',
  quantity: number,
  price: string,
  extra: Partial<PlaceInput> = {},
) {
  return {
    kind: 'place',
    input: {
      userId,
      side,
      orderType: 'limit',
      quantity,
      price,
      stopPrice: null,
      timeInForce: 'GTC',
      expiresAt: null,
      clientOrderId: null,
      requestHash: null,
      confirmFatFinger: false,
      confirmNavDeviation: false,
      ...extra,
    },
  } satisfies BookCommand;
}
