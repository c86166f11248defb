import { describe, expect, it } from 'vitest';
import { goLiveShares, issuerLockedUntil } from './issuer-shares.js';

const at = new Date('2027-01-01T00:00:00Z');

describe('go-live shares', () => {
  it('gives the treasury its share and the issuer its team and reserve shares, rounded down', () => {
    const shares = goLiveShares(
      { total_supply: 1001, team_pct: '15', reserve_pct: '5.5' },
      '2',
      null,
      at,
    );
    expect(shares.map(({ type, to, quantity }) => ({ type, to, quantity }))).toEqual([
      { type: 'go_live', to: 'treasury', quantity: 20 },
      { type: 'team', to: 'issuer', quantity: 150 },
      { type: 'reserve', to: 'issuer', quantity: 55 },
    ]);
    expect(shares[0]!.lockedUntil).toBeNull();
    expect(shares[1]!.lockedUntil).toEqual(new Date('2028-01-01T00:00:00Z'));
  });

  it('leaves out empty shares', () => {
    expect(
      goLiveShares({ total_supply: 100, team_pct: '0', reserve_pct: '0' }, '0', null, at),
    ).toEqual([]);
  });

  it("locks the issuer's shares under the token's lock-up rule when it has one, else a year", () => {
    const until = new Date('2027-06-30T00:00:00Z');
    expect(issuerLockedUntil({ until }, at)).toEqual(until);
    expect(issuerLockedUntil({ daysAfterAllocation: 30 }, at)).toEqual(
      new Date('2027-01-31T00:00:00Z'),
    );
    expect(issuerLockedUntil(null, at)).toEqual(new Date('2028-01-01T00:00:00Z'));
  });
});
