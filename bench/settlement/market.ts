/**
 * The settlement benchmark's market: tokens deployed and unpaused on the chain, holders registered
 * (KYC claim included) and minted on each, their users, business, tokens and wallets in the
 * database, and trades between them written as the order service writes them, pending settlement.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Db } from '../../src/lib/db/database.js';
import { newId } from '../../src/lib/ids.js';
import type { BenchChain } from '../support/embedded-stack.js';

/** Users with wallet addresses and an approved KYC, a business, its tokens and their wallets. */
async function seed(db: Db, addresses: string[], tokenIds: string[], contracts: string[]) {
  const users = addresses.map((address, i) => ({
    id: newId(),
    email: `holder${i}@bench.example`,
    password_hash: null,
    role: 'investor' as const,
    account_type: 'individual' as const,
    full_name: `Holder ${i}`,
    accreditation_status: null,
    fatca_status: null,
    wallet_address: address,
    email_verified_at: new Date(),
  }));
  await db.insertInto('users').values(users).execute();
  const businessId = newId();
  await db
    .insertInto('businesses')
    .values({
      id: businessId,
      owner_id: users[0]!.id,
      kind: 'issuer',
      name: 'Bench Ltd',
      registration_number: 'B-1',
      country: 'AE',
      industry: null,
      platform_allocation_pct: null,
    })
    .execute();
  for (const [i, id] of tokenIds.entries()) {
    await db
      .insertInto('tokens')
      .values({
        id,
        business_id: businessId,
        name: `Bench ${i}`,
        symbol: `BN${i}`,
        decimals: 0,
        total_supply: 1_000_000_000,
        primary_offering_pct: '60',
        team_pct: '30',
        reserve_pct: '10',
        price_per_token: '10.00',
        min_investment: '10.00',
        raise_currency: 'USD',
        contract_address: contracts[i]!,
        identity_registry_addr: null,
        deploy_tx_hash: null,
        chain_sync_error: null,
        chain_sync_claim_id: null,
        chain_sync_due_at: null,
        primary_start: null,
        primary_end: null,
        maturity_date: null,
        success_fee: null,
        halted_until: null,
        last_price: null,
      })
      .execute();
  }
  return users.map((u) => u.id);
}

/** `count` trades between random holders of random tokens, as the order service records them. */
async function makeTrades(db: Db, userIds: string[], tokenIds: string[], count: number) {
  let key = 0;
  for (let start = 0; start < count; start += 200) {
    const orders = [];
    const trades = [];
    for (let i = start; i < Math.min(count, start + 200); i++) {
      const tokenId = tokenIds[i % tokenIds.length]!;
      const n = userIds.length;
      const seller = userIds[i % n]!;
      const buyer = userIds[(i + 1 + (i % (n - 1))) % n]!;
      const pair = [buyer, seller].map((userId, side) => ({
        id: newId(),
        user_id: userId,
        token_id: tokenId,
        side: side === 0 ? ('buy' as const) : ('sell' as const),
        order_type: 'limit' as const,
        time_in_force: 'GTC' as const,
        price: '10.00',
        stop_price: null,
        quantity: 1,
        filled_quantity: 1,
        remaining_quantity: 0,
        status: 'filled' as const,
        cancel_reason: null,
        engine_key: ++key,
        priority: key,
        expires_at: null,
        client_order_id: null,
        request_hash: null,
      }));
      orders.push(...pair);
      trades.push({
        id: newId(),
        token_id: tokenId,
        buy_order_id: pair[0]!.id,
        sell_order_id: pair[1]!.id,
        buyer_id: buyer,
        seller_id: seller,
        taker_side: 'buy' as const,
        price: '10.00',
        quantity: 1 + (i % 5),
        total: '10.00',
        platform_fee: '0.00',
        effective_fee_bps: 0,
      });
    }
    await db.insertInto('orders').values(orders).execute();
    const queued = await db
      .insertInto('trades')
      .values(trades)
      .returning(['id', 'created_at'])
      .execute();
    await db
      .insertInto('settlement_queue')
      .values(queued.map((t) => ({ trade_id: t.id, created_at: t.created_at })))
      .execute();
  }
}

export interface BenchMarket {
  /** the holders' wallet addresses */
  holders: string[];
  /** the tokens' contract addresses */
  contracts: string[];
}

export async function setUpMarket(
  stack: BenchChain,
  options: { tokenCount: number; holderCount: number; tradeCount: number },
): Promise<BenchMarket> {
  const { tokenCount, holderCount, tradeCount } = options;
  const { db, chain } = stack;
  const holders = Array.from(
    { length: holderCount },
    () => privateKeyToAccount(generatePrivateKey()).address,
  );
  for (const [i, holder] of holders.entries()) {
    await chain.registerIdentity({ investor_addr: holder, country_code: 784 }, `bench-r${i}`);
  }
  const tokenIds = Array.from({ length: tokenCount }, () => newId());
  const contracts: string[] = [];
  for (const [i, tokenId] of tokenIds.entries()) {
    const suite = await chain.deploy({
      token_id: tokenId,
      name: `Bench ${i}`,
      symbol: `BN${i}`,
      decimals: 0,
    });
    contracts.push(suite.token_addr);
    await chain.unpause(suite.token_addr, `bench-unpause-${i}`);
    for (const [h, holder] of holders.entries()) {
      await chain.mint(
        { token_addr: suite.token_addr, to_addr: holder, amount: '1000000' },
        `bench-mint-${i}-${h}`,
      );
    }
  }
  const userIds = await seed(db, holders, tokenIds, contracts);
  // Wallet rows as the offering would have left them (reconciliation reads them; settlement not).
  await db
    .insertInto('wallets')
    .values(
      userIds.flatMap((userId) =>
        tokenIds.map((tokenId) => ({
          id: newId(),
          user_id: userId,
          token_id: tokenId,
          balance: 1_000_000,
        })),
      ),
    )
    .execute();
  await makeTrades(db, userIds, tokenIds, tradeCount);
  return { holders, contracts };
}
