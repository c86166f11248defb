/** A span of milliseconds as staff read it: tenths of a second under a minute, then m s, h m. */
export function duration(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 60_000) return `${sign}${(abs / 1000).toFixed(1)} s`;
  const seconds = Math.floor(abs / 1000);
  if (seconds < 3600) return `${sign}${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${sign}${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}
