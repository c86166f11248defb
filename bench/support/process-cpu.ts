/**
 * CPU time of the processes a benchmark runs (Linux /proc): this Node process (the chain process
 * and the workers under test), anvil, and PostgreSQL (the postmaster and its backends). On a
 * shared machine wall time says how busy the others were; CPU time per unit of work does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/** Fields of /proc/<pid>/stat after the command name, which may hold spaces. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** user + system CPU milliseconds of a process (0 once it is gone). */
export function cpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond : 0;
}

export function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => Number(statFields(pid)?.[1]) === parent);
}

/**
 * CPU milliseconds of PostgreSQL so far: the postmaster's, its live backends', and those of the
 * backends that ended (the postmaster's waited-for children, the 16th and 17th fields), so that a
 * backend ending between two readings does not take its CPU with it.
 */
export function postgresCpuMs(postmaster: number): number {
  const fields = statFields(postmaster);
  if (!fields) return 0;
  const [own, ownSystem, ended, endedSystem] = fields.slice(11, 15).map(Number);
  const live = childrenOf(postmaster).reduce((sum, pid) => sum + cpuMs(pid), 0);
  return ((own! + ownSystem! + ended! + endedSystem!) * 1000) / ticksPerSecond + live;
}

/** CPU milliseconds used by each of the three. */
export interface CpuTime {
  node: number;
  anvil: number;
  postgres: number;
}

/**
 * Starts a meter of the three; `stop()` returns the CPU time each used since.
 */
export function meterCpu(anvilPid: number, pgDataDir: string): { stop(): CpuTime } {
  const postmaster = Number(
    readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const node = process.cpuUsage();
  const anvil = cpuMs(anvilPid);
  const postgres = postgresCpuMs(postmaster);
  return {
    stop() {
      const usage = process.cpuUsage(node);
      return {
        node: (usage.user + usage.system) / 1000,
        anvil: cpuMs(anvilPid) - anvil,
        postgres: postgresCpuMs(postmaster) - postgres,
      };
    },
  };
}

/** What a PostgreSQL process is, from its title: a background process's name, or `backend`. */
function postgresKind(pid: number): string {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    const match = /^postgres: (autovacuum worker|autovacuum launcher|[a-z ]+?)\s*$/.exec(title);
    if (!title.startsWith('postgres: ')) return 'postmaster';
    return match?.[1] ?? 'backend';
  } catch {
    return 'gone';
  }
}

/**
 * Starts a meter of PostgreSQL's CPU by kind of process (each backend, the WAL writer, the
 * checkpointer, autovacuum...); `stop()` returns the milliseconds each kind used since. A process
 * started meanwhile (an autovacuum worker) counts from zero; one that ended, up to the start.
 */
export function meterPostgresByKind(pgDataDir: string): { stop(): Map<string, number> } {
  const postmaster = Number(
    readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const sample = () =>
    new Map([postmaster, ...childrenOf(postmaster)].map((pid) => [pid, cpuMs(pid)]));
  const before = sample();
  return {
    stop() {
      const byKind = new Map<string, number>();
      for (const [pid, ms] of sample()) {
        const kind = pid === postmaster ? 'postmaster' : postgresKind(pid);
        byKind.set(kind, (byKind.get(kind) ?? 0) + ms - (before.get(pid) ?? 0));
      }
      return byKind;
    },
  };
}
