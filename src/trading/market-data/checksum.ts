/**
 * The book checksum of DECISIONS "Market data and WebSocket", Kraken's v2 rule: CRC32 (IEEE) of
 * the top 10 asks, best (lowest) first, then the top 10 bids, best (highest) first, each level's
 * price and quantity with the decimal point and leading zeros removed, concatenated. A client
 * computes the same over its copy of the book to know it is in step.
 */

const table = (() => {
  const entries = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    entries[n] = c >>> 0;
  }
  return entries;
})();

/** CRC32 of an ASCII string, as an unsigned 32-bit integer. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i += 1) {
    crc = table[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A level as the wire carries it: [price, quantity], decimal strings. */
export type WireLevel = readonly [string, string];

export const checksumLevels = 10;

const digits = (value: string) => value.replace('.', '').replace(/^0+/, '');

/** Asks best first, bids best first (only their first 10 count). */
export function bookChecksum(asks: readonly WireLevel[], bids: readonly WireLevel[]): number {
  let text = '';
  for (const [price, quantity] of asks.slice(0, checksumLevels)) {
    text += digits(price) + digits(quantity);
  }
  for (const [price, quantity] of bids.slice(0, checksumLevels)) {
    text += digits(price) + digits(quantity);
  }
  return crc32(text);
}
