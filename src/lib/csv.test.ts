import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('CSV cells', () => {
  it('keeps a signed decimal a number and defuses what only looks like one', () => {
    expect(toCsv(['a'], [['-200.00'], ['-3'], ['-1+1'], ['-2.5e3'], ['-']])).toBe(
      "a\r\n-200.00\r\n-3\r\n'-1+1\r\n'-2.5e3\r\n'-\r\n",
    );
  });
});
