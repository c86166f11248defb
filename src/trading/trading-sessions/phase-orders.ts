/**
 * What each market phase accepts (docs/auctions.md, "Orders per phase"): a pure function of the
 * token's model and phase and an order's type and time in force, answering how the order is
 * handled or the stable code that refuses it. The sequencer consults it for every order of a
 * token with a session (session-book.ts).
 */
import type { MarketModel } from '../../lib/db/schema-sessions.js';
import type { OrderType, TimeInForce } from '../../lib/db/schema-trading.js';
import type { Phase } from './market-phase.js';

export type PhaseRefusal =
  | 'TRADING_HALTED'
  | 'TIME_IN_FORCE_NOT_ALLOWED'
  | 'TIME_IN_FORCE_NOT_IN_MODEL'
  | 'TIME_IN_FORCE_NOT_IN_PHASE';

/**
 * `match`: continuous trading, as today; `call`: rests in the running call without matching,
 * for its uncross; `wait`: kept for a later phase (the next session, or the call it is for).
 */
export type PhaseHandling = 'match' | 'call' | 'wait';

export type PhaseDecision =
  | { readonly ok: true; readonly handling: PhaseHandling }
  | { readonly ok: false; readonly code: PhaseRefusal };

export interface PhaseOrder {
  readonly model: MarketModel;
  /** Whether the session has weekly hours (DAY needs an end of day). */
  readonly hasHours: boolean;
  readonly phase: Phase;
  readonly orderType: OrderType;
  readonly timeInForce: TimeInForce;
}

const refuse = (code: PhaseRefusal): PhaseDecision => ({ ok: false, code });
const accept = (handling: PhaseHandling): PhaseDecision => ({ ok: true, handling });

/** Times in force that only take part in calls. */
const AUCTION_ONLY: ReadonlySet<TimeInForce> = new Set(['ATO', 'ATC', 'GFA']);
/** Times in force that need a book to meet on arrival. */
const IMMEDIATE: ReadonlySet<TimeInForce> = new Set(['IOC', 'FOK', 'POST_ONLY']);

export function phaseAccepts(order: PhaseOrder): PhaseDecision {
  const { model, phase, orderType, timeInForce: tif } = order;
  if (phase === 'halted') return refuse('TRADING_HALTED');

  // the order's own shape, whatever the phase
  const market = orderType === 'market' || orderType === 'stop_loss';
  const stop = orderType === 'stop_loss' || orderType === 'stop_limit';
  if (market && (tif === 'GTC' || tif === 'GTD' || tif === 'POST_ONLY')) {
    return refuse('TIME_IN_FORCE_NOT_ALLOWED');
  }
  if (stop && AUCTION_ONLY.has(tif)) return refuse('TIME_IN_FORCE_NOT_ALLOWED');

  // the model: which auctions and which day exist
  if ((tif === 'ATO' || tif === 'ATC') && model !== 'continuous_with_auctions') {
    return refuse('TIME_IN_FORCE_NOT_IN_MODEL');
  }
  if (tif === 'GFA' && model === 'continuous') return refuse('TIME_IN_FORCE_NOT_IN_MODEL');
  if (tif === 'DAY' && !order.hasHours) return refuse('TIME_IN_FORCE_NOT_IN_MODEL');

  switch (phase) {
    case 'continuous':
      if (tif === 'ATO') return refuse('TIME_IN_FORCE_NOT_IN_PHASE');
      return accept(AUCTION_ONLY.has(tif) ? 'wait' : 'match');
    case 'pre_open':
      if (IMMEDIATE.has(tif)) return refuse('TIME_IN_FORCE_NOT_IN_PHASE');
      return accept(tif === 'ATC' || stop ? 'wait' : 'call');
    case 'closing_call':
      if (IMMEDIATE.has(tif) || tif === 'ATO') return refuse('TIME_IN_FORCE_NOT_IN_PHASE');
      return accept(stop ? 'wait' : 'call');
    case 'auction':
      // a periodic call, or the call that reopens a halted book
      if (IMMEDIATE.has(tif) || tif === 'ATO') return refuse('TIME_IN_FORCE_NOT_IN_PHASE');
      return accept(tif === 'ATC' || stop ? 'wait' : 'call');
    case 'closed':
      if (IMMEDIATE.has(tif)) return refuse('TIME_IN_FORCE_NOT_IN_PHASE');
      return accept('wait');
  }
}
