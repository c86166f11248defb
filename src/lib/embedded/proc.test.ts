import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  commandProcesses,
  isRunning,
  readPidFile,
  recordOf,
  removePidFile,
  stopProcess,
  writePidFile,
} from './proc.js';

describe('process records', () => {
  it('tell a running process from one whose pid now names another (a different start time)', () => {
    const self = recordOf(process.pid);
    expect(isRunning(self)).toBe(true);
    expect(isRunning({ pid: process.pid, start: (self.start ?? 0) + 1 })).toBe(false);
  });

  it('round-trip through a pid file, and a missing or malformed file reads as none', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-proc-'));
    const file = path.join(dir, 'x.pid');
    expect(readPidFile(file)).toBeUndefined();
    writePidFile(file, recordOf(process.pid));
    expect(readPidFile(file)).toEqual(recordOf(process.pid));
    await fs.writeFile(file, 'not a pid\n');
    expect(readPidFile(file)).toBeUndefined();
    removePidFile(file);
    await fs.rm(dir, { recursive: true });
  });

  it('stop a process that is not our child once it is gone, SIGKILL when it ignores the signal', async () => {
    // A process that ignores SIGTERM, detached as a process left by an earlier start would be.
    const child = spawn(
      process.execPath,
      ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"],
      {
        detached: true,
        stdio: 'ignore',
      },
    );
    await new Promise((r) => child.once('spawn', r));
    const record = recordOf(child.pid!);
    expect(isRunning(record)).toBe(true);
    await stopProcess(record, 'SIGTERM', 500);
    expect(isRunning(record)).toBe(false);
  });

  it('count no ancestor that is not part of the command (here: the test runner)', () => {
    expect(commandProcesses()).toEqual([recordOf(process.pid)]);
  });
});
