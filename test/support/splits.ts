/**
 * A live token with holders on anvil (real contracts) for splits and consolidations, and the
 * checks every split test makes: each holder's balance and frozen units on chain equal the
 * database and the register, and the cash in lieu reconciles to the cent.
 */
import { expect } from 'vitest';
import { createPublicClient, http, parseAbi } from 'viem';
import { holdingsAt } from '../../src/platform/register/register.queries.js';
import { Exact } from '../../src/lib/money.js';
import { testPassword } from './platform.js';
import type { Actor, IssuanceSystem } from './issuance.js';

const frozenAbi = parseAbi(['function getFrozenTokens(address) view returns (uint256)']);

/** A staff member other than the first admin (the second pair of eyes). */
export async function staffMember(s: IssuanceSystem, email: string): Promise<Actor> {
  await s.ok(
    s.call(
      'POST',
      '/api/v1/admin/users',
      { email, password: testPassword, role: 'staff' },
      s.admin.token,
    ),
    201,
  );
  // staff enrol a second factor at their first sign-in, before any staff route answers
  return s.enrol(await s.login(email));
}

/**
 * A token in secondary trading at 1.00 whose investors subscribed `quantities` (one investor
 * each), everything minted on chain; the issuer holds its team and reserve shares.
 */
export async function liveTokenWithHolders(
  s: IssuanceSystem,
  symbol: string,
  quantities: number[],
) {
  const { issuer, businessId } = await s.issuerWithBusiness(
    `${symbol.toLowerCase()}@issuer.example`,
    0,
  );
  const live = await s.liveOffering(issuer, businessId, symbol, {
    total_supply: 10_000,
    price_per_token: '1.00',
    min_investment: '0',
  });
  const investors: Actor[] = [];
  const allocations: string[] = [];
  for (const [i, quantity] of quantities.entries()) {
    const investor = await s.verified(`${symbol.toLowerCase()}${i}@example.com`);
    await s.deposit(investor, `${quantity}.00`);
    allocations.push((await s.subscribe(investor, live.id, quantity)).id);
    investors.push(investor);
  }
  await s.confirm(live.id, allocations);
  await s.ok(s.call('POST', `/api/v1/admin/tokens/${live.id}/enable-secondary`, {}, s.admin.token));
  await s.mintAll();
  while ((await s.workers.chainSync.tick()) > 0);
  return { issuer, investors, tokenId: live.id as string };
}

/** Proposes (as `proposer`), approves (as `approver`) and runs a split to its end. */
export async function proposeAndApprove(
  s: IssuanceSystem,
  proposer: Actor,
  approver: Actor,
  tokenId: string,
  ratio: [number, number],
) {
  const split = await s.ok(
    s.call(
      'POST',
      '/api/v1/splits',
      {
        token_id: tokenId,
        ratio_new: ratio[0],
        ratio_old: ratio[1],
        effective_at: new Date(Date.now() + 60_000).toISOString(),
        reason: 'board resolution 7',
      },
      proposer.token,
    ),
    201,
  );
  await s.ok(
    s.call(
      'POST',
      `/api/v1/admin/splits/${split.id}/decision`,
      { decision: 'approve' },
      approver.token,
    ),
  );
  return split.id as string;
}

/** Every holder of the token: database, chain and register agree, frozen units too. */
export async function expectChainEqualsDatabase(s: IssuanceSystem, tokenId: string): Promise<void> {
  const token = await s.tokenRow(tokenId);
  const client = createPublicClient({ transport: http(s.anvil.rpcUrl) });
  const wallets = await s.test.db
    .selectFrom('wallets')
    .innerJoin('users', 'users.id', 'wallets.user_id')
    .select([
      'wallets.user_id',
      'wallets.balance',
      'wallets.frozen_quantity',
      'users.wallet_address',
    ])
    .where('wallets.token_id', '=', tokenId)
    .execute();
  const register = new Map(
    (await holdingsAt(s.test.db, tokenId, new Date(Date.now() + 3_600_000))).map((h) => [
      h.userId,
      h.units,
    ]),
  );
  const unit = 10n ** BigInt(token.decimals);
  let supply = 0n;
  for (const w of wallets) {
    const address = w.wallet_address as `0x${string}`;
    const chain = await s.chainBalance(token.contract_address!, address);
    expect(chain, `balance of ${w.user_id}`).toBe(BigInt(w.balance) * unit);
    const frozen = await client.readContract({
      address: token.contract_address as `0x${string}`,
      abi: frozenAbi,
      functionName: 'getFrozenTokens',
      args: [address],
    });
    expect(frozen, `frozen units of ${w.user_id}`).toBe(BigInt(w.frozen_quantity) * unit);
    expect(new Exact(register.get(w.user_id) ?? 0).toString(), `register of ${w.user_id}`).toBe(
      String(w.balance),
    );
    supply += BigInt(w.balance);
  }
  const totalSupply = await client.readContract({
    address: token.contract_address as `0x${string}`,
    abi: parseAbi(['function totalSupply() view returns (uint256)']),
    functionName: 'totalSupply',
  });
  expect(totalSupply).toBe(supply * unit);
}

/**
 * The cash in lieu: each holder was credited exactly its row's amount once, the issuer debited the
 * total once, and the total is the sum of the rows, to the cent.
 */
export async function expectCashReconciles(s: IssuanceSystem, splitId: string): Promise<string> {
  const split = await s.test.db
    .selectFrom('share_splits')
    .selectAll()
    .where('id', '=', splitId)
    .executeTakeFirstOrThrow();
  const holders = await s.test.db
    .selectFrom('share_split_holders')
    .selectAll()
    .where('split_id', '=', splitId)
    .execute();
  const ledger = await s.test.db
    .selectFrom('fiat_ledger')
    .select(['user_id', 'amount'])
    .where('reference_type', '=', 'share_split')
    .where('reference_id', '=', splitId)
    .execute();
  const sum = (values: string[]) => values.reduce((a, v) => a.plus(v), new Exact(0)).toFixed(2);
  const owed = holders.filter((h) => new Exact(h.cash_in_lieu).greaterThan(0));
  const credits = ledger.filter((l) => new Exact(l.amount).greaterThan(0));
  const debits = ledger.filter((l) => new Exact(l.amount).lessThan(0));
  expect(credits.map((c) => [c.user_id, new Exact(c.amount).toFixed(2)]).sort()).toEqual(
    owed.map((h) => [h.user_id, new Exact(h.cash_in_lieu).toFixed(2)]).sort(),
  );
  const total = sum(owed.map((h) => h.cash_in_lieu));
  expect(new Exact(split.cash_total).toFixed(2)).toBe(total);
  expect(new Exact(split.cash_paid).toFixed(2)).toBe(total);
  if (new Exact(total).greaterThan(0)) {
    expect(debits.map((d) => [d.user_id, new Exact(d.amount).negated().toFixed(2)])).toEqual([
      [split.issuer_id, total],
    ]);
  } else {
    expect(debits).toEqual([]);
  }
  return total;
}
