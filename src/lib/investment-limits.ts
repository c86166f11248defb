import type { AccreditationStatus } from './db/schema.js';

/**
 * DECISIONS.md "Trading": the notional cap of a single buy order or subscription, USD, by the
 * investor's accreditation tier (an investor without one is retail). Shared by the platform's
 * subscriptions and the trading process's orders.
 */
export const investmentLimits: Record<AccreditationStatus, string> = {
  retail: '500',
  professional: '5000',
  institutional: '50000',
};
