/**
 * The rules over the orders of one batch: each order is decided on the state as the batch read it
 * plus the orders accepted before it in the batch.
 */
import { describe, expect, it } from 'vitest';
import type { HolderRecord } from '../../lib/compliance/compliance-checks.js';
import { noComplianceRules, type ComplianceRules } from '../../lib/compliance/compliance-rules.js';
import { BatchCompliance, intentOf } from './batch-compliance.js';
import type { BookCommand } from './book-command.js';
import type { BookState } from './book-state.js';

const us = 840;
const de = 276;
const at = new Date('2026-06-01T00:00:00Z');

const holder = (country: number, balance = 0): HolderRecord => ({
  country,
  balance,
  lockedForSale: 0,
  openBuys: 0,
  pendingAllocated: 0,
  allocations: balance > 0 ? [{ quantity: balance, at: new Date('2026-05-01T00:00:00Z') }] : [],
});

function compliance(rules: Partial<ComplianceRules>, holders: Record<string, HolderRecord>) {
  const held = Object.values(holders).filter((h) => h.balance > 0);
  const byCountry = new Map<number, number>();
  for (const h of held) byCountry.set(h.country, (byCountry.get(h.country) ?? 0) + 1);
  const state = {
    token: { totalSupply: 1000, minted: 1000, holders: held.length, holdersByCountry: byCountry },
    holders: new Map(Object.entries(holders)),
  };
  return new BatchCompliance(
    new Map([['t', { rules: { ...noComplianceRules, ...rules }, state }]]),
    at,
  );
}

/** Decides an intent and, when allowed, counts it as the sequencer does: the refusal's code. */
function decide(batch: BatchCompliance, userId: string, side: 'buy' | 'sell', quantity: number) {
  const intent = { userId, side, quantity };
  const refusal = batch.refusal('t', intent);
  if (!refusal) batch.accepted('t', intent);
  return refusal?.code ?? 'accepted';
}

describe('the rules over a batch', () => {
  it('gives the last holder place to the first new buyer of the batch only', () => {
    const batch = compliance(
      { maxHolders: 2 },
      { a: holder(us, 10), b: holder(us), c: holder(de) },
    );
    expect(decide(batch, 'b', 'buy', 1)).toBe('accepted');
    expect(decide(batch, 'c', 'buy', 1)).toBe('COMPLIANCE_MAX_HOLDERS');
    // a holder already counted (an open buy) takes no second place
    expect(decide(batch, 'b', 'buy', 1)).toBe('accepted');
    expect(decide(batch, 'a', 'buy', 1)).toBe('accepted');
  });

  it('counts a new holder in its country', () => {
    const batch = compliance(
      { maxHoldersPerCountry: 1 },
      { a: holder(us, 10), b: holder(de), c: holder(de) },
    );
    expect(decide(batch, 'b', 'buy', 1)).toBe('accepted');
    expect(decide(batch, 'c', 'buy', 1)).toBe('COMPLIANCE_MAX_HOLDERS');
  });

  it('adds a buyer’s accepted buys toward its maximum balance', () => {
    const batch = compliance({ maxBalance: { units: 10 } }, { b: holder(us, 4) });
    expect(decide(batch, 'b', 'buy', 4)).toBe('accepted');
    expect(decide(batch, 'b', 'buy', 3)).toBe('COMPLIANCE_MAX_BALANCE');
    expect(decide(batch, 'b', 'buy', 2)).toBe('accepted');
  });

  it('lets a seller offer its units out of lock-up once, across the batch', () => {
    const batch = compliance(
      { lockUp: { until: new Date('2027-01-01T00:00:00Z') } },
      { s: { ...holder(us, 10), allocations: [{ quantity: 6, at }] } },
    );
    expect(decide(batch, 's', 'sell', 3)).toBe('accepted');
    expect(decide(batch, 's', 'sell', 2)).toBe('COMPLIANCE_LOCKED_UP');
    expect(decide(batch, 's', 'sell', 1)).toBe('accepted');
  });
});

describe('the units a command commits', () => {
  const book = {
    live: new Map([['o', { user_id: 'u', side: 'buy', quantity: 5 }]]),
  } as unknown as BookState;
  const amend = (userId: string, quantity?: number): BookCommand => ({
    kind: 'amend',
    input: {
      orderId: 'o',
      userId,
      quantity,
      price: undefined,
      confirmFatFinger: false,
      confirmNavDeviation: false,
    },
  });

  it('is what an amend adds, and nothing for a decrease, a price change or another’s order', () => {
    expect(intentOf(amend('u', 8), book)).toEqual({ userId: 'u', side: 'buy', quantity: 3 });
    expect(intentOf(amend('u', 4), book)).toBeUndefined();
    expect(intentOf(amend('u'), book)).toBeUndefined();
    expect(intentOf(amend('x', 8), book)).toBeUndefined();
    expect(
      intentOf({ kind: 'cancel', orderId: 'o', userId: 'u', reason: 'CANCELLED_BY_OWNER' }, book),
    ).toBeUndefined();
  });
});
