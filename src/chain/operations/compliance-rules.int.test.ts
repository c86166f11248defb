/**
 * Tessera's compliance module on a real anvil with the real T-REX suite: the rules put on a
 * token's ModularCompliance through the chain API and read back from the module, idempotence and
 * gas records, and the parity of the one rule evaluator with the chain: for generated rule sets
 * and generated (from, to, amount, time) cases, the evaluator's verdict on the chain-enforced rules
 * equals the compliance's `canTransfer`, and a simulated `transfer` from the sender.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { zeroAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.js';
import { createTestDatabase } from '../../../test/support/database.js';
import type { ComplianceRulesResponse, DeployResponse } from '../../lib/chain-api.schemas.js';
import { chainRulesBody } from '../../lib/compliance/chain-rules.js';
import { chainEnforcedRules, type ComplianceRules } from '../../lib/compliance/compliance-rules.js';
import { evaluateTransfer } from '../../lib/compliance/evaluate-transfer.js';
import { ruleSet, testCountries, transferTime } from '../../lib/compliance/testing/arbitraries.js';
import { baseUnits } from '../../lib/token-units.js';
import {
  modularComplianceAbi,
  tesseraRulesModuleAbi,
  tokenAbi,
} from '../contracts/generated/index.js';
import { call, investors, startChainFixture, type ChainFixture } from '../testing/chain-fixture.js';

let f: ChainFixture;
/** each investor's country: the test countries in turn */
const countryOf = new Map(
  investors.map((wallet, i) => [wallet, testCountries[i % testCountries.length]!]),
);
const totalSupply = 200;
const decimals = 2;

beforeAll(async () => {
  f = await startChainFixture({ testConfig, createTestDatabase });
  for (const [wallet, country] of countryOf) {
    const registered = await call(
      f.app,
      'POST',
      '/api/v1/register-identity',
      { investor_addr: wallet, country_code: country },
      `register-${wallet}`,
    );
    expect(registered.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await f?.stop();
});

async function deployWithBalances(balances: readonly number[]) {
  const deployed = await call(f.app, 'POST', '/api/v1/deploy', {
    token_id: randomUUID(),
    name: 'Parity',
    symbol: 'PAR',
    decimals,
  });
  const suite = deployed.json<DeployResponse>();
  const token = suite.token_addr as Address;
  for (const [i, quantity] of balances.entries()) {
    if (quantity === 0) continue;
    const minted = await call(
      f.app,
      'POST',
      '/api/v1/mint',
      { token_addr: token, to_addr: investors[i], amount: baseUnits(quantity, decimals) },
      `mint-${token}-${i}`,
    );
    expect(minted.statusCode).toBe(200);
  }
  await call(f.app, 'POST', '/api/v1/unpause', { token_addr: token }, `unpause-${token}`);
  return { token, compliance: suite.compliance_addr as Address };
}

const putRules = (token: Address, rules: ComplianceRules, key: string) =>
  call(
    f.app,
    'POST',
    '/api/v1/compliance-rules',
    chainRulesBody(token, rules, { totalSupply, decimals }),
    key,
  );

describe('compliance rules on chain', () => {
  it('binds the module and sets the rules once; a change sends only the new rules', async () => {
    const { token, compliance } = await deployWithBalances([5, 0, 0]);
    const rules: ComplianceRules = {
      ...chainEnforcedRules(fc.sample(ruleSet(totalSupply), { seed: 1, numRuns: 1 })[0]!),
      allowedCountries: [840, 276],
      blockedCountries: [250],
      maxBalance: { pctOfSupply: '10' },
      supplyCap: 150,
    };
    const first = await putRules(token, rules, `rules-${token}-1`);
    expect(first.statusCode).toBe(200);
    const body = first.json<ComplianceRulesResponse>();
    expect(body.transactions.map((t) => t.operation)).toEqual([
      'bind_compliance_module',
      'set_compliance_rules',
    ]);
    expect(
      body.transactions.every((t) => BigInt(t.gas_used) > 0n && t.payer_type === 'platform'),
    ).toBe(true);
    expect(body).toMatchObject({ max_balance: '2000', supply_cap: '15000' });

    // Read back independently of the service.
    const bound = await f.independent.readContract({
      address: compliance,
      abi: modularComplianceAbi,
      functionName: 'isModuleBound',
      args: [body.module_addr as Address],
    });
    const stored = await f.independent.readContract({
      address: body.module_addr as Address,
      abi: tesseraRulesModuleAbi,
      functionName: 'rulesOf',
      args: [compliance],
    });
    expect(bound).toBe(true);
    expect(stored).toMatchObject({
      onlyAllowedCountries: true,
      allowedCountries: [840, 276],
      blockedCountries: [250],
      maxBalance: 2000n,
      supplyCap: 15000n,
    });

    const nonce = await f.independent.getTransactionCount({
      address: f.services.session.signer.address,
    });
    const repeat = await putRules(token, rules, `rules-${token}-2`);
    expect(repeat.json<ComplianceRulesResponse>().transactions).toEqual([]);
    expect(
      await f.independent.getTransactionCount({ address: f.services.session.signer.address }),
    ).toBe(nonce);

    const changed = await putRules(
      token,
      { ...rules, allowedCountries: null, supplyCap: null },
      `rules-${token}-3`,
    );
    expect(changed.json<ComplianceRulesResponse>()).toMatchObject({
      allowed_countries: null,
      supply_cap: null,
      transactions: [{ operation: 'set_compliance_rules' }],
    });
    const recorded = await f.database.db
      .selectFrom('gas_transactions')
      .select(['operation', 'status', 'gas_used'])
      .where('token_address', '=', token)
      .where('operation', 'in', ['bind_compliance_module', 'set_compliance_rules'])
      .execute();
    expect(recorded).toHaveLength(3);
    expect(recorded.every((r) => r.status === 'mined' && r.gas_used !== null)).toBe(true);
  });

  it('refuses a rule set with a country both allowed and blocked', async () => {
    const { token } = await deployWithBalances([]);
    const response = await call(
      f.app,
      'POST',
      '/api/v1/compliance-rules',
      {
        token_addr: token,
        allowed_countries: [840],
        blocked_countries: [840],
        max_balance: null,
        supply_cap: null,
        exempt_wallets: [],
      },
      `rules-${token}-conflict`,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'CONTRACT_REVERTED' });
  });

  it("agrees with the chain's canTransfer and a simulated transfer over generated cases", async () => {
    const holders = investors.slice(0, 6);
    const setup = fc.record({
      rules: ruleSet(totalSupply),
      balances: fc.array(fc.integer({ min: 0, max: 40 }), {
        minLength: holders.length,
        maxLength: holders.length,
      }),
    });
    const seen = { allowed: 0, refused: 0, simulated: 0 };
    for (const [round, { rules, balances }] of fc
      .sample(setup, { seed: 31, numRuns: 8 })
      .entries()) {
      const { token, compliance } = await deployWithBalances(balances);
      const put = await putRules(token, rules, `parity-${token}`);
      expect(put.statusCode).toBe(200);
      const minted = balances.reduce((a, b) => a + b, 0);
      const holderAt = (i: number) => ({
        country: countryOf.get(holders[i]!)!,
        balance: balances[i]!,
        allocations: [],
      });
      const cases = fc.record({
        from: fc.option(fc.nat(holders.length - 1), { nil: null, freq: 4 }),
        to: fc.nat(holders.length - 1),
        quantity: fc.integer({ min: 1, max: 60 }),
        at: transferTime,
      });
      await fc.assert(
        fc.asyncProperty(cases, async ({ from, to, quantity, at }) => {
          fc.pre(from !== to);
          const verdict = evaluateTransfer(
            chainEnforcedRules(rules),
            { totalSupply, minted, holders: 0, holdersByCountry: new Map() },
            { from: from === null ? null : holderAt(from), to: holderAt(to), quantity, at },
          );
          const fromAddr = from === null ? zeroAddress : holders[from]!;
          const amount = BigInt(baseUnits(quantity, decimals));
          const canTransfer = await f.independent.readContract({
            address: compliance,
            abi: modularComplianceAbi,
            functionName: 'canTransfer',
            args: [fromAddr, holders[to]!, amount],
          });
          expect(canTransfer, `round ${round}`).toBe(verdict.allowed);
          seen[verdict.allowed ? 'allowed' : 'refused']++;
          if (from === null || quantity > balances[from]!) return;
          const transferred = await f.independent
            .simulateContract({
              account: fromAddr,
              address: token,
              abi: tokenAbi,
              functionName: 'transfer',
              args: [holders[to]!, amount],
            })
            .then(
              () => true,
              () => false,
            );
          expect(transferred, `round ${round}`).toBe(verdict.allowed);
          seen.simulated++;
        }),
        { seed: round, numRuns: 250 },
      );
    }
    // Both verdicts, in numbers, and transfers simulated, or the comparison proves little.
    expect(seen.allowed + seen.refused).toBeGreaterThan(1500);
    expect(Math.min(seen.allowed, seen.refused, seen.simulated)).toBeGreaterThan(200);
  });
});
