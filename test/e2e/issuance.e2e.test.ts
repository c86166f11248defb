/**
 * Issuance end to end on `tessera start`: an issuer from business to a secondary-ready token, an
 * investor from deposit through subscription to tokens on chain, read back from the contract.
 */
import fs from 'node:fs/promises';
import { createPublicClient, http, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newDataDir,
  startSystem,
  systemEnv,
  systemPorts,
  type RunningSystem,
  type SystemPorts,
} from '../support/system.js';

const password = 'correct horse battery staple';
const tokenAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function paused() view returns (bool)',
  'function symbol() view returns (string)',
]);
type Json = Record<string, any>;

describe('issuance, end to end', () => {
  let dataDir: string;
  let ports: SystemPorts;
  let system: RunningSystem;
  let admin: string;

  async function call(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    expected?: number,
  ): Promise<Json> {
    const response = await fetch(`${system.urls.platform}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Json;
    if (expected && response.status !== expected)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }
  async function verifiedUser(email: string, extra: Json) {
    await call('POST', '/api/v1/auth/register', { email, password, ...extra }, undefined, 201);
    const token = (await call('POST', '/api/v1/auth/login', { email, password }, undefined, 200))
      .access_token as string;
    const application = await call(
      'POST',
      '/api/v1/kyc',
      {
        full_name: email,
        nationality: 'AE',
        date_of_birth: '1984-05-06',
        document_type: 'passport',
        document_number: 'P77',
      },
      token,
      201,
    );
    await call(
      'POST',
      `/api/v1/admin/kyc/${application.id}/review`,
      { decision: 'approve' },
      admin,
      200,
    );
    return token;
  }
  async function until<T>(
    probe: () => Promise<T>,
    done: (value: T) => boolean,
    timeoutMs = 30_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    dataDir = await newDataDir();
    ports = await systemPorts();
    system = await startSystem(
      systemEnv(dataDir, ports, {
        TESSERA_ADMIN_EMAIL: 'root@example.com',
        TESSERA_ADMIN_PASSWORD: password,
        WORKER_IDLE_MS: '50',
      }),
    );
    admin = (
      await call(
        'POST',
        '/api/v1/auth/login',
        { email: 'root@example.com', password },
        undefined,
        200,
      )
    ).access_token as string;
  }, 120_000);
  afterAll(async () => {
    await system.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('takes an issuer to a secondary-ready token and an investor to tokens on chain', async () => {
    const issuer = await verifiedUser('ceo@harbour.example', { role: 'issuer' });
    const business = await call(
      'POST',
      '/api/v1/businesses',
      {
        name: 'Harbour Estates',
        registration_number: 'HE-1',
        country: 'AE',
        industry: 'Real estate',
        platform_allocation_pct: 2.5,
      },
      issuer,
      201,
    );
    await call(
      'POST',
      '/api/v1/kyb',
      {
        business_id: business.id,
        company_name: 'Harbour Estates',
        registration_number: 'HE-1',
        country: 'AE',
        owners: [
          {
            first_name: 'Hana',
            last_name: 'Harbour',
            ownership_pct: 100,
            role: 'ubo',
            nationality: 'AE',
          },
        ],
      },
      issuer,
      201,
    );
    await call(
      'POST',
      `/api/v1/admin/businesses/${business.id}/kyb-review`,
      { decision: 'approve' },
      admin,
      200,
    );
    await call(
      'PATCH',
      `/api/v1/admin/businesses/${business.id}`,
      { status: 'active' },
      admin,
      200,
    );
    const token = await call(
      'POST',
      '/api/v1/tokens',
      {
        business_id: business.id,
        name: 'Harbour Tower',
        symbol: 'HBR',
        decimals: 18,
        primary_offering_pct: 70,
        team_pct: 20,
        reserve_pct: 10,
        price_per_token: '1.25',
        total_supply: 1_000_000,
        min_investment: '10.00',
        raise_currency: 'USD',
      },
      issuer,
      201,
    );
    const deployed = await call('POST', `/api/v1/admin/tokens/${token.id}/deploy`, {}, admin, 200);
    const contract = deployed.contract_address as `0x${string}`;
    await call(
      'POST',
      `/api/v1/admin/tokens/${token.id}/start-offering`,
      {
        primary_start: new Date(Date.now() - 1000).toISOString(),
        primary_end: new Date(Date.now() + 86_400_000).toISOString(),
      },
      admin,
      200,
    );

    const investor = await verifiedUser('ivan@example.com', {
      role: 'investor',
      account_type: 'individual',
    });
    const deposit = await call(
      'POST',
      '/api/v1/fiat/deposits',
      { amount: '1000.00' },
      investor,
      201,
    );
    await call('POST', `/api/v1/admin/fiat/deposits/${deposit.id}/confirm`, {}, admin, 200);
    const allocation = await call(
      'POST',
      `/api/v1/tokens/${token.id}/subscribe`,
      { quantity: 400 },
      investor,
      201,
    );
    expect(allocation).toMatchObject({ amount: '500.00', status: 'pending_payment' });
    await call(
      'POST',
      `/api/v1/admin/tokens/${token.id}/confirm-payment`,
      { allocation_ids: [allocation.id] },
      admin,
      200,
    );

    const portfolio = await until(
      () => call('GET', '/api/v1/portfolio', undefined, investor, 200),
      (p) =>
        (p.allocations as Json[] | undefined)?.some((a) => a.on_chain_status === 'minted') ?? false,
    );
    const wallet = (await call('GET', '/api/v1/me', undefined, investor, 200))
      .wallet_address as `0x${string}`;
    const chain = createPublicClient({ transport: http(`http://127.0.0.1:${ports.anvil}`) });
    expect(
      await chain.readContract({ address: contract, abi: tokenAbi, functionName: 'symbol' }),
    ).toBe('HBR');
    expect(
      await chain.readContract({
        address: contract,
        abi: tokenAbi,
        functionName: 'balanceOf',
        args: [wallet],
      }),
    ).toBe(400n * 10n ** 18n);
    expect(portfolio.fiat_balance).toBe('500.00');

    const live = await call(
      'POST',
      `/api/v1/admin/tokens/${token.id}/enable-secondary`,
      {},
      admin,
      200,
    );
    expect(live).toMatchObject({
      status: 'secondary',
      trading_mode: 'full_orderbook',
      success_fee: '5.00',
    });
    await until(
      () => chain.readContract({ address: contract, abi: tokenAbi, functionName: 'paused' }),
      (paused) => !paused,
    );
    const allocations = await until(
      () => call('GET', `/api/v1/admin/allocations?token_id=${token.id}`, undefined, admin, 200),
      (page) => (page.data as Json[]).every((a) => a.on_chain_status === 'minted'),
    );
    expect((allocations.data as Json[]).map((a) => a.allocation_type).sort()).toEqual([
      'go_live',
      'primary',
    ]);
  });
});
