/**
 * Settlement benchmark: the real chain process and the trading process's settlement processor on
 * an embedded anvil and PostgreSQL. Several tokens are deployed, holders registered and minted,
 * and trades between them written as the order service writes them; the processor then settles
 * them all (batchForcedTransfer per token, pre-checks included). For comparison the same run sends
 * one forcedTransfer per trade, one after the other, through the same chain process.
 * Run with `npm run bench:settlement` (BENCH_SETTLEMENT_TRADES, BENCH_SETTLEMENT_TOKENS,
 * BENCH_SETTLEMENT_SINGLE tune it).
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildChainApp } from '../../src/chain/app.js';
import { openChainServices } from '../../src/chain/chain-services.js';
import { ChainClient } from '../../src/lib/chain-client.js';
import { createDb, type Db } from '../../src/lib/db/database.js';
import { migrateToLatest } from '../../src/lib/db/migrate.js';
import { anvilDevSignerKey, startEmbeddedAnvil } from '../../src/lib/embedded/anvil.js';
import { startEmbeddedPostgres } from '../../src/lib/embedded/postgres.js';
import { freePort } from '../../src/lib/embedded/ports.js';
import { listen } from '../../src/lib/http/app.js';
import { newId } from '../../src/lib/ids.js';
import { createLogger } from '../../src/lib/logger.js';
import { settlementProcessor } from '../../src/trading/settlement/settlement-processor.js';
import { testConfig } from '../../test/support/config.js';

const tradeCount = Number(process.env.BENCH_SETTLEMENT_TRADES ?? 1000);
const tokenCount = Number(process.env.BENCH_SETTLEMENT_TOKENS ?? 3);
const singleCount = Number(process.env.BENCH_SETTLEMENT_SINGLE ?? 50);
const holderCount = 8;
const serviceToken = 'bench-service-token-0123456789abcdef';

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
    await db.insertInto('trades').values(trades).execute();
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-settlement-'));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    password: 'bench',
    database: 'tessera',
  });
  const anvil = await startEmbeddedAnvil({ port: await freePort() });
  const db = createDb(pg.url, 20);
  const logger = createLogger('bench-settlement', 'silent');
  try {
    await migrateToLatest(db);
    const config = testConfig({
      DATABASE_URL: pg.url,
      CHAIN_RPC_URL: anvil.rpcUrl,
      CHAIN_SIGNER_KEY: anvilDevSignerKey,
      SERVICE_TOKEN: serviceToken,
    });
    const services = await openChainServices(config, db, logger);
    const app = await buildChainApp({ config, services, logger });
    const url = await listen(app, '127.0.0.1', await freePort());
    const chain = new ChainClient({ baseUrl: url, serviceToken });

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

    const processor = settlementProcessor({
      db,
      chain,
      clock: () => new Date(),
      logger,
      batchSize: config.settlement.batchSize,
      leaseSeconds: config.issuance.workerLeaseSeconds,
      platformCountry: 'AE',
    });
    const t0 = performance.now();
    while ((await processor.tick()) > 0);
    const seconds = (performance.now() - t0) / 1000;
    const settled = await db
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('settlement_status', '=', 'settled')
      .where('settlement_type', '=', 'on_chain')
      .executeTakeFirstOrThrow();
    if (Number(settled.n) !== tradeCount) {
      throw new Error(`${settled.n} of ${tradeCount} trades settled on chain`);
    }
    const batchGas = await db
      .selectFrom('gas_transactions')
      .select((eb) => [eb.fn.sum<string>('gas_used').as('gas'), eb.fn.countAll<string>().as('n')])
      .where('operation', '=', 'batch_forced_transfer')
      .executeTakeFirstOrThrow();
    const rate = tradeCount / seconds;
    const gasPerTrade = Number(batchGas.gas) / tradeCount;

    // One forcedTransfer per trade, each waited for, through the same chain process.
    const t1 = performance.now();
    let singleGas = 0;
    for (let i = 0; i < singleCount; i++) {
      const tx = await chain.transfer(
        {
          token_addr: contracts[i % contracts.length]!,
          from_addr: holders[i % holderCount]!,
          to_addr: holders[(i + 1) % holderCount]!,
          amount: '1',
        },
        `bench-single-${i}`,
      );
      singleGas += Number(tx.gas_used);
    }
    const singleRate = singleCount / ((performance.now() - t1) / 1000);

    console.log(
      `\n${tradeCount} trades of ${tokenCount} tokens between ${holderCount} holders: ` +
        `${batchGas.n} batchForcedTransfer calls in ${seconds.toFixed(2)} s`,
    );
    console.log(
      `one forcedTransfer per trade: ${singleRate.toFixed(1)} trades/s, ` +
        `${Math.round(singleGas / singleCount)} gas per trade (${singleCount} trades)`,
    );
    console.log(
      `settlement: ${rate.toFixed(0)} trades/s on anvil, ${Math.round(gasPerTrade)} gas per trade, ` +
        `${(rate / singleRate).toFixed(1)}x one forcedTransfer per trade`,
    );
    await app.close();
  } finally {
    await db.destroy();
    await anvil.stop();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
