import {
  anvilDevSignerKey,
  startEmbeddedAnvil,
  type EmbeddedAnvil,
} from '../../src/lib/embedded/anvil.js';
import { freePort } from '../../src/lib/embedded/ports.js';

export interface TestAnvil extends EmbeddedAnvil {
  signerKey: `0x${string}`;
}

/** A real anvil node on a free port, without state on disk, for one test file. */
export async function startTestAnvil(): Promise<TestAnvil> {
  const anvil = await startEmbeddedAnvil({ port: await freePort() });
  return { ...anvil, signerKey: anvilDevSignerKey };
}
