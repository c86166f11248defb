import { describe, expect, it } from 'vitest';
import type { Order } from '../../lib/db/schema-trading.js';
import { Batch, FiatAccount } from './batch.js';
import type { TraderReads, TraderRow } from './batch.queries.js';
import { pendingWriteOf, tradersAfter } from './pending-write.js';

const now = new Date('2026-01-05T10:00:00Z');

function trader(id: string, fiat: string): TraderRow {
  return { id, fiat_balance: fiat } as TraderRow;
}

/** A batch in flight: a's buy locked 600, b's sell locked 60 and bought 5 (a new wallet of c). */
function inFlight() {
  const fiat = new FiatAccount(new Map([['a', 100_000n]]));
  const part = new Batch('batch', now, fiat, new Map());
  fiat.move({
    userId: 'a',
    amount: '-600.00',
    kind: 'order_lock',
    referenceType: 'order',
    referenceId: 'o1',
  });
  part.moveTokens('b', 0, 60);
  part.moveTokens('c', 5, 0);
  part.fees = 25n;
  part.inserted.set('o1', {
    id: 'o1',
    status: 'open',
    quantity: 60,
    filled_quantity: 0,
    priority: 7,
  } as Order);
  return pendingWriteOf(fiat, new Map([['t', part]]), 'treasury');
}

function reads(): TraderReads {
  return {
    traders: new Map([
      ['a', trader('a', '1000.00')],
      ['b', trader('b', '0.00')],
      ['c', trader('c', '0.00')],
    ]),
    wallets: new Map([
      ['t', new Map([['b', { balance: 100, locked: 0, frozen: 0, addressFrozen: false }]])],
    ]),
    walletVersions: new Map(),
    markerSeen: false,
  };
}

const pairs = ['a', 'b', 'c'].map((userId) => ({ userId, tokenId: 't' }));

describe('pending write', () => {
  it('takes the order row it leaves as the marker, and the treasury its fees', () => {
    const pending = inFlight();
    expect(pending.marker).toEqual({
      id: 'o1',
      status: 'open',
      quantity: 60,
      filled_quantity: 0,
      priority: 7,
    });
    expect(pending.fiat.get('treasury')).toBe(25n);
  });

  it('adds its deltas to a read that did not see it, and creates the wallets it creates', () => {
    const after = tradersAfter(reads(), pairs, inFlight(), false);
    expect(after.traders.get('a')!.fiat_balance).toBe('400.00');
    expect(after.wallets.get('t')).toEqual(
      new Map([
        ['b', { balance: 100, locked: 60, frozen: 0, addressFrozen: false }],
        ['c', { balance: 5, locked: 0, frozen: 0, addressFrozen: false }],
      ]),
    );
  });

  it('leaves a read that saw it commit as it is', () => {
    const after = tradersAfter(reads(), pairs, inFlight(), true);
    expect(after).toEqual(reads());
  });
});
