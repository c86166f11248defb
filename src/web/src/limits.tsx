/**
 * The investor's own limits, said before they submit (not only in a refusal): the largest
 * subscription and buy order of their classification, in USD, and where to change it.
 */
import type { AccreditationStatus } from '../../lib/db/schema.js';
import { investmentLimits } from '../../lib/investment-limits.js';
import { useMe } from './app.js';
import { usd } from './ui.js';

export function LimitNote({ what }: { what: 'subscription' | 'buy order' }) {
  const { me } = useMe();
  if (me.role !== 'investor') return null;
  const tier: AccreditationStatus = me.accreditation_status ?? 'retail';
  return (
    <p class="muted" data-testid="limit-note">
      Your limit as a {tier} investor: at most {usd(investmentLimits[tier])} per {what}.{' '}
      <a href="#/kyc">Your classification</a> sets it.
    </p>
  );
}
