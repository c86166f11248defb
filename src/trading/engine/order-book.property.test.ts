import fc from 'fast-check';
import { describe, it } from 'vitest';
import { DifferentialPair } from './testing/differential.js';
import type { Command } from './types.js';

/**
 * fast-check flows through both books: small, so that a failure shrinks to a short story.
 * Prices sit in a narrow band so orders cross, rest, trigger stops and meet their owner's orders.
 */
const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
/** The caller's integer handle of each id. */
const keyOf = (id: string) => id.charCodeAt(0) - 97;
const price = fc.integer({ min: 95, max: 105 });
const command: fc.Arbitrary<Command> = fc.oneof(
  ids.map((id) => ({ kind: 'cancel' as const, key: keyOf(id) })),
  ids.map((id) => ({ kind: 'expire' as const, key: keyOf(id) })),
  fc.integer({ min: 0, max: 3 }).map((ownerKey) => ({ kind: 'cancel_all' as const, ownerKey })),
  fc
    .record({ id: ids, quantity: fc.integer({ min: 1, max: 8 }), price }, { requiredKeys: ['id'] })
    .map(({ id, quantity, price }) => ({
      kind: 'amend' as const,
      key: keyOf(id),
      quantity,
      price,
    })),
  fc
    .record(
      {
        kind: fc.constant('place' as const),
        orderId: ids,
        ownerId: fc.constantFrom('u1', 'u2', 'u3'),
        side: fc.constantFrom('buy' as const, 'sell' as const),
        type: fc.constantFrom(
          'limit' as const,
          'market' as const,
          'stop_loss' as const,
          'stop_limit' as const,
        ),
        quantity: fc.integer({ min: 1, max: 6 }),
        price,
        stopPrice: price,
        timeInForce: fc.constantFrom(
          'GTC' as const,
          'IOC' as const,
          'FOK' as const,
          'POST_ONLY' as const,
        ),
      },
      { requiredKeys: ['kind', 'orderId', 'ownerId', 'side', 'type', 'quantity'] },
    )
    .map((place) => ({
      ...place,
      key: keyOf(place.orderId),
      ownerKey: Number(place.ownerId.slice(1)),
    })),
);

describe('fast book vs reference book (fast-check)', () => {
  it('agree on every outcome and book for arbitrary short flows', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(command, fc.boolean()), { maxLength: 60 }), (flow) => {
        const pair = new DifferentialPair();
        flow.forEach(([c, drop], i) => pair.step(c, drop && i % 3 === 0, `step ${i}`));
        pair.compareBooks('end');
      }),
      { numRuns: 500, seed: 6 },
    );
  });
});
