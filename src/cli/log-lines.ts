/**
 * The processes' pino lines as a person reads them in `npm start`'s terminal: time, level,
 * process, message, then the other fields. A line that is not a pino entry passes unchanged.
 * `LOG_FORMAT=json` keeps the raw lines (for a log shipper).
 */
const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

export function readableLogLine(line: string): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null) return line;
  const { level, time, name, msg, ...others } = entry as Record<string, unknown>;
  // the process id and host name say nothing on one machine's terminal
  const rest = Object.fromEntries(
    Object.entries(others).filter(([key]) => key !== 'pid' && key !== 'hostname'),
  );
  if (typeof level !== 'number' || typeof time !== 'number') return line;
  const clock = new Date(time).toISOString().slice(11, 23);
  const fields = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  const who = typeof name === 'string' ? `${name}: ` : '';
  const message = typeof msg === 'string' ? msg : '';
  return `${clock} ${levelNames[level] ?? String(level)} ${who}${message}${fields}`;
}

/** Splits a stream's chunks into whole lines (a chunk may end inside one). */
export class LineSplitter {
  private rest = '';

  push(chunk: string): string[] {
    const lines = (this.rest + chunk).split('\n');
    this.rest = lines.pop() ?? '';
    return lines;
  }
}
