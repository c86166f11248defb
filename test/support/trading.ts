/**
 * The trading app on a test database, driven through inject(), with a hand-set clock and data
 * seeded the way the platform leaves it (an issuer's live token, verified investors with money
 * and tokens, the deposits in the fiat ledger). Access tokens are signed with the test config's
 * secret, as the platform signs them.
 */
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { AccessTokens } from '../../src/lib/auth/access-token.js';
import type { Db } from '../../src/lib/db/database.js';
import type { Role } from '../../src/lib/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createLogger } from '../../src/lib/logger.js';
import { buildTradingApp, type TradingApp, type TradingDeps } from '../../src/trading/app.js';
import { testConfig } from './config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface Trader {
  id: string;
  token: string;
}

export class ManualClock {
  constructor(public current = new Date('2026-01-05T10:00:00Z')) {}
  now = () => new Date(this.current.getTime());
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

let counter = 0;
const address = () =>
  `0x${(++counter).toString(16).padStart(8, '0')}${newId().replace(/-/g, '').slice(0, 32)}`;

/**
 * Data as the platform leaves it for trading: a live token of a fresh issuer, money credited as
 * a confirmed deposit, tokens in a wallet. `user` makes the issuer (the caller's own kind of user).
 */
export function tradingSeeds<U extends { id: string }>(db: Db, user: (role: Role) => Promise<U>) {
  return {
    /** a live token (secondary, full_orderbook) of a fresh issuer */
    async token(extra: Record<string, unknown> = {}): Promise<{ id: string; issuer: U }> {
      const issuer = await user('issuer');
      const businessId = newId();
      await db
        .insertInto('businesses')
        .values({
          id: businessId,
          owner_id: issuer.id,
          kind: 'issuer',
          name: 'Issuer Co',
          registration_number: businessId.slice(0, 8),
          country: 'DE',
          platform_allocation_pct: '0',
          status: 'active',
          kyb_status: 'approved',
        } as never)
        .execute();
      const id = newId();
      await db
        .insertInto('tokens')
        .values({
          id,
          business_id: businessId,
          name: 'Test Token',
          symbol: `T${id.slice(-8)}`,
          decimals: 0,
          status: 'secondary',
          trading_mode: 'full_orderbook',
          total_supply: 1_000_000_000,
          primary_offering_pct: '100',
          team_pct: '0',
          reserve_pct: '0',
          price_per_token: '10.00',
          min_investment: '1.00',
          ...extra,
        } as never)
        .execute();
      return { id, issuer };
    },
    /** credits fiat as a confirmed deposit would (balance and its ledger row) */
    async deposit(userId: string, amount: string) {
      const row = await db
        .updateTable('users')
        .set({ fiat_balance: sql<string>`fiat_balance + ${amount}::numeric` })
        .where('id', '=', userId)
        .returning('fiat_balance')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('fiat_ledger')
        .values({
          id: newId(),
          user_id: userId,
          kind: 'deposit',
          amount,
          balance_after: row.fiat_balance,
          reference_type: 'test',
          reference_id: newId(),
        })
        .execute();
    },
    async giveTokens(userId: string, tokenId: string, quantity: number) {
      await db
        .insertInto('wallets')
        .values({ id: newId(), user_id: userId, token_id: tokenId, balance: quantity })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'token_id'])
            .doUpdateSet({ balance: sql`wallets.balance + ${quantity}` }),
        )
        .execute();
    },
  };
}

/** What makes an investor eligible to trade: verified, accredited, FATCA clear, a wallet. */
export const eligibleInvestor = () =>
  ({
    email_verified_at: new Date(),
    kyc_status: 'approved',
    kyc_level: 2,
    accreditation_status: 'institutional',
    fatca_status: 'clear',
    wallet_address: address(),
  }) as const;

/**
 * `random`: where in its window a call auction ends (seeded by tests that time the uncross);
 * `phaseSchedule`: the phase channel's throttle timer (tests release its waits by hand).
 */
export async function startTestTrading({
  env,
  ...options
}: Pick<TradingDeps, 'random' | 'phaseSchedule'> & {
  /** the environment's settings for the config (e.g. TRADING_WRITE) */
  env?: Record<string, string>;
} = {}) {
  const test: TestDatabase = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: test.url, ...env });
  const clock = new ManualClock();
  const tokens = new AccessTokens(config.auth.jwtSecret, config.auth.accessTokenTtlSeconds);
  let trading: TradingApp = await buildTradingApp({
    config,
    db: test.db,
    logger: createLogger('test', 'silent'),
    clock,
    tickMs: 0,
    // the heartbeat and its checks run when a test calls socketTick
    heartbeatMs: 0,
    ...options,
  });
  const db = test.db;

  async function user(role: Role, extra: Record<string, unknown> = {}): Promise<Trader> {
    const id = newId();
    await db
      .insertInto('users')
      .values({
        id,
        email: `${id}@example.com`,
        password_hash: null,
        role,
        account_type: role === 'investor' ? 'individual' : null,
        full_name: 'Test',
        ...eligibleInvestor(),
        wallet_address: role === 'investor' ? address() : null,
        ...extra,
      })
      .execute();
    // a session signed in with a second factor just now (staff must have one; an investor's
    // lets it make API keys on the platform beside this process)
    const now = Math.floor(clock.now().getTime() / 1000);
    const factor = { amr: ['pwd' as const, 'otp' as const], authTime: now, factorTime: now };
    const token = await tokens.sign({ userId: id, role, sessionId: newId(), ...factor });
    return { id, token };
  }

  const seeds = tradingSeeds(db, user);
  const system = {
    db,
    databaseUrl: test.url,
    clock,
    get trading() {
      return trading;
    },
    call(
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      body?: unknown,
      token?: string,
    ): Promise<LightMyRequestResponse> {
      return trading.app.inject({
        method,
        url,
        ...(body === undefined ? {} : { payload: body as object }),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    },
    user,
    ...seeds,
    /** an investor with money and `tokens` of the token */
    async funded(tokenId: string, fiat = '1000000.00', tokens = 100_000): Promise<Trader> {
      const trader = await user('investor');
      await seeds.deposit(trader.id, fiat);
      await seeds.giveTokens(trader.id, tokenId, tokens);
      return trader;
    },
    async fiat(userId: string): Promise<string> {
      return (
        await db
          .selectFrom('users')
          .select('fiat_balance')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).fiat_balance;
    },
    async wallet(userId: string, tokenId: string) {
      const row = await db
        .selectFrom('wallets')
        .select(['balance', 'locked_balance'])
        .where('user_id', '=', userId)
        .where('token_id', '=', tokenId)
        .executeTakeFirst();
      return { balance: Number(row?.balance ?? 0), locked: Number(row?.locked_balance ?? 0) };
    },
    async treasuryFiat(): Promise<string> {
      return (
        await db
          .selectFrom('users')
          .select('fiat_balance')
          .where('role', '=', 'treasury')
          .executeTakeFirstOrThrow()
      ).fiat_balance;
    },
    /** waits until the tables hold what was acknowledged (journal mode's projection; direct: now) */
    settled(): Promise<void> {
      return trading.books.readBarrier();
    },
    /** closes the app and builds a new one on the same database (a restart) */
    async restart() {
      await trading.app.close();
      trading = await buildTradingApp({
        config,
        db,
        logger: createLogger('test', 'silent'),
        clock,
        tickMs: 0,
        heartbeatMs: 0,
        ...options,
      });
    },
    async close() {
      await trading.app.close();
      await test.drop();
    },
  };
  return system;
}

export type TestTrading = Awaited<ReturnType<typeof startTestTrading>>;

/**
 * One node of a trading cluster on the test's database and clock, in this process: NATS at
 * `natsUrl`, `node` its TRADING_NODE_ID (distinct per test run: another run's nodes may share the
 * NATS server), no timers but the lease renewal.
 */
export function clusterNode(
  sys: TestTrading,
  natsUrl: string,
  node: string,
  env: Record<string, string> = {},
): Promise<TradingApp> {
  return buildTradingApp({
    config: testConfig({
      DATABASE_URL: sys.databaseUrl,
      NATS_URL: natsUrl,
      TRADING_NODE_ID: node,
      ...env,
    }),
    db: sys.db,
    logger: createLogger('test', 'silent'),
    clock: sys.clock,
    tickMs: 0,
    heartbeatMs: 0,
  });
}
