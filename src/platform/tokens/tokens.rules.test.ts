import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/db/schema.js';
import { baseUnits } from '../../lib/token-units.js';
import {
  contractPausedIn,
  goLiveBlock,
  nextStatus,
  percentagesSumTo100,
  seesEveryDraft,
  shareOf,
  successFee,
} from './tokens.rules.js';

describe('token rules', () => {
  it('goes live only from a deployed token whose offering opened, with no payment awaited', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const ready = {
      status: 'primary' as const,
      contract_address: '0xabc',
      primary_start: new Date('2026-06-01T11:00:00Z'),
    };
    expect(goLiveBlock(ready, 0, now)).toBeNull();
    expect(goLiveBlock(ready, 2, now)).toBe('PAYMENTS_PENDING');
    expect(goLiveBlock({ ...ready, primary_start: null }, 0, now)).toBe('OFFERING_NOT_OPENED');
    expect(goLiveBlock({ ...ready, primary_start: new Date('2026-06-02T00:00:00Z') }, 0, now)).toBe(
      'OFFERING_NOT_OPENED',
    );
    expect(goLiveBlock({ ...ready, contract_address: null }, 0, now)).toBe('TOKEN_NOT_DEPLOYED');
    expect(goLiveBlock({ ...ready, status: 'secondary' }, 0, now)).toBe('TOKEN_STATE_CONFLICT');
  });

  it('follows the lifecycle', () => {
    expect(nextStatus('draft', 'deploy')).toBe('primary');
    expect(nextStatus('primary', 'deploy')).toBeUndefined();
    expect(nextStatus('draft', 'start_offering')).toBeUndefined();
    expect(nextStatus('primary', 'enable_secondary')).toBe('secondary');
    expect(nextStatus('secondary', 'pause')).toBe('paused');
    expect(nextStatus('paused', 'resume')).toBe('secondary');
    expect(nextStatus('primary', 'pause')).toBeUndefined();
    expect(nextStatus('paused', 'delist')).toBe('delisted');
    expect(nextStatus('delisted', 'resume')).toBeUndefined();
    expect(nextStatus('matured', 'delist')).toBeUndefined();
    expect(nextStatus('secondary', 'mature')).toBe('matured');
    expect(nextStatus('draft', 'mature')).toBeUndefined();
  });

  it('pauses the contract everywhere but secondary trading', () => {
    expect(
      ['draft', 'primary', 'secondary', 'paused', 'matured', 'delisted'].filter(
        (s) => !contractPausedIn(s as never),
      ),
    ).toEqual(['secondary']);
  });

  it('checks the supply split to the hundredth', () => {
    expect(percentagesSumTo100(60, 30, 10)).toBe(true);
    expect(percentagesSumTo100(33.33, 33.33, 33.34)).toBe(true);
    expect(percentagesSumTo100(60, 30, 10.01)).toBe(false);
    expect(percentagesSumTo100(0.1, 0.2, 99.7)).toBe(true);
  });

  it('rounds shares down and fees to the cent', () => {
    expect(shareOf(1_000_000, '2.5')).toBe(25_000);
    expect(shareOf(999, '33.33')).toBe(332);
    expect(successFee('123456.78', 100)).toBe('1234.57');
    expect(successFee('0.50', 100)).toBe('0.00');
    expect(baseUnits(12, 18)).toBe('12000000000000000000');
    expect(baseUnits(3, 0)).toBe('3');
  });
});

describe('seesEveryDraft', () => {
  it('is for staff and admins only', () => {
    expect(['investor', 'issuer', 'staff', 'admin'].map((r) => seesEveryDraft(r as Role))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
