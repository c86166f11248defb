/**
 * What a run of the trading bench cost and where: CPU seconds by process (this bench's clients,
 * the trading process, the FIX gateway, PostgreSQL, the rest of the system) read from /proc, the trading
 * process's group-commit metrics (batches, commands per batch, commit time) and its event loop's
 * delay from its /metrics, the database's commits from pg_stat_database and its autovacuum's runs
 * from pg_stat_user_tables. Taken before and after a run; the difference
 * is the run's.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/lib/db/database.js';
import { processesOf } from '../../test/support/system.js';
import { childrenOf, cpuMs, postgresCpuMs } from '../support/process-cpu.js';

export interface Observation {
  cpu: Record<'bench' | 'trading' | 'fix' | 'postgres' | 'other', number>;
  batches: number;
  commands: number;
  commitSeconds: number;
  /** the batches' time by phase (read, plan, wait, write), in seconds */
  phaseSeconds: Record<Phase, number>;
  commits: number;
  /**
   * the trading process's event loop delay since the /metrics read before (prom-client resets
   * its histogram at each read), p99 and max, in seconds: what a request waits for the loop
   */
  loopDelay: { p99: number; max: number };
  /** autovacuum's vacuums and analyzes of the tables so far (their CPU is PostgreSQL's) */
  autovacuum: { vacuums: number; analyzes: number };
  /** rows read by sequential scans so far, by table */
  seqRows: Map<string, number>;
}

const phases = ['read', 'plan', 'wait', 'write'] as const;
type Phase = (typeof phases)[number];

/**
 * A counter's or histogram sum's value in a /metrics text (0 if absent): its first series, or
 * the first whose labels include `label` (as /metrics writes it, `phase="read"`).
 */
export function metric(text: string, name: string, label?: string): number {
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        (label === undefined || l.slice(0, l.indexOf('}') + 1).includes(label)),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

export async function observe(
  env: Record<string, string>,
  tradingUrl: string,
  db: Db,
): Promise<Observation> {
  const cpu = { bench: process.cpuUsage(), trading: 0, fix: 0, postgres: 0, other: 0 };
  const system = await processesOf(env);
  const postmaster = system.find(({ command }) => command.includes('/postgres -D'));
  // PostgreSQL's backends rewrite their environment (their process titles), so they are found as
  // the postmaster's children.
  const postgres = postmaster ? [postmaster.pid, ...childrenOf(postmaster.pid)] : [];
  if (postmaster) cpu.postgres = postgresCpuMs(postmaster.pid) / 1000;
  for (const { pid, command } of system) {
    if (postgres.includes(pid)) continue;
    const seconds = cpuMs(pid) / 1000;
    if (command.includes('tessera.js trading')) cpu.trading += seconds;
    else if (command.includes('tessera.js fix')) cpu.fix += seconds;
    else cpu.other += seconds;
  }
  const text = await (await fetch(`${tradingUrl}/metrics`)).text();
  const { rows } = await sql<{ commits: string }>`
    select xact_commit as commits from pg_stat_database where datname = current_database()`.execute(
    db,
  );
  const tables = await sql<{ relname: string; rows: string; vacuums: string; analyzes: string }>`
    select relname, seq_tup_read as rows, autovacuum_count as vacuums,
      autoanalyze_count as analyzes
    from pg_stat_user_tables`.execute(db);
  const sum = (key: 'vacuums' | 'analyzes') =>
    tables.rows.reduce((total, row) => total + Number(row[key]), 0);
  return {
    cpu: {
      bench: (cpu.bench.user + cpu.bench.system) / 1e6,
      trading: cpu.trading,
      fix: cpu.fix,
      postgres: cpu.postgres,
      other: cpu.other,
    },
    batches: metric(text, 'trading_batch_size_count'),
    commands: metric(text, 'trading_batch_size_sum'),
    commitSeconds: metric(text, 'trading_batch_commit_seconds_sum'),
    phaseSeconds: Object.fromEntries(
      phases.map((phase) => [
        phase,
        metric(text, 'trading_batch_phase_seconds_sum', `phase="${phase}"`),
      ]),
    ) as Record<Phase, number>,
    commits: Number(rows[0]!.commits),
    autovacuum: { vacuums: sum('vacuums'), analyzes: sum('analyzes') },
    seqRows: new Map(tables.rows.map((row) => [row.relname, Number(row.rows)])),
    loopDelay: {
      p99: metric(text, 'nodejs_eventloop_lag_p99_seconds'),
      max: metric(text, 'nodejs_eventloop_lag_max_seconds'),
    },
  };
}

/**
 * One line: CPU seconds per order by process (the FIX gateway's only when it worked), batches,
 * mean batch size and commit time, and that time by phase; autovacuum's runs; the trading
 * process's event loop delay; the tables most read by sequential scans, in rows an order.
 */
export function describe(before: Observation, after: Observation, orders: number): string {
  const per = (key: keyof Observation['cpu']) =>
    (((after.cpu[key] - before.cpu[key]) / orders) * 1e6).toFixed(0);
  const fix = per('fix');
  const batches = after.batches - before.batches;
  const commands = after.commands - before.commands;
  const msEach = (seconds: number) => ((seconds / Math.max(batches, 1)) * 1000).toFixed(2);
  const commitMs = ((after.commitSeconds - before.commitSeconds) / Math.max(batches, 1)) * 1000;
  const byPhase = phases
    .map((phase) => `${phase} ${msEach(after.phaseSeconds[phase] - before.phaseSeconds[phase])}`)
    .join(', ');
  const scanned = [...after.seqRows]
    .map(([table, rows]) => [table, (rows - (before.seqRows.get(table) ?? 0)) / orders] as const)
    .filter(([, rows]) => rows >= 1)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 4)
    .map(([table, rows]) => `${table} ${rows.toFixed(0)}`)
    .join(', ');
  return (
    `  cpu µs/order: bench ${per('bench')}, trading ${per('trading')}, ` +
    (Number(fix) >= 1 ? `fix ${fix}, ` : '') +
    `postgres ${per('postgres')}, ` +
    `other ${per('other')}; ${batches} batches of ${(commands / Math.max(batches, 1)).toFixed(1)} ` +
    `commands, ${commitMs.toFixed(1)} ms each (${byPhase}); ` +
    `${after.commits - before.commits} database commits (autovacuum: ` +
    `${after.autovacuum.vacuums - before.autovacuum.vacuums} vacuums, ` +
    `${after.autovacuum.analyzes - before.autovacuum.analyzes} analyzes); trading's event loop delay ` +
    `p99 ${(after.loopDelay.p99 * 1000).toFixed(1)} ms, max ${(after.loopDelay.max * 1000).toFixed(1)} ms` +
    `; rows read by sequential scans an order: ${scanned || 'none'}`
  );
}
