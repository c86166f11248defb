/**
 * The fault drill's short form (`npm run drill` is the full one, test/support/drill.ts): a
 * shorter anvil outage, fewer investors and a slower load, every fault of the full drill, and
 * the same promise: nothing lost and no staff action needed.
 */
import { describe, expect, it } from 'vitest';
import { drillLine, runDrill } from '../support/drill.js';

describe('fault drill', () => {
  it('recovers from each fault by itself: 0 lost, 0 staff actions', async () => {
    const progress: string[] = [];
    const result = await runDrill({
      outageMs: 5_000,
      investors: 2,
      workers: 2,
      paceMs: 100,
      seed: 7,
      recoveryTimeoutMs: 120_000,
      say: (line) => progress.push(line),
    });
    const line = drillLine(result);
    expect(line, progress.join('\n')).toMatch(
      /^drill: 5 faults, \d+ commands, \d+ trades settled, 0 lost, 0 staff actions, recovery max [\d.]+ s$/,
    );
    expect(result.settled).toBeGreaterThan(0);
  }, 600_000);
});
