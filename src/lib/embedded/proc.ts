/**
 * What the launcher needs to know about other processes: whether a recorded pid is still the
 * process we started (pid and start time, so a reused pid is not mistaken for ours), waiting for a
 * process that is not our child to exit, and the processes of the command the user typed. Read
 * from Linux's /proc; where there is none, a pid that answers signal 0 counts as alive.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A process as recorded in a pid file: its start time tells it apart from a later one of that pid. */
export interface ProcessRecord {
  pid: number;
  /** start time in clock ticks since boot (/proc/<pid>/stat field 22); undefined without /proc */
  start?: number;
}

interface Stat {
  ppid: number;
  pgrp: number;
  start: number;
}

/** Linux's USER_HZ, the unit of /proc start times: 100 on every architecture Node runs on. */
const ticksPerSecond = 100;

function stat(pid: number): Stat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields resume after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), pgrp: Number(fields[2]), start: Number(fields[19]) };
  } catch {
    return undefined;
  }
}

const hasProc = () => fs.existsSync('/proc/self/stat');

function signalZero(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user (PostgreSQL runs as `postgres` when we are root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function recordOf(pid: number): ProcessRecord {
  const start = stat(pid)?.start;
  return start === undefined ? { pid } : { pid, start };
}

/** Whether the recorded process still runs (a zombie or a reused pid does not count). */
export function isRunning(record: ProcessRecord): boolean {
  if (!hasProc()) return signalZero(record.pid);
  const now = stat(record.pid);
  if (!now || (record.start !== undefined && now.start !== record.start)) return false;
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${record.pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** The program a process runs (argv[0] and argv[1]), for telling our PostgreSQL from another. */
export function commandLine(pid: number): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * Stops a process that is not our child (left running by an earlier start): `signal`, then
 * SIGKILL after `graceMs`. Resolves once it is gone.
 */
export async function stopProcess(
  record: ProcessRecord,
  signal: NodeJS.Signals,
  graceMs = 30_000,
): Promise<void> {
  const send = (s: NodeJS.Signals) => {
    try {
      process.kill(record.pid, s);
    } catch {
      // already gone
    }
  };
  send(signal);
  const deadline = performance.now() + graceMs;
  while (isRunning(record)) {
    if (performance.now() > deadline) {
      send('SIGKILL');
      while (isRunning(record)) await new Promise((r) => setTimeout(r, 50));
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Reads a pid file written by writePidFile; undefined when there is none or it is malformed. */
export function readPidFile(file: string): ProcessRecord | undefined {
  try {
    const [pid, start] = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    if (!pid || !Number.isSafeInteger(pid)) return undefined;
    return start === undefined || Number.isNaN(start) ? { pid } : { pid, start };
  } catch {
    return undefined;
  }
}

export function writePidFile(file: string, record: ProcessRecord): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${record.pid}${record.start === undefined ? '' : ` ${record.start}`}\n`);
}

export function removePidFile(file: string): void {
  fs.rmSync(file, { force: true });
}

/**
 * Whether an ancestor belongs to the command the user typed: npm (or npx) and the shell npm runs
 * the script in, or `tessera` itself. A test runner or a login shell above them does not.
 */
function partOfCommand(pid: number): boolean {
  const [program = '', script = ''] = commandLine(pid);
  const names = [path.basename(program), path.basename(script)];
  return (
    names.some((name) => /^(npm|npx|npm-cli\.js|npx-cli\.js|sh|dash)$/.test(name)) ||
    script.endsWith('bin/tessera.js') ||
    /^npm\b/.test(program)
  );
}

/**
 * This process and its ancestors that are part of the same command (`npm start`: npm, its
 * `sh -c`, then us), oldest last. Only ancestors in our process group count: a terminal puts a
 * command and everything it starts in one group of its own.
 */
export function commandProcesses(): ProcessRecord[] {
  const self = stat(process.pid);
  if (!self) return [{ pid: process.pid }];
  const chain: ProcessRecord[] = [{ pid: process.pid, start: self.start }];
  let ppid = self.ppid;
  while (ppid > 1) {
    const parent = stat(ppid);
    if (!parent || parent.pgrp !== self.pgrp || !partOfCommand(ppid)) break;
    chain.push({ pid: ppid, start: parent.start });
    ppid = parent.ppid;
  }
  return chain;
}

/** Milliseconds since the recorded process started; since this process's start without /proc. */
export function millisecondsSinceStart(record: ProcessRecord): number {
  if (record.start !== undefined) {
    try {
      const uptime = Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
      return Math.max(0, (uptime - record.start / ticksPerSecond) * 1000);
    } catch {
      // fall through
    }
  }
  return process.uptime() * 1000;
}
