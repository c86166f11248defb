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
function cpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond : 0;
}

function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => Number(statFields(pid)?.[1]) === parent);
}

/** CPU milliseconds used by each of the three. */
export interface CpuTime {
  node: number;
  anvil: number;
  postgres: number;
}

/**
 * Starts a meter of the three; `stop()` returns the CPU time each used since. A PostgreSQL
 * backend that ends in between is counted up to the start only (the pool keeps its connections
 * while it is busy).
 */
export function meterCpu(anvilPid: number, pgDataDir: string): { stop(): CpuTime } {
  const postmaster = Number(
    readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const postgres = () =>
    new Map([postmaster, ...childrenOf(postmaster)].map((pid) => [pid, cpuMs(pid)]));
  const node = process.cpuUsage();
  const anvil = cpuMs(anvilPid);
  const before = postgres();
  return {
    stop() {
      const usage = process.cpuUsage(node);
      let postgresMs = 0;
      for (const [pid, ms] of postgres()) postgresMs += ms - (before.get(pid) ?? 0);
      return {
        node: (usage.user + usage.system) / 1000,
        anvil: cpuMs(anvilPid) - anvil,
        postgres: postgresMs,
      };
    },
  };
}
