import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Exact } from '../../lib/money.js';
import { holderAmounts, planDividend } from './dividend.math.js';

const perTokenUsd = fc
  .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 99_999_999 }))
  .filter(([units, fraction]) => units + fraction > 0)
  .map(([units, fraction]) => `${units}.${String(fraction).padStart(8, '0')}`);
const feePct = fc
  .integer({ min: 0, max: 10_000 })
  .map((bp) => new Exact(bp).dividedBy(100).toFixed(2));
const holders = fc.array(
  fc.record({ userId: fc.uuid(), balance: fc.integer({ min: 1, max: 10_000_000 }) }),
  { minLength: 1, maxLength: 200 },
);

describe('holderAmounts', () => {
  it('rounds the gross and the fee down to the cent; net is the rest', () => {
    expect(holderAmounts('0.333', 10, '1')).toEqual({ gross: '3.33', fee: '0.03', net: '3.30' });
    expect(holderAmounts('0.009', 1, '0')).toEqual({ gross: '0.00', fee: '0.00', net: '0.00' });
    expect(holderAmounts('1.999', 3, '100')).toEqual({ gross: '5.99', fee: '5.99', net: '0.00' });
    expect(holderAmounts('2.50', 4, '2.5')).toEqual({ gross: '10.00', fee: '0.25', net: '9.75' });
  });

  it('never pays more than the exact amount, and fee + net is the gross', () => {
    fc.assert(
      fc.property(perTokenUsd, fc.integer({ min: 1, max: 1e9 }), feePct, (price, balance, pct) => {
        const { gross, fee, net } = holderAmounts(price, balance, pct);
        const exact = new Exact(price).times(balance);
        expect(new Exact(gross).lte(exact)).toBe(true);
        expect(exact.minus(gross).lt('0.01')).toBe(true);
        expect(new Exact(fee).lte(new Exact(gross).times(pct).dividedBy(100))).toBe(true);
        expect(new Exact(fee).plus(net).eq(gross)).toBe(true);
        expect(new Exact(net).gte(0)).toBe(true);
      }),
    );
  });
});

describe('planDividend', () => {
  it('records what rounding down leaves as the remainder', () => {
    const plan = planDividend(
      [
        { userId: 'a', balance: 1 },
        { userId: 'b', balance: 1 },
        { userId: 'c', balance: 1 },
      ],
      { perTokenUsd: '0.005', feePct: '10' },
    );
    // 3 * 0.005 = 0.015 -> declared 0.01; each holder's 0.005 rounds down to 0.00
    expect(plan).toMatchObject({
      totalHeld: 3,
      totalGrossUsd: '0.01',
      totalFeeUsd: '0.00',
      totalNetUsd: '0.00',
      remainderUsd: '0.01',
    });
  });

  it('conserves the declared gross to the cent, for random holders', () => {
    fc.assert(
      fc.property(holders, perTokenUsd, feePct, (snapshot, price, pct) => {
        const plan = planDividend(snapshot, { perTokenUsd: price, feePct: pct });
        const gross = plan.payments.reduce((s, p) => s.plus(p.gross), new Exact(0));
        const fees = plan.payments.reduce((s, p) => s.plus(p.fee), new Exact(0));
        const nets = plan.payments.reduce((s, p) => s.plus(p.net), new Exact(0));
        expect(fees.eq(plan.totalFeeUsd)).toBe(true);
        expect(nets.eq(plan.totalNetUsd)).toBe(true);
        expect(nets.plus(fees).eq(gross)).toBe(true);
        expect(nets.plus(fees).plus(plan.remainderUsd).eq(plan.totalGrossUsd)).toBe(true);
        expect(new Exact(plan.remainderUsd).gte(0)).toBe(true);
        // at most a cent lost per holder (and the declared gross' own rounding)
        expect(new Exact(plan.remainderUsd).lt(new Exact(snapshot.length).times('0.01'))).toBe(
          true,
        );
        expect(
          new Exact(plan.totalFeeUsd).lte(new Exact(plan.totalGrossUsd).times(pct).div(100)),
        ).toBe(true);
      }),
    );
  });

  it('moves per_token_qty whole tokens per token held, no USD amounts', () => {
    fc.assert(
      fc.property(holders, fc.integer({ min: 1, max: 100 }), (snapshot, qty) => {
        const plan = planDividend(snapshot, { perTokenQty: qty });
        expect(plan.totalQuantity).toBe(qty * plan.totalHeld);
        expect(plan.payments.reduce((s, p) => s + p.quantity, 0)).toBe(plan.totalQuantity);
        expect(plan.payments.every((p) => p.quantity === qty * p.balance && p.net === '0.00')).toBe(
          true,
        );
      }),
    );
  });

  it('refuses quantities beyond safe integers', () => {
    expect(() => planDividend([{ userId: 'a', balance: 2 ** 52 }], { perTokenQty: 4 })).toThrow(
      RangeError,
    );
  });
});
