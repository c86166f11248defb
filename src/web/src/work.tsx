/**
 * Staff's waiting work (GET /admin/work): each queue's count, shown in the navigation and on the
 * staff overview. Re-read on every route change and after each decision a screen records.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Got } from './types.js';

export type WaitingWork = Got<'/api/v1/admin/work'>;

/** What waits on each staff screen, by route; the sentence says what it is. */
export const workByScreen: [string, (w: WaitingWork) => number, (n: number) => string][] = [
  [
    '/admin/kyc',
    (w) => w.kyc + w.classifications,
    (n) => `${n} KYC application(s) or investor classification(s) to decide`,
  ],
  [
    '/admin/businesses',
    (w) => w.kyb + w.businesses_to_activate,
    (n) => `${n} KYB application(s) to decide or business(es) to activate`,
  ],
  ['/admin/tokens', (w) => w.payments_to_confirm, (n) => `${n} subscription payment(s) to confirm`],
  ['/admin/fiat', (w) => w.fiat_requests, (n) => `${n} deposit(s) or withdrawal(s) to decide`],
  [
    '/admin/dividends',
    (w) => w.dividends,
    (n) => `${n} dividend(s) to approve, distribute or retry`,
  ],
  [
    '/admin/settlement',
    (w) => w.settlements_failed + w.minting_failed,
    (n) => `${n} failed settlement(s) or minting to retry`,
  ],
  [
    '/admin/agent-actions',
    (w) => w.agent_actions,
    (n) => `${n} agent action(s) to approve (four eyes) or retry`,
  ],
  [
    '/admin/debt-calls',
    (w) => w.debt_calls + w.debt_burns_failed,
    (n) => `${n} debt call(s) to decide or failed redemption burn(s) to retry`,
  ],
  ['/admin/surveillance', (w) => w.alerts_open, (n) => `${n} open surveillance alert(s)`],
];

export function waitingOn(path: string, work: WaitingWork | undefined): number {
  const entry = work ? workByScreen.find(([route]) => route === path) : undefined;
  return entry && work ? entry[1](work) : 0;
}

/** Re-reads the counts (a no-op outside staff screens). */
export const WorkReload = createContext<() => void>(() => undefined);
export const useWorkReload = () => useContext(WorkReload);
