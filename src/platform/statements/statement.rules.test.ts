import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import {
  accountHolder,
  cashAccounts,
  closingInstant,
  monthPeriod,
  tradeSide,
  valuation,
  yearPeriod,
} from './statement.rules.js';

describe('statement periods', () => {
  it('are calendar months and years in UTC', () => {
    expect(monthPeriod('2026-12')).toEqual({
      kind: 'month',
      label: '2026-12',
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(monthPeriod('2024-02').end).toEqual(new Date('2024-03-01T00:00:00Z'));
    expect(yearPeriod('2025')).toMatchObject({
      start: new Date('2025-01-01T00:00:00Z'),
      end: new Date('2026-01-01T00:00:00Z'),
    });
  });

  it('close at their end, or now while under way, and refuse one not begun', () => {
    const now = new Date('2026-03-15T10:00:00Z');
    expect(closingInstant(monthPeriod('2026-02'), now)).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(closingInstant(monthPeriod('2026-03'), now)).toEqual(now);
    let refused: unknown;
    try {
      closingInstant(monthPeriod('2026-04'), now);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('STATEMENT_PERIOD_FUTURE');
  });
});

describe('valuation', () => {
  const row = {
    token_id: 't',
    trade_price: null,
    traded_at: null,
    nav: null,
    nav_at: null,
    price_per_token: '10.00',
  };
  it('takes the last trade price, else the NAV, else the offering price', () => {
    const at = new Date('2026-03-01T00:00:00Z');
    expect(
      valuation({ ...row, trade_price: '12.50', traded_at: at, nav: '11.00', nav_at: at }),
    ).toEqual({
      price: '12.50',
      price_source: 'trade',
      priced_at: at.toISOString(),
    });
    expect(valuation({ ...row, nav: '11.00', nav_at: at }).price_source).toBe('nav');
    expect(valuation(row)).toEqual({ price: '10.00', price_source: 'offering', priced_at: null });
  });
});

describe('cash reconciliation', () => {
  const sums = [
    { currency: 'USD', kind: 'deposit', before: '100.00', during: '1000.00' },
    { currency: 'USD', kind: 'order_lock', before: '0', during: '-47.50' },
    { currency: 'USD', kind: 'order_release', before: '0', during: '1.50' },
    { currency: 'USD', kind: 'trade_sell', before: '0', during: '35.82' },
    { currency: 'USD', kind: 'withdrawal_hold', before: '-20.00', during: '-200.00' },
    { currency: 'USDC', kind: 'dividend', before: '0', during: '3.30' },
  ];
  const [usd, usdc] = cashAccounts(sums, {
    sales: '36.00',
    fees: '0.18',
    purchases: '36.00',
    accrued_paid: '0',
  });

  it('splits buy orders into purchases and holds, sales into gross and fees', () => {
    expect(usd!.opening_balance).toBe('80.00');
    expect(Object.fromEntries(usd!.lines.map((l) => [l.key, l.amount]))).toEqual({
      deposits: '1000.00',
      withdrawals: '-200.00',
      subscriptions: '0.00',
      purchases: '-36.00',
      buy_order_holds: '-10.00',
      sales: '36.00',
      trading_fees: '-0.18',
      dividends: '0.00',
    });
    // 80 + 1000 - 200 - 47.50 + 1.50 + 35.82
    expect(usd!.closing_balance).toBe('869.82');
  });

  it('keeps other currencies apart, with only the lines that moved', () => {
    expect(usdc).toEqual({
      currency: 'USDC',
      opening_balance: '0.00',
      lines: [{ key: 'dividends', label: 'Dividends', amount: '3.30' }],
      closing_balance: '3.30',
    });
  });

  it("shows an issuer's or the treasury's own kinds", () => {
    const [account] = cashAccounts(
      [{ currency: 'USD', kind: 'subscription_proceeds', before: '0', during: '250.00' }],
      { sales: '0', fees: '0', purchases: '0', accrued_paid: '0' },
    );
    expect(account!.lines.at(-1)).toEqual({
      key: 'subscription_proceeds',
      label: 'Subscription proceeds',
      amount: '250.00',
    });
    expect(account!.closing_balance).toBe('250.00');
  });
});

describe('a trade on a statement', () => {
  const trade = { buyer_id: 'b', total: '36.00', platform_fee: '0.18', accrued_interest: '0' };
  it('costs the buyer its total and pays the seller the total less the fee', () => {
    expect(tradeSide('b', trade)).toEqual({
      side: 'buy',
      fee: '0.00',
      accrued_interest: '0.00',
      net: '-36.00',
    });
    expect(tradeSide('s', trade)).toEqual({
      side: 'sell',
      fee: '0.18',
      accrued_interest: '0.00',
      net: '35.82',
    });
  });

  it("adds a debt token's accrued interest: the buyer pays it, the seller receives it", () => {
    const bond = {
      buyer_id: 'b',
      total: '6930.00',
      platform_fee: '34.65',
      accrued_interest: '120.82',
    };
    expect(tradeSide('b', bond)).toMatchObject({ accrued_interest: '120.82', net: '-7050.82' });
    expect(tradeSide('s', bond)).toMatchObject({ accrued_interest: '120.82', net: '7016.17' });
  });

  it('shows the accrued interest paid on purchases apart from what buy orders hold', () => {
    // a buy of 6,930.00 clean with 120.82 accrued, locked 7,106.47 and 55.65 released
    const [account] = cashAccounts(
      [
        { currency: 'USD', kind: 'deposit', before: '0', during: '10000.00' },
        { currency: 'USD', kind: 'order_lock', before: '0', during: '-7106.47' },
        { currency: 'USD', kind: 'order_release', before: '0', during: '55.65' },
      ],
      { sales: '0', fees: '0', purchases: '6930.00', accrued_paid: '120.82' },
    );
    expect(Object.fromEntries(account!.lines.map((l) => [l.key, l.amount]))).toMatchObject({
      purchases: '-6930.00',
      accrued_interest_paid: '-120.82',
      buy_order_holds: '0.00',
    });
    expect(account!.closing_balance).toBe('2949.18');
  });
});

describe('the account holder', () => {
  const person = {
    full_name: 'Ivo Investor',
    email: 'ivo@example.com',
    role: 'investor',
    account_type: 'individual',
    business_name: null,
  };
  it("is the person's name, or their email without one", () => {
    expect(accountHolder(person)).toEqual({ name: 'Ivo Investor', account_name: 'Ivo Investor' });
    expect(accountHolder({ ...person, full_name: null })).toEqual({
      name: 'ivo@example.com',
      account_name: 'ivo@example.com',
    });
  });
  it("is the company's name for a corporate investor or an issuer with a business", () => {
    const company = { ...person, account_type: 'corporate', business_name: 'Northwind Treasury' };
    expect(accountHolder(company)).toEqual({
      name: 'Ivo Investor',
      account_name: 'Northwind Treasury',
    });
    expect(
      accountHolder({ ...person, role: 'issuer', account_type: null, business_name: 'Quay' }),
    ).toEqual({ name: 'Ivo Investor', account_name: 'Quay' });
    // an individual who registered a business still holds the account in their own name
    expect(accountHolder({ ...person, business_name: 'Side Co' }).account_name).toBe(
      'Ivo Investor',
    );
  });
});
