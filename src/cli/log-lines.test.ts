import { describe, expect, it } from 'vitest';
import { LineSplitter, readableLogLine } from './log-lines.js';

describe('readable log lines', () => {
  it('reads a pino entry as time, level, process, message and the other fields', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 10, 28, 5, 6, 7, 89),
      pid: 123,
      hostname: 'box',
      name: 'trading',
      msg: 'chain unreachable',
      attempt: 3,
    });
    expect(readableLogLine(line)).toBe(
      '05:06:07.089 WARN  trading: chain unreachable {"attempt":3}',
    );
  });

  it('passes anything else unchanged', () => {
    for (const line of ['plain text', '{"level":"x"}', '[1,2]', 'null', '']) {
      expect(readableLogLine(line)).toBe(line);
    }
  });

  it('splits chunks into whole lines, keeping a cut line for the next chunk', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('one\ntw')).toEqual(['one']);
    expect(splitter.push('o\nthree\n')).toEqual(['two', 'three']);
    expect(splitter.push('')).toEqual([]);
  });
});
