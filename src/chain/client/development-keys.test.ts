import { describe, expect, it } from 'vitest';
import { generatePrivateKey, mnemonicToAccount } from 'viem/accounts';
import { toHex } from 'viem';
import { anvilDevSignerKey } from '../../lib/embedded/anvil.js';
import { assertKeysFitNode, isDevelopmentKey, isLoopbackUrl } from './development-keys.js';

const hardhatKey19 = toHex(
  mnemonicToAccount('test test test test test test test test test test test junk', {
    addressIndex: 19,
  }).getHdKey().privateKey!,
);

describe('development keys', () => {
  it('knows loopback nodes from the rest', () => {
    for (const url of [
      'http://127.0.0.1:8545',
      'http://localhost:8545',
      'ws://[::1]:8545',
      'http://127.1.2.3',
    ])
      expect(isLoopbackUrl(url)).toBe(true);
    for (const url of [
      'http://10.0.0.5:8545',
      'https://rpc.example.com',
      'http://[::ffff:7f00:1]',
      'http://127.0.0.1.example.com',
    ])
      expect(isLoopbackUrl(url)).toBe(false);
  });

  it("knows anvil's key #0 and hardhat's #19, and not a fresh key", () => {
    expect(isDevelopmentKey(anvilDevSignerKey)).toBe(true);
    expect(isDevelopmentKey(hardhatKey19)).toBe(true);
    expect(isDevelopmentKey(generatePrivateKey())).toBe(false);
  });

  it('refuses a development key beyond loopback, naming the variable', () => {
    const remote = 'https://rpc.example.com';
    expect(() => assertKeysFitNode(remote, { CHAIN_SIGNER_KEY: anvilDevSignerKey })).toThrow(
      /^configuration: CHAIN_SIGNER_KEY is a public development key .*\(rpc\.example\.com\) is not on loopback/,
    );
    expect(() =>
      assertKeysFitNode(remote, {
        CHAIN_SIGNER_KEY: generatePrivateKey(),
        CHAIN_CLAIM_SIGNER_KEY: hardhatKey19,
      }),
    ).toThrow(/CHAIN_CLAIM_SIGNER_KEY/);
    expect(() =>
      assertKeysFitNode(remote, {
        CHAIN_SIGNER_KEY: generatePrivateKey(),
        CHAIN_CLAIM_SIGNER_KEY: undefined,
      }),
    ).not.toThrow();
    expect(() =>
      assertKeysFitNode('http://127.0.0.1:8545', { CHAIN_SIGNER_KEY: anvilDevSignerKey }),
    ).not.toThrow();
  });
});
