/**
 * The chain client checks every reply against the chain API's schema: a chain service (here a
 * plain HTTP server answering what each test sets) whose 200 body does not match is refused as
 * CHAIN_BAD_RESPONSE, never cast into a value.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainClient } from './chain-client.js';

const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const hash = `0x${'ab'.repeat(32)}`;
const transaction = {
  operation: 'mint',
  tx_hash: hash,
  block_number: 7,
  nonce: 3,
  gas_used: '21000',
  effective_gas_price: '1000000000',
  cost_wei: '21000000000000',
  payer_type: 'issuer',
  payer_ref: null,
};

let server: Server;
let client: ChainClient;
/** the body the server answers with next, as raw text */
let reply = '';

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new ChainClient({ baseUrl: `http://127.0.0.1:${port}`, serviceToken: 'x'.repeat(32) });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const answering = (body: unknown) => {
  reply = typeof body === 'string' ? body : JSON.stringify(body);
};

describe('ChainClient replies', () => {
  it('passes a reply that matches its schema', async () => {
    answering(transaction);
    await expect(
      client.mint({ token_addr: token, to_addr: wallet, amount: '1' }, 'k'),
    ).resolves.toEqual(transaction);
    answering({
      wallet_addr: wallet,
      identity_addr: null,
      registered: false,
      country_code: null,
      kyc_claim: 'none',
    });
    await expect(client.identityOf(wallet)).resolves.toMatchObject({ registered: false });
  });

  it.each([
    ['an empty object for a deploy', () => client.deploy(deployInput), {}],
    [
      'a transaction hash that is not hex',
      () => client.mint({ token_addr: token, to_addr: wallet, amount: '1' }, 'k'),
      { ...transaction, tx_hash: 'pending' },
    ],
    [
      'a block number as text',
      () =>
        client.transfer(
          { token_addr: token, from_addr: wallet, to_addr: wallet, amount: '1' },
          'k',
        ),
      { ...transaction, block_number: '7' },
    ],
    [
      'verified as a string',
      () => client.isVerified(token, wallet),
      { token_addr: token, wallet_addr: wallet, verified: 'yes' },
    ],
    [
      'a negative balance',
      () => client.balanceOf(token, wallet),
      { token_addr: token, wallet_addr: wallet, balance: '-1', frozen: '0' },
    ],
    [
      'an unknown claim state',
      () => client.identityOf(wallet),
      {
        wallet_addr: wallet,
        identity_addr: null,
        registered: true,
        country_code: 1,
        kyc_claim: 'maybe',
      },
    ],
    ['a body that is not JSON', () => client.pause(token, 'k'), 'OK'],
    ['null', () => client.unpause(token, 'k'), 'null'],
  ])('refuses %s as CHAIN_BAD_RESPONSE', async (_case, call, body) => {
    answering(body);
    await expect(call()).rejects.toMatchObject({ code: 'CHAIN_BAD_RESPONSE', status: 502 });
  });
});

const deployInput = {
  token_id: '0192f3a4-0000-7000-8000-000000000000',
  name: 'T',
  symbol: 'T',
  decimals: 0,
};
