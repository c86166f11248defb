import { describe, expect, it } from 'vitest';
import { shareOf } from './book-share.js';

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
