/**
 * `npm run drill`: the fault drill (test/support/drill.ts) at full length. Progress goes to
 * stderr; stdout gets exactly one line, the result. Exit code 1 when anything was lost or needed
 * staff. Settings: DRILL_OUTAGE_SECONDS (60), DRILL_INVESTORS (6), DRILL_WORKERS (4),
 * DRILL_PACE_MS (50), DRILL_SEED (1), DRILL_RECOVERY_TIMEOUT_SECONDS (600).
 */
import { drillLine, runDrill } from '../test/support/drill.js';

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
};

const result = await runDrill({
  outageMs: setting('DRILL_OUTAGE_SECONDS', 60) * 1000,
  investors: setting('DRILL_INVESTORS', 6),
  workers: setting('DRILL_WORKERS', 4),
  paceMs: setting('DRILL_PACE_MS', 50),
  seed: setting('DRILL_SEED', 1),
  recoveryTimeoutMs: setting('DRILL_RECOVERY_TIMEOUT_SECONDS', 600) * 1000,
  say: (line) => process.stderr.write(`${line}\n`),
});
for (const line of result.lost) process.stderr.write(`lost: ${line}\n`);
process.stdout.write(`${drillLine(result)}\n`);
process.exit(result.lost.length === 0 && result.staffActions === 0 ? 0 : 1);
