import { describe, expect, it } from 'vitest';
import { shareOf, successors } from './book-share.js';

describe('shareOf', () => {
  it('splits the books evenly, the remainder to the first nodes, every book owned once', () => {
    const nodes = ['a', 'b', 'c'];
    expect(nodes.map((node) => shareOf(10, nodes, node))).toEqual([4, 3, 3]);
    expect(nodes.map((node) => shareOf(2, nodes, node))).toEqual([1, 1, 0]);
    for (let books = 0; books < 50; books++) {
      const shares = nodes.map((node) => shareOf(books, nodes, node));
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(books);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  it('gives a node that is not live (draining, unseen) nothing', () => {
    expect(shareOf(10, ['a', 'b'], 'c')).toBe(0);
    expect(shareOf(10, [], 'a')).toBe(0);
  });
});

describe('successors', () => {
  it('hands each book to the live node furthest below its share, then releases it', () => {
    const nodes = ['a', 'b', 'c'];
    // 9 books: a joined with none, b holds 2, c (above its share of 3) hands 4 over
    const holdings = new Map([
      ['b', 2],
      ['c', 7],
    ]);
    expect(successors(9, nodes, holdings, 4)).toEqual(['a', 'a', 'a', 'b']);
    expect(successors(9, nodes, new Map([['c', 9]]), 7)).toEqual([
      'a',
      'b',
      'a',
      'b',
      'a',
      'b',
      null,
    ]);
  });

  it('has no successor when no live node is below its share (the last node drains)', () => {
    expect(successors(4, [], new Map([['a', 4]]), 4)).toEqual([null, null, null, null]);
    expect(successors(4, ['a'], new Map([['a', 4]]), 1)).toEqual([null]);
  });
});
