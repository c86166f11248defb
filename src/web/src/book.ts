/**
 * The client's copy of one token's order book, kept from the market-data socket (DECISIONS.md
 * "Market data and WebSocket"): a snapshot, then updates of absolute `[price, quantity]` levels
 * (quantity "0" removes the level) whose `seq` must each be the previous + 1. A gap or a checksum
 * that differs means the copy is wrong: the caller resubscribes for a fresh snapshot. The copy
 * holds the subscribed depth only, as the server's checksum and its updates of each client's
 * view assume (hub.ts: one conflated update per flush). Prices and quantities stay the strings the server sent; only ordering compares
 * them as decimals.
 */
import Decimal from 'decimal.js';
import type { WireLevel } from './trading-types.js';

type Level = WireLevel;

export interface BookChanges {
  bids?: readonly Level[];
  asks?: readonly Level[];
}

export type ApplyResult = 'applied' | 'stale' | 'gap' | 'checksum_mismatch';

const byPriceAscending = (a: Level, b: Level) => new Decimal(a[0]).cmp(b[0]);

export class LocalBook {
  private bids = new Map<string, string>();
  private asks = new Map<string, string>();
  seq: number | undefined;

  constructor(readonly depth: number) {}

  /** Replaces the book with a snapshot at `seq`. */
  reset(seq: number, book: BookChanges): void {
    this.bids = new Map(book.bids ?? []);
    this.asks = new Map(book.asks ?? []);
    this.seq = seq;
  }

  /** Applies the update at `seq`, checked against the expected sequence and the checksum. */
  apply(seq: number, changes: BookChanges, checksum?: number): ApplyResult {
    if (this.seq === undefined) return 'gap';
    if (seq <= this.seq) return 'stale';
    if (seq !== this.seq + 1) return 'gap';
    for (const [side, levels] of [
      [this.bids, changes.bids],
      [this.asks, changes.asks],
    ] as const) {
      for (const [price, quantity] of levels ?? []) {
        if (new Decimal(quantity).isZero()) side.delete(price);
        else side.set(price, quantity);
      }
    }
    this.truncate();
    this.seq = seq;
    if (checksum !== undefined && checksum !== bookChecksum(this.top(10))) {
      return 'checksum_mismatch';
    }
    return 'applied';
  }

  /** The best `depth` levels of each side: bids highest first, asks lowest first. */
  top(depth = this.depth): { bids: Level[]; asks: Level[] } {
    return {
      bids: [...this.bids].sort(byPriceAscending).reverse().slice(0, depth),
      asks: [...this.asks].sort(byPriceAscending).slice(0, depth),
    };
  }

  /** Drops what an update pushed beyond the subscribed depth (the server stops telling of it). */
  private truncate(): void {
    const { bids, asks } = this.top();
    if (this.bids.size > bids.length) this.bids = new Map(bids);
    if (this.asks.size > asks.length) this.asks = new Map(asks);
  }
}

/** Each level with its running total from the best price outwards (for depth bars and chart). */
export function cumulative(
  levels: readonly Level[],
): { price: string; quantity: string; total: string }[] {
  let total = new Decimal(0);
  return levels.map(([price, quantity]) => {
    total = total.plus(quantity);
    return { price, quantity, total: total.toString() };
  });
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const digits = (value: string) => value.replace('.', '').replace(/^0+/, '');

/**
 * Kraken's v2 book checksum over the top 10 levels: asks best first, then bids best first, each
 * price and quantity without the decimal point and leading zeros, concatenated; CRC32 of that.
 */
export function bookChecksum(top: BookChanges): number {
  let text = '';
  for (const [price, quantity] of [
    ...(top.asks ?? []).slice(0, 10),
    ...(top.bids ?? []).slice(0, 10),
  ]) {
    text += digits(price) + digits(quantity);
  }
  return crc32(text);
}
