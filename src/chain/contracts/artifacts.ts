/**
 * Creation bytecode of the contracts the chain service deploys, read at run time from the npm
 * packages' artifacts (never copied into the repository). The packages are CommonJS, so they are
 * resolved through `createRequire`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Hex } from 'viem';
import { artifactPaths, type ContractName } from './artifact-paths.js';

const require = createRequire(import.meta.url);
const cache = new Map<ContractName, Hex>();

export function bytecodeOf(contract: ContractName): Hex {
  const cached = cache.get(contract);
  if (cached) return cached;
  const artifact = JSON.parse(readFileSync(require.resolve(artifactPaths[contract]), 'utf8')) as {
    bytecode?: string;
  };
  if (!artifact.bytecode?.startsWith('0x') || artifact.bytecode.length <= 2) {
    throw new Error(`the artifact of ${contract} has no creation bytecode`);
  }
  const bytecode = artifact.bytecode as Hex;
  cache.set(contract, bytecode);
  return bytecode;
}
