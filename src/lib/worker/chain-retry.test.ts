import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { isTransient, transientWaitMs } from './chain-retry.js';

describe('chain retry', () => {
  it('tells failures the chain would not repeat from those it would', () => {
    for (const code of [
      'CHAIN_UNAVAILABLE',
      'CHAIN_TIMEOUT',
      'CHAIN_TRANSACTION_REJECTED',
      'SERVICE_UNAVAILABLE',
      'INTERNAL_ERROR',
    ] as const) {
      expect(isTransient(new AppError(code))).toBe(true);
    }
    for (const code of [
      'TOKEN_PAUSED',
      'COMPLIANCE_REFUSED',
      'INSUFFICIENT_TOKEN_BALANCE',
      'TRANSACTION_REVERTED',
      'CONTRACT_REVERTED',
      'CHAIN_NOT_AUTHORIZED',
      'CHAIN_BAD_RESPONSE',
    ] as const) {
      expect(isTransient(new AppError(code))).toBe(false);
    }
    expect(isTransient(new Error('a bug'))).toBe(false);
  });

  it('doubles the wait from the base, caps it, and jitters it within its upper half', () => {
    const retry = { baseMs: 1_000, maxMs: 30_000 };
    const highest = (waits: number) => transientWaitMs(waits, retry, () => 1);
    const lowest = (waits: number) => transientWaitMs(waits, retry, () => 0);
    expect([1, 2, 3, 4, 5, 6, 7].map(highest)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect([1, 2, 6].map(lowest)).toEqual([500, 1_000, 15_000]);
    expect(transientWaitMs(1_000_000, retry, () => 0.5)).toBe(22_500);
  });
});
