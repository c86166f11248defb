/**
 * Issuance end to end on `tessera start`: an issuer from business to a secondary-ready token, an
 * investor from deposit through subscription to tokens on chain, read back from the contract.
 */
import { createPublicClient, http, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until, type Json } from '../support/e2e-flows.js';
import { startE2eSystem, type E2eSystem } from '../support/e2e-system.js';

const tokenAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function paused() view returns (bool)',
  'function symbol() view returns (string)',
]);

describe('issuance, end to end', () => {
  let e2e: E2eSystem;
  const call = (method: string, path: string, body?: unknown, token?: string, expected?: number) =>
    e2e.flow.call(method, path, body, token, expected);

  beforeAll(async () => {
    e2e = await startE2eSystem();
  }, 120_000);
  afterAll(() => e2e.stop());

  it('takes an issuer to a secondary-ready token and an investor to tokens on chain', async () => {
    const { flow, admin, ports } = e2e;
    const issuer = await flow.verifiedUser(admin, 'ceo@harbour.example', { role: 'issuer' });
    const businessId = await flow.activeBusiness(admin, issuer, 'Harbour Estates');
    const token = await flow.liveOffering(admin, issuer, businessId, 'HBR');
    const contract = token.contract;

    const investor = await flow.verifiedUser(admin, 'ivan@example.com', {
      role: 'investor',
      account_type: 'individual',
    });
    await flow.deposit(admin, investor, '1000.00');
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
    // the platform's share, the subscription, and the issuer's reserve and team shares
    expect((allocations.data as Json[]).map((a) => a.allocation_type).sort()).toEqual([
      'go_live',
      'primary',
      'reserve',
      'team',
    ]);
  });
});
