/**
 * `tessera chain` started with anvil's public development key against a node that is not on
 * loopback exits at once with a message that says why, before it opens the database or the node.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../../test/support/config.js';

function runChain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/tessera.js', 'chain'], {
      env: { PATH: process.env.PATH ?? '', ...testEnv(env) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('the chain process and the development keys', () => {
  it('exits with a clear message when a development key would sign for a remote node', async () => {
    // TEST-NET-1: never reached, the refusal comes first
    const { code, stderr } = await runChain({ CHAIN_RPC_URL: 'http://192.0.2.1:8545' });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'configuration: CHAIN_SIGNER_KEY is a public development key (the "test test ... junk" mnemonic) and CHAIN_RPC_URL (192.0.2.1:8545) is not on loopback',
    );
  });
});
