/**
 * One of the five processes run by `tessera start` as its own OS process (`bin/tessera.js <name>`,
 * the same command that runs it alone), with its own event loop and core. The launcher forks it
 * early so that it loads its code while PostgreSQL and anvil start, then tells it to start, passes
 * its output through, waits until it says it is ready over the IPC channel and answers /healthz,
 * and supervises it: a process that exits on its own is restarted as src/cli/restarts.ts says.
 * The IPC channel closes however the launcher ends (SIGKILL included), and the process then stops
 * itself (src/cli/run-one.ts), so none outlives its launcher.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { LineSplitter, readableLogLine } from './log-lines.js';
import { fileURLToPath } from 'node:url';
import { stopChild } from '../lib/embedded/child.js';
import { nodeFlags, type ProcessName } from './processes.js';
import { describeExit, Restarts } from './restarts.js';
import type { ReadyMessage, StartMessage } from './run-one.js';

const readyTimeoutMs = 120_000;

const command = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));

export interface ServiceOptions {
  name: ProcessName;
  /** how the launcher names it when it differs from the process (a trading node: `trading-2`) */
  label?: string;
  /** the environment it is forked with (what the launcher knows before PostgreSQL and anvil) */
  env: Record<string, string | undefined>;
  say: (line: string) => void;
  /** print the process's log lines for a person (LOG_FORMAT=text) rather than as pino's JSON */
  readableLogs: boolean;
  /** the process exited once more than its restarts allow, or a restart failed */
  onGiveUp: (reason: string) => void;
}

export class Service {
  private child: ChildProcess | undefined;
  private stopping = false;
  private readonly restarts: Restarts;
  private exit: Promise<string> | undefined;
  private env: Record<string, string | undefined> | undefined;
  private output = '';
  url: string | undefined;

  constructor(private readonly options: ServiceOptions) {
    this.restarts = new Restarts({ ...options, name: this.label, output: () => this.output });
  }

  get label(): string {
    return this.options.label ?? this.options.name;
  }

  /** Forks the process, which loads its code and waits to be told to start. */
  spawn(): void {
    const { name } = this.options;
    // Detached (a process group of its own): a terminal's Ctrl-C reaches the launcher only, which
    // stops the processes before anvil and PostgreSQL, in order.
    const child = fork(command, [name], {
      env: this.options.env,
      execArgv: [...nodeFlags[name]],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000));
    const lines = new LineSplitter();
    child.stdout?.on('data', (chunk: Buffer) => {
      if (this.options.readableLogs) {
        for (const line of lines.push(chunk.toString())) {
          process.stdout.write(`${readableLogLine(line)}\n`);
        }
      } else process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    // A process that failed while loading is reported by start(), not restarted.
    this.exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(describeExit(code, signal))),
    );
  }

  /**
   * Tells the forked process to start on `env` (forking it first if it is not); resolves once it
   * is ready and answers /healthz.
   */
  async start(env: Record<string, string | undefined>): Promise<void> {
    const name = this.label;
    // The launcher may be stopping already (a Ctrl-C while the chain started): start nothing more.
    if (this.stopping) throw new Error(`${name} not started: stopping`);
    if (!this.child) this.spawn();
    const child = this.child!;
    const exit = this.exit!;
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${name} was not ready after ${readyTimeoutMs / 1000} s`));
      }, readyTimeoutMs);
      child.on('message', (message: ReadyMessage) => {
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        resolve(message.url);
      });
      void exit.then((how) => {
        clearTimeout(timer);
        reject(
          new Error(`${name} exited before it was ready (${how}):\n${this.output.slice(-2000)}`),
        );
      });
      // A child that already exited cannot take the message; its exit is reported above.
      if (child.connected)
        child.send({ type: 'start', env } satisfies StartMessage, () => undefined);
    });
    // the FIX gateway speaks FIX, not HTTP: its readiness is its listener's
    if (url.startsWith('http')) {
      const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
      if (health.status !== 200) throw new Error(`${name} answers /healthz with ${health.status}`);
    }
    this.url = url;
    this.env = env;
    void exit.then((how) => this.exitedOnItsOwn(child, how));
  }

  private exitedOnItsOwn(child: ChildProcess, how: string): void {
    if (this.stopping || child !== this.child) return;
    this.restarts.exited(how, async () => {
      this.child = undefined;
      await this.start(this.env!);
      return this.url!;
    });
  }

  /** Stops the process (SIGTERM: it finishes in-flight requests), also while it is starting. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.restarts.cancel();
    if (this.child) await stopChild(this.child, 'SIGTERM');
  }
}
