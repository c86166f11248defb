/**
 * Starting and stopping as a user does it: `npm start` in a process group of its own (as a
 * terminal runs it), Ctrl-C as SIGINT to that whole group at every moment of the start and once
 * running (sometimes twice), SIGTERM to npm's own pid, a process that dies, anvil that dies, and the launcher
 * killed outright. After every stop: no process of the system left and no port listening. One data
 * folder throughout, as a user's `.tessera`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPortFree } from '../../src/lib/embedded/ports.js';
import { until } from '../support/e2e-flows.js';
import {
  launch,
  newDataDir,
  processesOf,
  systemEnv,
  systemPorts,
  type Launched,
  type SystemPorts,
} from '../support/system.js';

let dataDir: string;
let ports: SystemPorts;
let env: Record<string, string>;

async function nothingLeft(): Promise<void> {
  expect(await processesOf(env)).toEqual([]);
  for (const [name, port] of Object.entries(ports)) await assertPortFree('127.0.0.1', port, name);
}

/** Waits for the processes of the system to be gone (after npm itself was killed). */
async function allGone(timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await processesOf(env)).length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  await nothingLeft();
}

function groupSignal(npm: Launched, signal: NodeJS.Signals): void {
  try {
    process.kill(-npm.child.pid!, signal);
  } catch (error) {
    // The group may have ended on its own just before (a second Ctrl-C after a quick stop).
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The moments of a start at which a cycle sends its signal. */
const moments = ['npm booting', 'postgres up', 'anvil up', 'chain starting', 'running'] as const;

async function reach(npm: Launched, moment: (typeof moments)[number]): Promise<void> {
  switch (moment) {
    case 'npm booting':
      return new Promise((r) => setTimeout(r, 300));
    case 'postgres up':
      return npm.waitFor('postgres  postgres://');
    case 'anvil up':
      return npm.waitFor('anvil     http://');
    case 'chain starting':
      await npm.waitFor('anvil     http://');
      return new Promise((r) => setTimeout(r, 1500));
    case 'running':
      return npm.waitFor('Press Ctrl-C to stop.');
  }
}

function cleanOutput(npm: Launched): void {
  // Every stop before was clean: nothing for this start to recover, and no stop failed.
  expect(npm.output()).not.toContain('earlier start left running');
  expect(npm.output()).not.toMatch(/stopping \S+ failed|unexpected error/);
}

describe('npm start and stop, as a user does it', () => {
  beforeAll(async () => {
    dataDir = await newDataDir();
    ports = await systemPorts();
    env = systemEnv(dataDir, ports);
  });
  afterAll(async () => {
    for (const { pid } of await processesOf(env)) process.kill(pid, 'SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('reports the wall time since the command started, then stops on Ctrl-C', async () => {
    const spawnedAt = performance.now();
    const npm = launch(env, 'npm');
    await npm.waitFor('Press Ctrl-C to stop.', 300_000);
    const measured = (performance.now() - spawnedAt) / 1000;
    const reported = Number(/started in ([\d.]+) s/.exec(npm.output())?.[1]);
    // npm's and the launcher's own start count: the figure is the time the user waited.
    expect(reported).toBeGreaterThan(measured - 0.5);
    expect(reported).toBeLessThanOrEqual(measured + 0.1);
    // the embedded node is on loopback and the banner says whose key signs
    expect(npm.output()).toMatch(/anvil {5}http:\/\/127\.0\.0\.1:\d+ \(embedded, loopback only, /);
    expect(npm.output()).toContain("signing with anvil's public development key #0");
    // the trading process is forked with its young generation's size (processes.ts, nodeFlags)
    const trading = (await processesOf(env)).find((p) => p.command.endsWith('tessera.js trading'));
    expect(trading?.command).toContain('--max-semi-space-size=64');
    groupSignal(npm, 'SIGINT');
    await npm.exited;
    expect(npm.output()).toContain('stopped.');
    await nothingLeft();
  }, 360_000);

  it('Ctrl-C at every moment of the start and once running, once and twice, leaves nothing', async () => {
    // 10 cycles send one and two Ctrl-C at each of the 5 moments (cycle % 5, cycle % 2).
    for (let cycle = 0; cycle < 2 * moments.length; cycle++) {
      const moment = moments[cycle % moments.length]!;
      const npm = launch(env, 'npm');
      await reach(npm, moment);
      groupSignal(npm, 'SIGINT');
      // Every other time a second Ctrl-C follows while the first stop is under way.
      if (cycle % 2 === 1) {
        await new Promise((r) => setTimeout(r, 100));
        if (npm.child.exitCode === null) groupSignal(npm, 'SIGINT');
      }
      await npm.exited;
      cleanOutput(npm);
      await nothingLeft();
    }
  }, 900_000);

  it("SIGTERM to npm's own pid, at three moments, stops everything", async () => {
    for (let cycle = 0; cycle < 3; cycle++) {
      const npm = launch(env, 'npm');
      await reach(npm, cycle < 2 ? moments[cycle + 1]! : 'running');
      process.kill(npm.child.pid!, 'SIGTERM');
      await npm.exited;
      await allGone();
      cleanOutput(npm);
    }
  }, 600_000);

  it('restarts a process that dies, and refuses a second start on the same data folder', async () => {
    const npm = launch(env, 'npm');
    await npm.waitFor('Press Ctrl-C to stop.');
    const platform = (await processesOf(env)).find((p) =>
      p.command.endsWith('tessera.js platform'),
    );
    process.kill(platform!.pid, 'SIGKILL');
    await npm.waitFor(/platform restarted: http/);
    expect(npm.output()).toContain('platform exited (killed by SIGKILL); restarting it');
    expect((await fetch(`http://127.0.0.1:${ports.platform}/healthz`)).status).toBe(200);

    const second = launch(env, 'npm');
    await second.waitFor(/another tessera start \(pid \d+\) is running/);
    expect((await second.exited).code).not.toBe(0);

    groupSignal(npm, 'SIGINT');
    await npm.exited;
    await nothingLeft();
  }, 600_000);

  it('restarts anvil when it dies, with its chain, within the same limits as a process', async () => {
    const npm = launch(env, 'npm');
    await npm.waitFor('Press Ctrl-C to stop.');
    // The chain's contracts are in a dump anvil wrote after the system was up (it dumps every 5 s).
    const statePath = path.join(env.TESSERA_DATA_DIR!, 'anvil-state.json');
    const upAt = Date.now();
    await until(
      () => fs.stat(statePath).then((stat) => stat.mtimeMs),
      (mtime) => mtime > upAt,
    );
    const killAnvil = async () => {
      const node = (await processesOf(env)).find((p) => p.command.includes('/anvil '));
      process.kill(node!.pid, 'SIGKILL');
    };
    const restarted = (times: number) => new RegExp(`(anvil restarted: http[^]*){${times}}`);

    await killAnvil();
    await npm.waitFor(restarted(1));
    expect(npm.output()).toContain(
      'anvil exited (killed by SIGKILL); restarting it (restart 1 of 3 allowed in 10 minutes)',
    );
    // the chain process finds its contracts on the restarted node: the state file was kept
    await until(
      () => fetch(`http://127.0.0.1:${ports.chain}/readyz`).then((r) => r.json()),
      (answer: any) => answer.status === 'ready',
    );

    for (const times of [2, 3]) {
      await killAnvil();
      await npm.waitFor(restarted(times));
    }
    await killAnvil();
    await npm.waitFor('anvil exited (killed by SIGKILL), after 3 restarts in the last 10 minutes');
    expect((await npm.exited).code).toBe(1);
    await allGone();
  }, 600_000);

  it('after the launcher is killed outright, its processes die with it and the next start stops the PostgreSQL and anvil it left', async () => {
    const first = launch(env, 'npm');
    await first.waitFor('Press Ctrl-C to stop.');
    // The node process itself, not npm's `sh -c node bin/tessera.js start` above it.
    const launcher = (await processesOf(env)).find((p) =>
      /^\S*node bin\/tessera\.js start$/.test(p.command),
    );
    process.kill(launcher!.pid, 'SIGKILL');
    await first.exited;
    const deadline = Date.now() + 60_000;
    const services = async () =>
      (await processesOf(env)).filter((p) =>
        /bin\/tessera\.js (chain|provider-sandbox|platform|trading)$/.test(p.command),
      );
    while ((await services()).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await services()).toEqual([]);
    const left = (await processesOf(env)).map((p) => p.command);
    expect(left.some((command) => command.includes('/postgres -D'))).toBe(true);
    expect(left.some((command) => command.includes('/anvil '))).toBe(true);

    const next = launch(env, 'npm');
    await next.waitFor('Press Ctrl-C to stop.');
    expect(next.output()).toMatch(
      /stopped the PostgreSQL \(pid \d+\) an earlier start left running/,
    );
    expect(next.output()).toMatch(
      /stopped the anvil node \(pid \d+\) an earlier start left running/,
    );
    groupSignal(next, 'SIGINT');
    await next.exited;
    await nothingLeft();
  }, 600_000);
});
