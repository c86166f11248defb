/**
 * Debt tokens in the issuance system's tests: a bond brought to secondary trading and minted on
 * chain, the workers of a debt's life run until idle, and the chain move that makes a
 * redemption's burn fail for good.
 */
import { baseUnits } from '../../src/lib/token-units.js';
import type { Actor, IssuanceSystem } from './issuance.js';

/** The debt terms of POST /tokens (strings, as the form sends them). */
export type DebtTermsBody = Record<string, string>;

/** The body of a bond: 1,000 units at 100.00, all offered (no team or reserve shares). */
export function bondBody(
  s: IssuanceSystem,
  businessId: string,
  symbol: string,
  debt: DebtTermsBody,
) {
  return s.tokenBody(businessId, symbol, {
    total_supply: 1_000,
    price_per_token: '100.00',
    min_investment: '0',
    primary_offering_pct: 100,
    team_pct: 0,
    reserve_pct: 0,
    debt,
  });
}

/** Every worker a debt's life needs, until none finds work. */
export async function settleDebt(s: IssuanceSystem): Promise<void> {
  for (let round = 0; round < 30; round++) {
    const done =
      (await s.workers.chainSync.tick()) +
      (await s.workers.debt.tick()) +
      (await s.workers.dividends.tick()) +
      (await s.workers.debtBurns.tick());
    if (done === 0) return;
  }
}

/**
 * A bond in secondary trading, minted on chain: its issuer (`<symbol>@issuer.example`, whose
 * business gives the platform `platformAllocationPct` %) offers it; investor i
 * (`<symbol>holder<i>@example.com`, 3,000.00 deposited) subscribes to `units[i]`, confirmed; the
 * debt's workers settled.
 */
export async function liveBond(
  s: IssuanceSystem,
  symbol: string,
  debt: DebtTermsBody,
  units: number[],
  platformAllocationPct = 2,
) {
  const name = symbol.toLowerCase();
  const { issuer, businessId } = await s.issuerWithBusiness(
    `${name}@issuer.example`,
    platformAllocationPct,
  );
  const body = bondBody(s, businessId, symbol, debt);
  const created = await s.ok(s.call('POST', '/api/v1/tokens', body, issuer.token), 201);
  await s.ok(s.call('POST', `/api/v1/admin/tokens/${created.id}/deploy`, {}, s.admin.token));
  await s.ok(
    s.call(
      'POST',
      `/api/v1/admin/tokens/${created.id}/start-offering`,
      {
        primary_start: new Date(Date.now() - 1000).toISOString(),
        primary_end: new Date(Date.now() + 3_600_000).toISOString(),
      },
      s.admin.token,
    ),
  );
  const investors: Actor[] = [];
  const allocations: string[] = [];
  for (const [i, quantity] of units.entries()) {
    const investor = await s.verified(`${name}holder${i}@example.com`);
    await s.deposit(investor, '3000.00');
    allocations.push((await s.subscribe(investor, created.id, quantity)).id);
    investors.push(investor);
  }
  await s.confirm(created.id, allocations);
  await s.ok(
    s.call('POST', `/api/v1/admin/tokens/${created.id}/enable-secondary`, {}, s.admin.token),
  );
  await s.mintAll();
  await settleDebt(s);
  return { issuer, businessId, investors, tokenId: created.id as string };
}

/**
 * A debt token's register and chain made to disagree, as a redemption's burn that fails for good
 * needs: 10 units moved between two holders on chain by the agent's transfer, the register left
 * as it was, so that a batchBurn of the first holder's units reverts at every attempt.
 */
export async function chainMover(s: IssuanceSystem, tokenId: string, holders: Actor[]) {
  const token = await s.tokenRow(tokenId);
  const wallets = await s.test.db
    .selectFrom('users')
    .select(['id', 'wallet_address'])
    .where(
      'id',
      'in',
      holders.map((h) => h.id),
    )
    .execute();
  const walletOf = (actor: Actor) => wallets.find((w) => w.id === actor.id)!.wallet_address!;
  return (from: Actor, to: Actor, key: string) =>
    s.chain.agentTransfer(
      {
        token_addr: token.contract_address!,
        from_addr: walletOf(from),
        to_addr: walletOf(to),
        amount: baseUnits(10, token.decimals),
        payer_ref: token.business_id,
      },
      key,
    );
}
