import { describe, expect, it } from 'vitest';
import type { Phase } from './market-phase.js';
import { timesInForce } from '../../lib/db/schema-trading.js';
import { phaseAccepts, type PhaseOrder } from './phase-orders.js';

const limit =
  (phase: Phase, over: Partial<PhaseOrder> = {}) =>
  (tif: PhaseOrder['timeInForce']) => {
    const decision = phaseAccepts({
      model: 'continuous_with_auctions',
      hasHours: true,
      phase,
      orderType: 'limit',
      timeInForce: tif,
      ...over,
    });
    return decision.ok ? decision.handling : decision.code;
  };
const row = (phase: Phase, over: Partial<PhaseOrder> = {}) =>
  Object.fromEntries(timesInForce.map((tif) => [tif, limit(phase, over)(tif)]));

const NOT_IN_PHASE = 'TIME_IN_FORCE_NOT_IN_PHASE';
const NOT_IN_MODEL = 'TIME_IN_FORCE_NOT_IN_MODEL';

describe('limit orders per phase, continuous with auctions (docs/auctions.md table)', () => {
  it('closed: everything that can wait waits for its phase; IOC, FOK, post-only are refused', () => {
    expect(row('closed')).toEqual({
      GTC: 'wait',
      GTD: 'wait',
      IOC: NOT_IN_PHASE,
      FOK: NOT_IN_PHASE,
      POST_ONLY: NOT_IN_PHASE,
      DAY: 'wait',
      ATO: 'wait',
      ATC: 'wait',
      GFA: 'wait',
    });
  });
  it('pre-open: the opening call takes all but the immediate ones; ATC waits for the close', () => {
    expect(row('pre_open')).toEqual({
      GTC: 'call',
      GTD: 'call',
      IOC: NOT_IN_PHASE,
      FOK: NOT_IN_PHASE,
      POST_ONLY: NOT_IN_PHASE,
      DAY: 'call',
      ATO: 'call',
      ATC: 'wait',
      GFA: 'call',
    });
  });
  it('continuous: matches as today; ATO is too late; ATC and GFA wait for the next call', () => {
    expect(row('continuous')).toEqual({
      GTC: 'match',
      GTD: 'match',
      IOC: 'match',
      FOK: 'match',
      POST_ONLY: 'match',
      DAY: 'match',
      ATO: NOT_IN_PHASE,
      ATC: 'wait',
      GFA: 'wait',
    });
  });
  it('closing call: rests in the call; ATO and the immediate ones are refused', () => {
    expect(row('closing_call')).toEqual({
      GTC: 'call',
      GTD: 'call',
      IOC: NOT_IN_PHASE,
      FOK: NOT_IN_PHASE,
      POST_ONLY: NOT_IN_PHASE,
      DAY: 'call',
      ATO: NOT_IN_PHASE,
      ATC: 'call',
      GFA: 'call',
    });
  });
  it('a reopening call after a halt: like a call, ATC waiting for the close', () => {
    expect(row('auction')).toEqual({
      GTC: 'call',
      GTD: 'call',
      IOC: NOT_IN_PHASE,
      FOK: NOT_IN_PHASE,
      POST_ONLY: NOT_IN_PHASE,
      DAY: 'call',
      ATO: NOT_IN_PHASE,
      ATC: 'wait',
      GFA: 'call',
    });
  });
  it('halted: every new order is refused as today', () => {
    for (const code of Object.values(row('halted'))) expect(code).toBe('TRADING_HALTED');
  });
});

describe('the model decides which session orders exist', () => {
  it('continuous: no auction orders; DAY only with trading hours', () => {
    const model = { model: 'continuous' as const };
    expect(limit('continuous', model)('ATO')).toBe(NOT_IN_MODEL);
    expect(limit('continuous', model)('ATC')).toBe(NOT_IN_MODEL);
    expect(limit('continuous', model)('GFA')).toBe(NOT_IN_MODEL);
    expect(limit('continuous', model)('DAY')).toBe('match');
    expect(limit('continuous', { ...model, hasHours: false })('DAY')).toBe(NOT_IN_MODEL);
    expect(limit('closed', model)('GTC')).toBe('wait');
  });
  it('periodic auctions: GFA and DAY rest in the call, no opening or closing auction orders', () => {
    const model = { model: 'periodic_auction' as const };
    expect(limit('auction', model)('GFA')).toBe('call');
    expect(limit('auction', model)('DAY')).toBe('call');
    expect(limit('auction', model)('ATO')).toBe(NOT_IN_MODEL);
    expect(limit('auction', model)('ATC')).toBe(NOT_IN_MODEL);
    expect(limit('auction', model)('IOC')).toBe(NOT_IN_PHASE);
  });
});

describe('order types', () => {
  it('market orders rest in a call only with a session time in force', () => {
    const market = { orderType: 'market' as const };
    expect(limit('pre_open', market)('DAY')).toBe('call');
    expect(limit('pre_open', market)('ATO')).toBe('call');
    expect(limit('pre_open', market)('IOC')).toBe(NOT_IN_PHASE);
    expect(limit('continuous', market)('IOC')).toBe('match');
    expect(limit('continuous', market)('DAY')).toBe('match');
    expect(limit('continuous', market)('GTC')).toBe('TIME_IN_FORCE_NOT_ALLOWED');
    expect(limit('closed', market)('GTD')).toBe('TIME_IN_FORCE_NOT_ALLOWED');
  });
  it('stop orders wait for their trigger outside continuous trading and take no auction times in force', () => {
    const stop = { orderType: 'stop_limit' as const };
    expect(limit('pre_open', stop)('GTC')).toBe('wait');
    expect(limit('closing_call', stop)('DAY')).toBe('wait');
    expect(limit('continuous', stop)('GTC')).toBe('match');
    expect(limit('continuous', stop)('GFA')).toBe('TIME_IN_FORCE_NOT_ALLOWED');
    expect(limit('pre_open', { orderType: 'stop_loss' })('ATO')).toBe('TIME_IN_FORCE_NOT_ALLOWED');
  });
});
