/**
 * The launcher's embedded anvil, supervised as the four processes are (src/cli/restarts.ts): a
 * node that exits on its own is started again on the same port with the same state file, so the
 * chain it had dumped is loaded again. anvil dumps its state every few seconds and at a clean exit:
 * a node killed outright loses at most its last few seconds of blocks.
 */
import { startEmbeddedAnvil, type EmbeddedAnvil } from '../lib/embedded/anvil.js';
import { describeExit, Restarts } from './restarts.js';

export type AnvilOptions = Parameters<typeof startEmbeddedAnvil>[0];

export async function startSupervisedAnvil(
  options: AnvilOptions,
  supervision: { say: (line: string) => void; onGiveUp: (reason: string) => void },
): Promise<EmbeddedAnvil> {
  let node = await startEmbeddedAnvil(options);
  let stopping = false;
  const restarts = new Restarts({ name: 'anvil', ...supervision, output: () => node.output() });
  const watch = (watched: EmbeddedAnvil) => {
    void watched.exited.then(({ code, signal }) => {
      if (stopping || watched !== node) return;
      restarts.exited(describeExit(code, signal), async () => {
        node = await startEmbeddedAnvil(options);
        // a stop that came while the node was starting: stop it too
        if (stopping) await node.stop();
        else watch(node);
        return node.rpcUrl;
      });
    });
  };
  watch(node);
  return {
    rpcUrl: node.rpcUrl,
    get pid() {
      return node.pid;
    },
    get exited() {
      return node.exited;
    },
    output: () => node.output(),
    async stop() {
      stopping = true;
      restarts.cancel();
      await node.stop();
    },
  };
}
