/** Sequencer commands as the order routes build them, for tests that drive the books directly. */
import { AppError } from '../../src/lib/errors.js';
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

/** What a command was answered: 'ok', or the AppError code of its refusal (anything else as text). */
export function outcomeOf(answer: Promise<unknown>): Promise<string> {
  return answer.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
}
