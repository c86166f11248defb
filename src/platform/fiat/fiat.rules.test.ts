import { describe, expect, it } from 'vitest';
import { decide, opening, paymentReference } from './fiat.rules.js';

describe('fiat request rules', () => {
  it('opens a deposit without moving money and a withdrawal with a hold', () => {
    expect(opening('deposit')).toEqual({ status: 'requested' });
    expect(opening('withdrawal')).toEqual({
      status: 'held',
      movement: { direction: 'debit', kind: 'withdrawal_hold' },
    });
  });

  it('credits a confirmed deposit and a released withdrawal, nothing else', () => {
    expect(decide('deposit', 'requested', 'confirm')).toEqual({
      status: 'confirmed',
      movement: { direction: 'credit', kind: 'deposit' },
    });
    expect(decide('deposit', 'requested', 'reject')).toEqual({ status: 'rejected' });
    expect(decide('withdrawal', 'held', 'approve')).toEqual({ status: 'paid' });
    expect(decide('withdrawal', 'held', 'reject')).toEqual({
      status: 'released',
      movement: { direction: 'credit', kind: 'withdrawal_release' },
    });
  });

  it('decides a request once', () => {
    for (const status of ['confirmed', 'rejected'] as const) {
      expect(decide('deposit', status, 'confirm')).toBeUndefined();
      expect(decide('deposit', status, 'reject')).toBeUndefined();
    }
    for (const status of ['paid', 'released'] as const) {
      expect(decide('withdrawal', status, 'approve')).toBeUndefined();
      expect(decide('withdrawal', status, 'reject')).toBeUndefined();
    }
  });

  it('knows which decisions belong to which kind', () => {
    expect(() => decide('deposit', 'requested', 'approve')).toThrow();
    expect(() => decide('withdrawal', 'held', 'confirm')).toThrow();
  });
});

describe('paymentReference', () => {
  it('is DEP- and the last ten hex digits of the deposit id, upper case', () => {
    expect(paymentReference('0194a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).toBe('DEP-1D2E3F4A5B');
  });
});
