/**
 * A token's compliance rules through HTTP against the real PostgreSQL, a real anvil and the chain
 * process: set by the issuer at creation, refused when they cannot hold, replaced by staff with an
 * audited reason, and put on the token's compliance by the worker after deploy and after each
 * change, read back from the module directly.
 */
import { createPublicClient, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  modularComplianceAbi,
  tesseraRulesModuleAbi,
  tokenAbi,
} from '../../src/chain/contracts/generated/index.js';
import {
  startIssuanceSystem,
  statusAndCode,
  type Actor,
  type IssuanceSystem,
} from '../support/issuance.js';

describe('compliance rules', () => {
  let s: IssuanceSystem;
  let issuer: Actor;
  let businessId: string;

  beforeAll(async () => {
    s = await startIssuanceSystem();
    ({ issuer, businessId } = await s.issuerWithBusiness('rules@acme.example'));
  }, 120_000);
  afterAll(() => s.close());

  const rules = {
    allowed_countries: ['US', 'DEU', 'ae'],
    blocked_countries: ['FR'],
    max_balance: { pct_of_supply: '5' },
    max_holders: 2000,
    lock_up: { days_after_allocation: 365 },
    supply_cap: 900_000,
  };
  const tokenCount = async () =>
    Number(
      (
        await s.test.db
          .selectFrom('tokens')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** the module's rules for a token, read from the chain without the services */
  async function rulesOnChain(tokenAddress: string) {
    const client = createPublicClient({ transport: http(s.anvil.rpcUrl) });
    const compliance = await client.readContract({
      address: tokenAddress as Address,
      abi: tokenAbi,
      functionName: 'compliance',
    });
    const [module] = await client.readContract({
      address: compliance,
      abi: modularComplianceAbi,
      functionName: 'getModules',
    });
    if (!module) return null;
    return client.readContract({
      address: module,
      abi: tesseraRulesModuleAbi,
      functionName: 'rulesOf',
      args: [compliance],
    });
  }

  it('refuses rules that cannot hold and creates nothing', async () => {
    const before = await tokenCount();
    const create = (over: Record<string, unknown>) =>
      s.call(
        'POST',
        '/api/v1/tokens',
        s.tokenBody(businessId, 'BADR', { compliance_rules: over }),
        issuer.token,
      );
    expect(await statusAndCode(create({ allowed_countries: ['XX'] }))).toBe(
      '400 VALIDATION_FAILED',
    );
    expect(
      await statusAndCode(create({ allowed_countries: ['US'], blocked_countries: ['USA'] })),
    ).toBe('400 VALIDATION_FAILED');
    expect(await statusAndCode(create({ allowed_countries: [] }))).toBe('400 VALIDATION_FAILED');
    expect(await statusAndCode(create({ supply_cap: 2_000_000 }))).toBe('400 VALIDATION_FAILED');
    expect(await statusAndCode(create({ max_balance: { units: 5, pct_of_supply: '5' } }))).toBe(
      '400 VALIDATION_FAILED',
    );
    expect(await tokenCount()).toBe(before);
  });

  it('stores the issuer’s rules, puts them on chain at deploy, and lets staff change them with a reason', async () => {
    const created = await s.ok(
      s.call(
        'POST',
        '/api/v1/tokens',
        s.tokenBody(businessId, 'RULE', { compliance_rules: rules }),
        issuer.token,
      ),
      201,
    );
    const shown = await s.ok(
      s.call('GET', `/api/v1/tokens/${created.id}/compliance-rules`, undefined, issuer.token),
    );
    expect(shown).toMatchObject({
      allowed_countries: ['US', 'DE', 'AE'],
      blocked_countries: ['FR'],
      max_balance: { pct_of_supply: '5' },
      max_holders: 2000,
      max_holders_per_country: null,
      lock_up: { days_after_allocation: 365 },
      supply_cap: 900_000,
      version: 1,
      chain_sync: 'pending',
    });
    // Not deployed: nothing to put on chain yet.
    expect(await s.workers.complianceSync.tick()).toBe(0);

    const deployed = await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${created.id}/deploy`, {}, s.admin.token),
    );
    const address = deployed.token.contract_address as string;
    expect(await s.workers.complianceSync.tick()).toBe(1);
    expect(
      (
        await s.ok(
          s.call('GET', `/api/v1/tokens/${created.id}/compliance-rules`, undefined, issuer.token),
        )
      ).chain_sync,
    ).toBe('synced');
    const decimals = 10n ** 18n;
    expect(await rulesOnChain(address)).toMatchObject({
      onlyAllowedCountries: true,
      allowedCountries: [840, 276, 784],
      blockedCountries: [250],
      maxBalance: 50_000n * decimals,
      supplyCap: 900_000n * decimals,
    });

    const change = (body: unknown, actor: Actor) =>
      s.call('PUT', `/api/v1/admin/tokens/${created.id}/compliance-rules`, body, actor.token);
    const next = {
      rules: { blocked_countries: ['FR', 'IR'], max_balance: { units: 1000 } },
      reason: 'Reg S only, per counsel 2027-01',
    };
    expect(await statusAndCode(change(next, issuer))).toBe('403 FORBIDDEN_ROLE');
    expect(await statusAndCode(change({ rules: next.rules }, s.admin))).toBe(
      '400 VALIDATION_FAILED',
    );
    expect(
      await statusAndCode(change({ ...next, rules: { supply_cap: 5_000_000 } }, s.admin)),
    ).toBe('400 VALIDATION_FAILED');
    const changed = await s.ok(change(next, s.admin));
    expect(changed).toMatchObject({
      allowed_countries: null,
      blocked_countries: ['FR', 'IR'],
      max_balance: { units: 1000 },
      lock_up: null,
      version: 2,
      chain_sync: 'pending',
    });
    const audit = await s.test.db
      .selectFrom('audit_logs')
      .select(['actor_id', 'details'])
      .where('action', '=', 'token.compliance_rules_changed')
      .where('target_id', '=', created.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: s.admin.id,
      details: { reason: next.reason, version: 2, before: { version: 1 }, after: { version: 2 } },
    });

    expect(await s.workers.complianceSync.tick()).toBe(1);
    expect(await rulesOnChain(address)).toMatchObject({
      onlyAllowedCountries: false,
      allowedCountries: [],
      blockedCountries: [250, 364],
      maxBalance: 1000n * decimals,
      supplyCap: 0n,
    });
    const gas = await s.test.db
      .selectFrom('gas_transactions')
      .select(['operation', 'status'])
      .where('token_address', '=', address)
      .where('operation', 'in', ['bind_compliance_module', 'set_compliance_rules'])
      .orderBy('created_at')
      .execute();
    expect(gas).toEqual([
      { operation: 'bind_compliance_module', status: 'mined' },
      { operation: 'set_compliance_rules', status: 'mined' },
      { operation: 'set_compliance_rules', status: 'mined' },
    ]);
  });

  it('mints the go-live allocations to the exempt treasury and issuer under rules that would refuse them', async () => {
    // The treasury (PLATFORM_COUNTRY AE) and the issuer (AE) are outside the allowed countries,
    // and their shares far above the maximum balance.
    const live = await s.liveOffering(issuer, businessId, 'EXMT', {
      total_supply: 10_000,
      price_per_token: '1.00',
      min_investment: '0',
      compliance_rules: { allowed_countries: ['DE'], max_balance: { units: 100 } },
    });
    while ((await s.workers.complianceSync.tick()) > 0);
    const investor = await s.verified('exempt-de@example.com', {}, 2, 'DE');
    await s.deposit(investor, '50.00');
    await s.confirm(live.id, [(await s.subscribe(investor, live.id, 50)).id]);
    await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${live.id}/enable-secondary`, {}, s.admin.token),
    );
    await s.mintAll();

    const allocations = await s.test.db
      .selectFrom('token_allocations')
      .select(['allocation_type', 'on_chain_status', 'on_chain_error'])
      .where('token_id', '=', live.id)
      .execute();
    expect(allocations.map((a) => a.on_chain_status)).toEqual(allocations.map(() => 'minted'));
    expect(allocations.map((a) => a.allocation_type).sort()).toEqual([
      'go_live',
      'primary',
      'reserve',
      'team',
    ]);
    const treasury = await s.test.db
      .selectFrom('users')
      .select(['id', 'wallet_address'])
      .where('role', '=', 'treasury')
      .executeTakeFirstOrThrow();
    const decimals = 10n ** 18n;
    expect(await s.holderBalances(live, issuer.id)).toEqual({
      database: 4000n * decimals,
      chain: 4000n * decimals,
    });
    const platformShare = await s.holderBalances(live, treasury.id);
    expect(platformShare.chain).toBe(platformShare.database);
    expect(platformShare.chain).toBeGreaterThan(100n * decimals);

    // the module exempts exactly those two: any other AE receiver is still refused
    const onChain = await rulesOnChain(live.contract_address);
    const issuerWallet = (
      await s.test.db
        .selectFrom('users')
        .select('wallet_address')
        .where('id', '=', issuer.id)
        .executeTakeFirstOrThrow()
    ).wallet_address!;
    expect(onChain!.exemptWallets.map((w) => w.toLowerCase()).sort()).toEqual(
      [treasury.wallet_address!, issuerWallet].map((w) => w.toLowerCase()).sort(),
    );
    const client = createPublicClient({ transport: http(s.anvil.rpcUrl) });
    const compliance = await client.readContract({
      address: live.contract_address as Address,
      abi: tokenAbi,
      functionName: 'compliance',
    });
    const canReceive = (to: string, amount: bigint) =>
      client.readContract({
        address: compliance,
        abi: modularComplianceAbi,
        functionName: 'canTransfer',
        args: ['0x0000000000000000000000000000000000000001', to as Address, amount],
      });
    expect(await canReceive(issuerWallet, 1000n * decimals)).toBe(true);
    expect(await canReceive('0x00000000000000000000000000000000000000aa', decimals)).toBe(false);
  });

  it('answers the empty rule set for a token without rules', async () => {
    const created = await s.ok(
      s.call('POST', '/api/v1/tokens', s.tokenBody(businessId, 'NORL'), issuer.token),
      201,
    );
    expect(
      await s.ok(
        s.call('GET', `/api/v1/tokens/${created.id}/compliance-rules`, undefined, issuer.token),
      ),
    ).toMatchObject({
      allowed_countries: null,
      blocked_countries: [],
      max_balance: null,
      version: 0,
    });
  });
});
