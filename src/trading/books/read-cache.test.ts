import { describe, expect, it } from 'vitest';
import type { Token } from '../../lib/db/schema-issuance.js';
import { Batch, FiatAccount, type HeldTokens } from './batch.js';
import type { TokenRead, TraderReads, TraderRow } from './batch.queries.js';
import type { PendingWrite } from './pending-write.js';
import { ReadCache } from './read-cache.js';

const now = new Date('2026-01-05T10:00:00Z');

function trader(id: string, fiat: string, version: number): TraderRow {
  return { id, fiat_balance: fiat, trading_version: version } as TraderRow;
}

function tokenRead(id: string, version: number): TokenRead {
  const token = { id, trading_version: version, last_price: '10.00', book_sequence: 4 };
  return { token: token as unknown as Token, nav: null, sessionVersion: null, debt: null };
}

const held = (balance: number, locked: number): HeldTokens => ({
  balance,
  locked,
  frozen: 0,
  addressFrozen: false,
});

/** a and b, read whole: a holds a wallet of token t (version 3), b holds none */
function filled(): ReadCache {
  const cache = new ReadCache();
  const reads: TraderReads = {
    traders: new Map([
      ['a', trader('a', '100.00', 7)],
      ['b', trader('b', '50.00', 2)],
    ]),
    wallets: new Map([['t', new Map([['a', held(10, 2)]])]]),
    walletVersions: new Map([['t', new Map([['a', 3]])]]),
    markerSeen: false,
  };
  cache.store({ tokens: new Map([['t', tokenRead('t', 9)]]), rules: new Map() }, reads);
  // what was read is planned on: changing it must not change the cache
  reads.wallets.get('t')!.get('a')!.locked += 5;
  reads.traders.get('a')!.fiat_balance = '0.00';
  return cache;
}

const pairs = [
  { userId: 'a', tokenId: 't' },
  { userId: 'b', tokenId: 't' },
];

describe('the sequencer read cache', () => {
  it('answers a batch from what it stored, with the versions and balances its guard checks', () => {
    const cache = filled();
    expect(cache.missing(['t', 'u'], ['a', 'b', 'c'])).toEqual({
      tokenIds: ['u'],
      userIds: ['c'],
    });
    // a token b holds none of needs no read: the cache holds all b holds
    expect(cache.reads([], [{ userId: 'b', tokenId: 'v' }]).versions.wallets).toEqual([
      { user_id: 'b', token_id: 'v', version: -1, balance: null, locked: null },
    ]);
    const reads = cache.reads(['t'], pairs);
    expect(reads.traders.traders.get('a')?.fiat_balance).toBe('100.00');
    expect(reads.traders.wallets.get('t')?.get('a')).toEqual(held(10, 2));
    expect(reads.traders.wallets.get('t')?.has('b')).toBe(false);
    expect(reads.versions).toEqual({
      users: [
        { id: 'a', version: 7, fiat_balance: '100.00' },
        { id: 'b', version: 2, fiat_balance: '50.00' },
      ],
      wallets: [
        { user_id: 'a', token_id: 't', version: 3, balance: 10, locked: 2 },
        { user_id: 'b', token_id: 't', version: -1, balance: null, locked: null },
      ],
      tokens: [{ id: 't', version: 9 }],
    });
    // planning changes its copies only
    reads.traders.wallets.get('t')!.get('a')!.locked += 4;
    expect(cache.reads(['t'], pairs).traders.wallets.get('t')?.get('a')).toEqual(held(10, 2));
  });

  it('lays a committed write over its entries as the statement leaves the rows', () => {
    const cache = filled();
    const batch = new Batch('batch', now, new FiatAccount(new Map()), new Map());
    batch.moveTokens('a', -1, -2);
    batch.moveTokens('b', 1, 0);
    batch.lastPrice = '10.50';
    const pending: PendingWrite = {
      marker: { id: 'o', status: 'filled', quantity: 1, filled_quantity: 1, priority: 1 },
      fiat: new Map([
        ['a', 1050n],
        ['b', -1050n],
      ]),
      wallets: new Map([['t', batch.wallets]]),
      tokens: new Map([['t', { lastPrice: '10.50', haltedUntil: null }]]),
    };
    cache.committed(pending, [{ tokenId: 't', batch, bookSequence: 5 }]);
    // a's row and wallet one version up; b's wallet, which the write created, at version 0
    // a batch planned while that write was in flight read the same
    const under = filled().reads(['t'], pairs, pending);
    expect(under.versions).toEqual(cache.reads(['t'], pairs).versions);
    expect(under.traders.wallets).toEqual(cache.reads(['t'], pairs).traders.wallets);
    const reads = cache.reads(['t'], pairs);
    expect(reads.versions.users).toEqual([
      { id: 'a', version: 8, fiat_balance: '110.50' },
      { id: 'b', version: 3, fiat_balance: '39.50' },
    ]);
    expect(reads.versions.wallets).toEqual([
      { user_id: 'a', token_id: 't', version: 4, balance: 9, locked: 0 },
      { user_id: 'b', token_id: 't', version: 0, balance: 1, locked: 0 },
    ]);
    expect(reads.tokens.get('t')?.token).toMatchObject({ last_price: '10.50', book_sequence: 5 });
    expect(reads.versions.tokens).toEqual([{ id: 't', version: 9 }]);
  });

  it('forgets a token whose halt the write set; a wallet whose deltas were both zero stays', () => {
    const cache = filled();
    const batch = new Batch('batch', now, new FiatAccount(new Map()), new Map());
    batch.moveTokens('a', 1, -1);
    batch.moveTokens('a', -1, 1);
    batch.haltedUntil = new Date('2026-01-05T10:05:00Z');
    const pending: PendingWrite = {
      marker: { id: 'o', status: 'open', quantity: 1, filled_quantity: 0, priority: 1 },
      fiat: new Map(),
      wallets: new Map([['t', batch.wallets]]),
      tokens: new Map([['t', { lastPrice: null, haltedUntil: batch.haltedUntil }]]),
    };
    cache.committed(pending, [{ tokenId: 't', batch, bookSequence: 5 }]);
    expect(cache.missing(['t'], []).tokenIds).toEqual(['t']);
    expect(cache.reads([], pairs).versions.wallets[0]).toMatchObject({ version: 3 });
    cache.clear();
    expect(cache.missing([], ['a', 'b']).userIds).toEqual(['a', 'b']);
  });
});
