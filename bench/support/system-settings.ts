/**
 * BENCH_SYSTEM_ENV: settings for the system a benchmark starts, as a JSON object, e.g.
 * `BENCH_SYSTEM_ENV='{"SETTLEMENT_TICK_MS":"600000"}'` to hold settlement back, or
 * `'{"WORKER_IDLE_MS":"50"}'` for the idle cost of a faster poll.
 */
export function benchSystemSettings(): Record<string, string> {
  const settings: unknown = JSON.parse(process.env.BENCH_SYSTEM_ENV ?? '{}');
  if (
    typeof settings !== 'object' ||
    settings === null ||
    Array.isArray(settings) ||
    Object.values(settings).some((value) => typeof value !== 'string')
  ) {
    throw new Error('BENCH_SYSTEM_ENV is a JSON object of strings, e.g. {"WORKER_IDLE_MS":"50"}');
  }
  return settings as Record<string, string>;
}
