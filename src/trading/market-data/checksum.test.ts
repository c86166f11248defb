import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bookChecksum, crc32, type WireLevel } from './checksum.js';

describe('book checksum', () => {
  it("matches Kraken's documented example (974947235)", () => {
    const level = (price: string): WireLevel => [price, '0.00000500'];
    const asks = ['0.05005', '0.05010', '0.05015', '0.05020', '0.05025']
      .concat(['0.05030', '0.05035', '0.05040', '0.05045', '0.05050'])
      .map(level);
    const bids = ['0.05000', '0.04995', '0.04990', '0.04980', '0.04975']
      .concat(['0.04970', '0.04965', '0.04960', '0.04955', '0.04950'])
      .map(level);
    expect(bookChecksum(asks, bids)).toBe(974947235);
  });

  it('counts only the top 10 levels of each side', () => {
    const asks: WireLevel[] = Array.from({ length: 12 }, (_, i) => [`${10 + i}.00`, '5']);
    const bids: WireLevel[] = Array.from({ length: 12 }, (_, i) => [`${9 - i * 0.5}`, '1']);
    expect(bookChecksum(asks, bids)).toBe(bookChecksum(asks.slice(0, 10), bids.slice(0, 10)));
    expect(bookChecksum([], [])).toBe(0);
  });

  it('is the IEEE CRC32', () => {
    for (const text of ['', 'a', '123456789', '1250510']) {
      expect(crc32(text)).toBe(zlibCrc32(text));
    }
  });
});
