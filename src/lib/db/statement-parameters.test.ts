import { describe, expect, it } from 'vitest';
import { StatementParameters } from './statement-parameters.js';

interface Input {
  at: string;
  rows: { id: string; note: string | null; amount: string | null }[];
  pair: [number, number];
}

describe('StatementParameters', () => {
  it('numbers the parameters as declared and gives their values in that order', () => {
    const p = new StatementParameters<Input>();
    const at = p.one('timestamptz', (input) => input.at);
    const rows = p.rows((input) => input.rows, { id: 'uuid', note: 'varchar', amount: 'numeric' });
    const first = p.several(2, (input) => input.pair);
    expect(at).toBe('$1::timestamptz');
    expect(rows.column.note).toBe('$3::varchar[]');
    expect(rows.names).toBe('id, note, amount');
    expect(rows.unnest('v')).toBe(
      'unnest($2::uuid[], $3::varchar[], $4::numeric[]) as v(id, note, amount)',
    );
    expect(first).toBe(5);
    const values = p.valuesOf({
      at: 'now',
      rows: [
        { id: 'a', note: 'x,"y"', amount: '1.50' },
        { id: 'b', note: null, amount: null },
      ],
      pair: [7, 8],
    });
    // plain types as an array literal; others as arrays, for pg to quote and escape
    expect(values).toEqual(['now', '{a,b}', ['x,"y"', null], '{1.50,NULL}', 7, 8]);
  });

  it('refuses a part that gives another number of parameters than it declared', () => {
    const p = new StatementParameters<Input>();
    p.several(3, (input) => input.pair);
    expect(() => p.valuesOf({ at: '', rows: [], pair: [1, 2] })).toThrow();
  });
});
