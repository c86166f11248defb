import { describe, expect, it } from 'vitest';
import { LocalBook, bookChecksum, crc32, cumulative } from './book.js';

describe('LocalBook', () => {
  const snapshot = () => {
    const book = new LocalBook(20);
    book.reset(10, {
      bids: [
        ['9.50', '5'],
        ['10.00', '3'],
      ],
      asks: [
        ['10.50', '2'],
        ['11.00', '4'],
      ],
    });
    return book;
  };

  it('orders bids highest first and asks lowest first, keeping the strings sent', () => {
    expect(snapshot().top(10)).toEqual({
      bids: [
        ['10.00', '3'],
        ['9.50', '5'],
      ],
      asks: [
        ['10.50', '2'],
        ['11.00', '4'],
      ],
    });
  });

  it('applies the next update: a level set, a level removed by quantity 0', () => {
    const book = snapshot();
    expect(book.apply(11, { bids: [['10.00', '0']], asks: [['10.25', '7']] })).toBe('applied');
    expect(book.seq).toBe(11);
    expect(book.top(1)).toEqual({ bids: [['9.50', '5']], asks: [['10.25', '7']] });
  });

  it('reports a gap (the caller resubscribes) and ignores an update already seen', () => {
    const book = snapshot();
    expect(book.apply(12, { bids: [['9.00', '1']] })).toBe('gap');
    expect(book.apply(10, { bids: [['9.00', '1']] })).toBe('stale');
    expect(book.top(5).bids).toHaveLength(2);
    expect(new LocalBook(20).apply(1, {})).toBe('gap');
  });

  it('checks the checksum of the book after the update', () => {
    const book = snapshot();
    const after = new LocalBook(20);
    after.reset(11, {
      bids: [['9.50', '5']],
      asks: [
        ['10.50', '2'],
        ['11.00', '4'],
      ],
    });
    const right = bookChecksum(after.top(10));
    expect(book.apply(11, { bids: [['10.00', '0']] }, right)).toBe('applied');
    expect(book.apply(12, { bids: [['9.50', '6']] }, right)).toBe('checksum_mismatch');
  });

  it('holds only the subscribed depth: what an update pushes out is dropped', () => {
    const book = new LocalBook(2);
    book.reset(1, {
      bids: [
        ['10.00', '1'],
        ['9.00', '1'],
      ],
    });
    expect(book.apply(2, { bids: [['11.00', '1']] })).toBe('applied');
    // the server then sends the 2nd level when the best one goes (hub.ts)
    expect(
      book.apply(3, {
        bids: [
          ['11.00', '0'],
          ['9.50', '4'],
        ],
      }),
    ).toBe('applied');
    expect(book.top(10).bids).toEqual([
      ['10.00', '1'],
      ['9.50', '4'],
    ]);
  });

  it('compares prices as decimals, not as text', () => {
    const book = new LocalBook(20);
    book.reset(1, {
      asks: [
        ['100.00', '1'],
        ['9.99', '1'],
      ],
    });
    expect(book.top(1).asks).toEqual([['9.99', '1']]);
  });
});

describe('checksum and depth', () => {
  it('is the standard CRC32', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
  });

  it('drops the decimal point and leading zeros, asks before bids', () => {
    const top = {
      asks: [['0.05', '10']] as [string, string][],
      bids: [['0.04', '2']] as [string, string][],
    };
    expect(bookChecksum(top)).toBe(crc32('5104' + '2'));
  });

  it('sums quantities outward from the best price exactly', () => {
    expect(
      cumulative([
        ['10.00', '3'],
        ['9.50', '5'],
      ]).map((l) => l.total),
    ).toEqual(['3', '8']);
  });
});
