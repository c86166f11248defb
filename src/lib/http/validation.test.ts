import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import {
  DateTime,
  Money,
  MultilineText,
  Percent,
  PositiveMoney,
  Price,
  Text,
} from './route-schemas.js';
import { bodyCheck } from './validation.js';

const accepts = (schema: Parameters<typeof bodyCheck>[0], value: unknown) => {
  try {
    bodyCheck(Type.Object({ v: schema }))({ v: value });
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_FAILED');
    return false;
  }
};

describe('the shared input rules', () => {
  it('one-line text: not blank, no control characters, length in code points', () => {
    const text = Text(5);
    expect(['abc', 'é ü', '🙂🙂🙂🙂🙂', ' a '].map((v) => accepts(text, v))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['', '   ', 'a\u0000', 'a\u0001', 'a\nb', 'a\tb', 'a\u007f', 'a\u0085', 'abcdef'].map((v) =>
        accepts(text, v),
      ),
    ).toEqual(Array(9).fill(false));
  });

  it('free text: may be empty, takes line breaks and tabs, no other control characters', () => {
    const notes = MultilineText(20);
    expect(['', 'line\r\nline', 'a\tb'].map((v) => accepts(notes, v))).toEqual([true, true, true]);
    expect(['a\u0000', 'a\u000b', 'a\u001b'].map((v) => accepts(notes, v))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('date-time: a real instant with a zone, years 0001 to 9999', () => {
    const date = DateTime();
    for (const ok of [
      '2026-05-01T09:00:00Z',
      '2026-05-01T09:00:00.123+04:00',
      '0001-01-01T00:00:00Z',
    ])
      expect(accepts(date, ok)).toBe(true);
    for (const bad of [
      '9999-12-31T23:59:60Z',
      '2026-02-30T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:00:00-05:00',
      '2026-05-01T09:00:00',
      '2026-05-01',
      '+275760-09-13T00:00:00.000Z',
    ])
      expect({ bad, ok: accepts(date, bad) }).toEqual({ bad, ok: false });
  });

  it('date: a day that exists, years 0001 to 9999', () => {
    const birth = Type.String({ format: 'date' });
    expect(accepts(birth, '2000-02-29')).toBe(true);
    expect(['1999-02-29', '0000-01-01', '2000-1-1'].map((v) => accepts(birth, v))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('money: no sign, exponent or third decimal; prices above zero', () => {
    expect(['0', '0.5', '12.50', '999999999999999.99'].map((v) => accepts(Money('m'), v))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['-1', '1e3', '1.001', '01', '1000000000000000', ' 1', 12].map((v) => accepts(Money('m'), v)),
    ).toEqual(Array(7).fill(false));
    expect(['0', '0.00', '00'].map((v) => accepts(PositiveMoney('p'), v))).toEqual([
      false,
      false,
      false,
    ]);
    expect(accepts(PositiveMoney('p', 9), '1000000000')).toBe(false);
    expect(accepts(PositiveMoney('p', 9), '999999999.99')).toBe(true);
  });

  it('prices: above zero, two decimals, below 10^12', () => {
    expect(['0.01', '12.50', '999999999999.99'].map((v) => accepts(Price, v))).toEqual([
      true,
      true,
      true,
    ]);
    expect(['0', '0.00', '1000000000000', '1.001', 12].map((v) => accepts(Price, v))).toEqual(
      Array(5).fill(false),
    );
  });

  it('percentages: decimal text; a JSON number only where taken, kept as the text it was', () => {
    expect(['0', '2.75', '100', '999.99'].map((v) => accepts(Percent('p'), v))).toEqual(
      Array(4).fill(true),
    );
    expect(['-1', '1.005', '05', '1000', 2].map((v) => accepts(Percent('p'), v))).toEqual(
      Array(5).fill(false),
    );
    const fee = Percent('p', { upTo100: true, acceptNumber: true });
    const body = { v: 2.75 as unknown };
    bodyCheck(Type.Object({ v: fee }))(body);
    expect(body.v).toBe('2.75');
    expect([0, 100, '2.5', 33.33].map((v) => accepts(fee, v))).toEqual(Array(4).fill(true));
    expect([101, -1, 1.005, 1e-7, '1.005', '100.01', '101'].map((v) => accepts(fee, v))).toEqual(
      Array(7).fill(false),
    );
    expect(['100', '100.00', '99.99', '0.5'].map((v) => accepts(fee, v))).toEqual(
      Array(4).fill(true),
    );
  });
});
