/**
 * The trading screen's market phase (docs/auctions.md): continuous, a call (opening, closing or
 * periodic auction), halted or closed, with the phase's scheduled end (a call ends at a random
 * moment within its window after it, never shown in advance) and, during a call, the indicative
 * uncross live from the socket's `phase` channel: the price the call would uncross at now, the
 * volume executable at it and the surplus.
 */
import type { PhaseState } from '../trading-types.js';
import { when } from '../ui.js';

const names: Record<PhaseState['phase'], string> = {
  continuous: 'Continuous trading',
  pre_open: 'Opening call auction',
  closing_call: 'Closing call auction',
  auction: 'Call auction',
  halted: 'Halted',
  closed: 'Closed',
};

const ends: Record<PhaseState['phase'], string> = {
  continuous: 'until',
  pre_open: 'uncrosses shortly after',
  closing_call: 'uncrosses shortly after',
  auction: 'uncrosses shortly after',
  halted: 'until',
  closed: 'opens',
};

export function MarketPhaseLine({ state }: { state: PhaseState | undefined }) {
  if (!state) return null;
  const { phase, indicative } = state;
  return (
    <div class={`market-phase phase-${phase}`} aria-label="Market phase">
      <p>
        <strong data-testid="market-phase">{names[phase]}</strong>
        {state.scheduled_end ? (
          <span data-testid="phase-end">
            {' '}
            · {ends[phase]} {when(state.scheduled_end)}
            {state.random_end_window_seconds
              ? ` (at a random moment within ${state.random_end_window_seconds} s)`
              : ''}
          </span>
        ) : null}
      </p>
      {indicative ? (
        <p data-testid="indicative">
          Orders rest without matching until the uncross. Indicative price{' '}
          <strong data-testid="indicative-price">{indicative.price ?? '—'}</strong> · volume{' '}
          <strong data-testid="indicative-volume">{indicative.volume}</strong> · surplus{' '}
          <span data-testid="indicative-surplus">
            {indicative.surplus_side ? `${indicative.surplus} ${indicative.surplus_side}` : 'none'}
          </span>
        </p>
      ) : null}
    </div>
  );
}
