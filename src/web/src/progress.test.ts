import { describe, expect, it } from 'vitest';
import { offeringState, soldPercent } from './progress.js';

describe('soldPercent', () => {
  it('reads to one decimal, never 0% once sold nor 100% before sold out', () => {
    expect(soldPercent(400, 60_000)).toBe('0.7% sold');
    expect(soldPercent(0, 60_000)).toBe('0% sold');
    expect(soldPercent(1, 60_000)).toBe('<0.1% sold');
    expect(soldPercent(30_000, 60_000)).toBe('50% sold');
    expect(soldPercent(59_999, 60_000)).toBe('99.9% sold');
    expect(soldPercent(60_000, 60_000)).toBe('100% sold');
    expect(soldPercent(5, 0)).toBe('—');
  });
});

describe('offeringState', () => {
  const day = 86_400_000;
  const now = Date.parse('2026-12-01T12:00:00Z');
  const token = (status: string, startDays = -1, endDays = 1) => ({
    status,
    tokens_sold: 225,
    primary_supply: 1000,
    primary_start: new Date(now + startDays * day).toISOString(),
    primary_end: new Date(now + endDays * day).toISOString(),
  });
  const date = (iso: string) => iso.slice(0, 10);

  it('reads an open offering as a sale with its closing date', () => {
    expect(offeringState(token('primary'), now, date)).toEqual({
      progress: '22.5% sold',
      window: 'closes 2026-12-02',
    });
    expect(offeringState(token('primary', 1, 2), now, date).window).toBe('opens 2026-12-02');
    expect(offeringState(token('primary', -2, -1), now, date).window).toBe(
      'closed 2026-11-30, awaiting go-live',
    );
  });

  it('reads a live token as an offering that ended, not as a sale still running', () => {
    expect(offeringState(token('secondary', -3, -2), now, date)).toEqual({
      progress: 'offering ended: 225 of 1000 sold',
      window: 'trading',
    });
    expect(offeringState(token('paused'), now, date).window).toBe('trading paused');
    expect(offeringState(token('draft'), now, date)).toEqual({
      progress: 'not offered yet',
      window: '—',
    });
  });
});
