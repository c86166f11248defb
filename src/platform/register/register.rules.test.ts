import { describe, expect, it } from 'vitest';
import { toCsv } from '../../lib/csv.js';
import type { HolderProfileRow } from './register.queries.js';
import { buildRegister, pctOf, reconcile } from './register.rules.js';

const profile = (id: string, over: Partial<HolderProfileRow> = {}): HolderProfileRow => ({
  id,
  email: `${id}@example.com`,
  role: 'investor',
  full_name: null,
  account_type: 'individual',
  accreditation_status: 'retail',
  wallet_address: null,
  business_name: null,
  business_country: null,
  residence: 'FR',
  nationality: 'DE',
  ...over,
});

describe("the register's shares, lock-ups and counts", () => {
  it("gives both percentages, the issuer's shares locked up to their date without a rule, and who each count includes", () => {
    const at = new Date('2026-11-28T00:00:00Z');
    const register = buildRegister({
      at,
      holdings: [
        { userId: 'issuer', units: '400' },
        { userId: 'investor', units: '153' },
        { userId: 'treasury', units: '47' },
      ],
      profiles: new Map([
        ['issuer', profile('issuer', { role: 'issuer' })],
        ['investor', profile('investor')],
        ['treasury', profile('treasury', { role: 'treasury' })],
      ]),
      lockedInOrders: new Map(),
      allocations: new Map([
        [
          'issuer',
          [
            { quantity: 300, at, lockedUntil: new Date('2027-11-28T00:00:00Z') },
            { quantity: 100, at, lockedUntil: new Date('2026-11-01T00:00:00Z') },
          ],
        ],
      ]),
      lockUp: null,
      frozen: new Map(),
      platformCountry: 'AE',
      totalSupply: 1000,
      issuerId: 'issuer',
    });
    const investor = register.holders.find((h) => h.user_id === 'investor')!;
    // 153 of 600 circulating, and of the 1,000 total supply a 10% maximum-balance rule counts
    expect(investor).toMatchObject({ pct_of_supply: '25.5000', pct_of_total_supply: '15.3000' });
    expect(register.holders.find((h) => h.user_id === 'issuer')).toMatchObject({
      locked_up_units: '300',
    });
    expect(register.totals).toMatchObject({
      holders: 3,
      investor_holders: 1,
      locked_up_units: '300',
    });
  });
});

describe('the register', () => {
  const at = new Date('2026-06-01T00:00:00Z');
  const register = buildRegister({
    at,
    holdings: [
      { userId: 'a', units: '2' },
      { userId: 'b', units: '1' },
    ],
    profiles: new Map([
      ['a', profile('a', { full_name: 'Ann Lee', wallet_address: '0xAA' })],
      [
        'b',
        profile('b', {
          account_type: 'corporate',
          business_name: 'Bee Ltd',
          business_country: 'AE',
          wallet_address: '0xbb',
        }),
      ],
    ]),
    lockedInOrders: new Map([['a', 5]]),
    allocations: new Map([
      [
        'a',
        [
          { quantity: 1, at: new Date('2026-05-30T00:00:00Z') },
          { quantity: 1, at: new Date('2026-01-01T00:00:00Z') },
        ],
      ],
    ]),
    lockUp: { daysAfterAllocation: 30 },
    frozen: new Map([['0xbb', '1']]),
    platformCountry: 'AE',
    totalSupply: 20,
    issuerId: 'issuer',
  });

  it('describes holders, their shares and what cannot move', () => {
    expect(register.supply_in_circulation).toBe('3');
    expect(register.holders).toEqual([
      expect.objectContaining({
        legal_name: 'Ann Lee',
        holder_kind: 'investor',
        holder_type: 'individual',
        country: 'FR',
        pct_of_supply: '66.6667',
        pct_of_total_supply: '10.0000',
        // locked cannot exceed the units held; one allocation is still within 30 days
        locked_units: '2',
        locked_up_units: '1',
        frozen_units: '0',
      }),
      expect.objectContaining({
        legal_name: 'Bee Ltd',
        holder_type: 'company',
        country: 'AE',
        pct_of_supply: '33.3333',
        frozen_units: '1',
      }),
    ]);
    expect(register.totals).toEqual({
      holders: 2,
      investor_holders: 2,
      units: '3',
      pct_of_total_supply: '15.0000',
      locked_units: '2',
      frozen_units: '1',
      locked_up_units: '1',
    });
  });

  it('reconciles against base units, case-blind on addresses', () => {
    const chain = [
      { wallet_addr: '0xaa', balance: '2000' },
      { wallet_addr: '0xBB', balance: '999' },
    ];
    expect(reconcile(register.holders, chain, 3)).toEqual({
      differences: [{ wallet_address: '0xbb', register_units: '1', chain_units: '0.999' }],
      without_wallet: 0,
    });
  });

  it('gives 0 percent when nothing circulates', () => {
    expect(pctOf('0', '0')).toBe('0.0000');
    expect(pctOf('1', '8')).toBe('12.5000');
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['=1+1', null],
          [3, '-'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=1+1,\r\n3,\'-\r\n');
  });
});
