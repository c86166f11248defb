/**
 * Puts a token's chain-enforced rules (receiver countries allowed or blocked, maximum balance per
 * wallet, supply cap, the wallets exempt from the first two) on its ModularCompliance, through Tessera's compliance module:
 * 1. `addModule(module)` when the compliance does not have it yet;
 * 2. `callModuleFunction(setRules(...), module)` when the module's rules differ.
 * Each step runs only when the chain does not show it done, under the request's idempotency key,
 * so a repeat sends nothing and a retry resumes a step in flight. The platform pays.
 */
import { encodeFunctionData, getAddress, type Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import { onChain } from '../client/chain-errors.js';
import { prepareCall } from '../client/prepared-call.js';
import { modularComplianceAbi, tesseraRulesModuleAbi } from '../contracts/generated/index.js';
import { rulesModuleName } from '../infrastructure/bootstrap.js';
import { requireSuite } from '../suites/suite-records.js';
import type { TransactionOutcome } from '../transactions/chain-transaction.js';
import { transactionSteps } from '../transactions/transaction-steps.js';

/** The rules as the module stores them: base units, 0 for no limit; no allow list is any country. */
export interface ChainRules {
  allowedCountries: readonly number[] | null;
  blockedCountries: readonly number[];
  maxBalance: bigint;
  supplyCap: bigint;
  exemptWallets: readonly Address[];
}

export interface SetComplianceRulesParameters {
  token: Address;
  rules: ChainRules;
  idempotencyKey: string;
  payerRef: string | null;
}

export interface SetComplianceRulesResult {
  token: Address;
  module: Address;
  /** the rules read back from the module afterwards */
  rules: ChainRules;
  /** the transactions this request needed (none when the chain had the rules already) */
  transactions: TransactionOutcome[];
}

export function rulesModuleOf(services: ChainServices): Address {
  const module = services.infrastructure.implementations[rulesModuleName];
  if (!module) throw new Error('the infrastructure has no compliance module');
  return module;
}

/** The module's rules for a compliance, read back from the chain. */
export async function readChainRules(
  services: ChainServices,
  compliance: Address,
): Promise<ChainRules> {
  const rules = await onChain(() =>
    services.session.client.readContract({
      address: rulesModuleOf(services),
      abi: tesseraRulesModuleAbi,
      functionName: 'rulesOf',
      args: [compliance],
    }),
  );
  return {
    allowedCountries: rules.onlyAllowedCountries ? rules.allowedCountries : null,
    blockedCountries: rules.blockedCountries,
    maxBalance: rules.maxBalance,
    supplyCap: rules.supplyCap,
    exemptWallets: rules.exemptWallets.map((wallet) => getAddress(wallet)),
  };
}

const sameCountries = (a: readonly number[] | null, b: readonly number[] | null) =>
  a === null || b === null
    ? a === b
    : a.length === b.length && [...a].sort().join() === [...b].sort().join();

const sameWallets = (a: readonly Address[], b: readonly Address[]) =>
  a.length === b.length &&
  a
    .map((w) => w.toLowerCase())
    .sort()
    .join() ===
    b
      .map((w) => w.toLowerCase())
      .sort()
      .join();

function sameRules(a: ChainRules, b: ChainRules): boolean {
  return (
    sameCountries(a.allowedCountries, b.allowedCountries) &&
    sameCountries(a.blockedCountries, b.blockedCountries) &&
    a.maxBalance === b.maxBalance &&
    a.supplyCap === b.supplyCap &&
    sameWallets(a.exemptWallets, b.exemptWallets)
  );
}

export async function setComplianceRules(
  services: ChainServices,
  params: SetComplianceRulesParameters,
): Promise<SetComplianceRulesResult> {
  const { db, session, sender } = services;
  const suite = await requireSuite(db, session.chainId, params.token);
  const module = rulesModuleOf(services);
  const { rules } = params;
  const request = {
    token: suite.token,
    allowed_countries: rules.allowedCountries,
    blocked_countries: rules.blockedCountries,
    max_balance: rules.maxBalance.toString(),
    supply_cap: rules.supplyCap.toString(),
    exempt_wallets: rules.exemptWallets,
  };
  const { step, transactions } = transactionSteps(sender, {
    idempotencyKey: params.idempotencyKey,
    request,
    tokenAddress: suite.token,
    payer: { type: 'platform', ref: params.payerRef },
  });

  const compliance = { address: suite.compliance, abi: modularComplianceAbi } as const;
  const bound = await onChain(() =>
    session.client.readContract({ ...compliance, functionName: 'isModuleBound', args: [module] }),
  );
  await step('bind_compliance_module', !bound, () =>
    prepareCall(session, { ...compliance, functionName: 'addModule', args: [module] }),
  );
  const current = await readChainRules(services, suite.compliance);
  await step('set_compliance_rules', !sameRules(current, rules), () =>
    prepareCall(session, {
      ...compliance,
      functionName: 'callModuleFunction',
      args: [
        encodeFunctionData({
          abi: tesseraRulesModuleAbi,
          functionName: 'setRules',
          args: [
            rules.allowedCountries !== null,
            [...(rules.allowedCountries ?? [])],
            [...rules.blockedCountries],
            rules.maxBalance,
            rules.supplyCap,
            [...rules.exemptWallets],
          ],
        }),
        module,
      ],
    }),
  );
  const applied = await readChainRules(services, suite.compliance);
  return { token: suite.token, module: getAddress(module), rules: applied, transactions };
}
