/**
 * One of the four processes run by `tessera start` as its own OS process (`bin/tessera.js <name>`,
 * the same command that runs it alone), with its own event loop and core. The launcher passes its
 * output through, waits until it says it is ready over the IPC channel and answers /healthz, and
 * supervises it: a process that exits on its own is restarted as src/cli/restarts.ts says.
 * The IPC channel closes however the launcher ends (SIGKILL included), and the process then stops
 * itself (src/cli/run-one.ts), so none outlives its launcher.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stopChild } from '../lib/embedded/child.js';
import type { ProcessName } from './processes.js';
import { describeExit, Restarts } from './restarts.js';
import type { ReadyMessage } from './run-one.js';

const readyTimeoutMs = 120_000;

const command = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));

export interface ServiceOptions {
  name: ProcessName;
  env: Record<string, string | undefined>;
  say: (line: string) => void;
  /** the process exited once more than its restarts allow, or a restart failed */
  onGiveUp: (reason: string) => void;
}

export class Service {
  private child: ChildProcess | undefined;
  private stopping = false;
  private readonly restarts: Restarts;
  private output = '';
  url: string | undefined;

  constructor(private readonly options: ServiceOptions) {
    this.restarts = new Restarts({ ...options, output: () => this.output });
  }

  get name(): ProcessName {
    return this.options.name;
  }

  /** Starts the process; resolves once it is ready and answers /healthz. */
  async start(): Promise<void> {
    const { name } = this.options;
    // The launcher may be stopping already (a Ctrl-C while the chain started): start nothing more.
    if (this.stopping) throw new Error(`${name} not started: stopping`);
    // Detached (a process group of its own): a terminal's Ctrl-C reaches the launcher only, which
    // stops the processes before anvil and PostgreSQL, in order.
    const child = fork(command, [name], {
      env: this.options.env,
      execArgv: [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000));
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${name} was not ready after ${readyTimeoutMs / 1000} s`));
      }, readyTimeoutMs);
      child.on('message', (message: ReadyMessage) => {
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        resolve(message.url);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(
            `${name} exited before it was ready (${describeExit(code, signal)}):\n${this.output.slice(-2000)}`,
          ),
        );
      });
    });
    const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
    if (health.status !== 200) throw new Error(`${name} answers /healthz with ${health.status}`);
    this.url = url;
    child.once('exit', (code, signal) => this.exitedOnItsOwn(child, describeExit(code, signal)));
  }

  private exitedOnItsOwn(child: ChildProcess, how: string): void {
    if (this.stopping || child !== this.child) return;
    this.restarts.exited(how, async () => {
      await this.start();
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
