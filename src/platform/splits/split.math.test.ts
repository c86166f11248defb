import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { assertRatio, scaleHolding, scaled } from './split.math.js';

const codeOf = (f: () => void) => {
  try {
    f();
  } catch (error) {
    return error instanceof AppError ? `${error.code}: ${error.detail}` : String(error);
  }
  return 'accepted';
};

describe('split arithmetic', () => {
  it('accepts ratios in lowest terms and refuses the rest', () => {
    expect(codeOf(() => assertRatio({ ratio_new: 2, ratio_old: 1 }))).toBe('accepted');
    expect(codeOf(() => assertRatio({ ratio_new: 1, ratio_old: 10 }))).toBe('accepted');
    expect(codeOf(() => assertRatio({ ratio_new: 3, ratio_old: 2 }))).toBe('accepted');
    expect(codeOf(() => assertRatio({ ratio_new: 4, ratio_old: 2 }))).toBe(
      'SPLIT_RATIO_INVALID: Give the ratio in lowest terms: 2:1',
    );
    expect(codeOf(() => assertRatio({ ratio_new: 5, ratio_old: 5 }))).toMatch(
      /^SPLIT_RATIO_INVALID/,
    );
    expect(codeOf(() => assertRatio({ ratio_new: 0, ratio_old: 1 }))).toMatch(
      /^SPLIT_RATIO_INVALID/,
    );
    expect(codeOf(() => assertRatio({ ratio_new: 1.5, ratio_old: 1 }))).toMatch(
      /^SPLIT_RATIO_INVALID/,
    );
    expect(codeOf(() => assertRatio({ ratio_new: 1001, ratio_old: 1 }))).toMatch(
      /^SPLIT_RATIO_INVALID/,
    );
  });

  it('scales a 2:1 split with no fraction', () => {
    expect(
      scaleHolding({ balance: 15, locked: 4, frozen: 3 }, { ratio_new: 2, ratio_old: 1 }, '7.00'),
    ).toEqual({
      new_balance: 30,
      new_locked: 8,
      new_frozen: 6,
      cash_in_lieu: '0.00',
    });
  });

  it('pays the fraction of a 1:10 consolidation at the reference price of an old token', () => {
    // 25 old make 2 new and 5 old left over: 5 x 3.33 = 16.65
    expect(
      scaleHolding({ balance: 25, locked: 9, frozen: 15 }, { ratio_new: 1, ratio_old: 10 }, '3.33'),
    ).toEqual({
      new_balance: 2,
      new_locked: 0,
      new_frozen: 1,
      cash_in_lieu: '16.65',
    });
  });

  it('pays a 3:2 split fraction in new-token value, rounded half-even to the cent', () => {
    // 7 old make 10.5 new: half a new token is worth 1/3 of an old one at 1.01: 0.336666...
    expect(
      scaleHolding({ balance: 7, locked: 0, frozen: 0 }, { ratio_new: 3, ratio_old: 2 }, '1.01'),
    ).toEqual({
      new_balance: 10,
      new_locked: 0,
      new_frozen: 0,
      cash_in_lieu: '0.34',
    });
  });

  it('pays the issuer nothing for its own fraction', () => {
    expect(
      scaleHolding({ balance: 19, locked: 0, frozen: 0 }, { ratio_new: 1, ratio_old: 10 }, null),
    ).toMatchObject({
      new_balance: 1,
      cash_in_lieu: '0.00',
    });
  });

  it('keeps large balances exact', () => {
    expect(scaled(9_007_199_254_740_991, { ratio_new: 1, ratio_old: 1000 })).toBe(
      9_007_199_254_740,
    );
  });
});
