/**
 * The platform with a real chain behind it: a real anvil, the real chain process (infrastructure
 * deployed at its start), the platform app driven through inject(), and its workers ticked by
 * the test. Helpers walk users through the real HTTP flows: KYC review, KYB, business activation,
 * token listing and deployment, deposits.
 */
import fs from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { createPublicClient, http, parseAbi } from 'viem';
import type { Clock } from '../../src/lib/clock.js';
import type { Config } from '../../src/lib/config.js';
import { freePort } from '../../src/lib/embedded/ports.js';
import type { HttpApp } from '../../src/lib/http/app.js';
import { createLogger } from '../../src/lib/logger.js';
import type { RunningProcess } from '../../src/lib/process.js';
import { startChain } from '../../src/chain/main.js';
import { startRpcProxy } from '../../src/chain/testing/rpc-proxy.js';
import { buildPlatformApp, chainClientFor } from '../../src/platform/app.js';
import { ensureFirstAdmin } from '../../src/platform/users/users.service.js';
import { platformWorkers } from '../../src/platform/workers.js';
import { startTestAnvil, type TestAnvil } from './anvil.js';
import { testEnv } from './config.js';
import { loadConfig } from '../../src/lib/config.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { outboxLinkToken, verifyEmailRequest } from './email.js';
import { testPassword } from './platform.js';
import { approvedClassification } from './classification.js';
import { accreditationFor } from '../../src/platform/verification/verification.rules.js';
import { enrolTotp, injectSend, logInWithFactor, stepUp } from './second-factor.js';

export interface Actor {
  id: string;
  token: string;
  /** the TOTP secret once the actor enrolled an authenticator app (the admin always) */
  secret?: string;
}

const tokenAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function paused() view returns (bool)',
]);

/**
 * `rpcProxy`: the chain process reaches the node through a proxy the test can take down.
 * `webDir`: the app serves the web client built there (a browser test makes it listen); removed
 * on close, as the web helpers remove theirs.
 */
export async function startIssuanceSystem(
  env: Record<string, string> = {},
  options: { rpcProxy?: boolean; webDir?: string } = {},
) {
  const anvil: TestAnvil = await startTestAnvil();
  const rpcProxy = options.rpcProxy ? await startRpcProxy(anvil.rpcUrl) : undefined;
  const test: TestDatabase = await createTestDatabase();
  const environment = testEnv({
    DATABASE_URL: test.url,
    CHAIN_RPC_URL: rpcProxy?.url ?? anvil.rpcUrl,
    CHAIN_SIGNER_KEY: anvil.signerKey,
    CHAIN_PORT: String(await freePort()),
    ...env,
  });
  const config: Config = loadConfig(environment);
  const logger = createLogger('test', (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent');
  let chainProcess: RunningProcess | undefined = await startChain(config, logger);
  const chain = chainClientFor(config);
  const app: HttpApp = await buildPlatformApp({
    config,
    db: test.db,
    logger,
    chain,
    ...(options.webDir ? { webDir: options.webDir } : {}),
  });
  // The workers' clock: the wall clock moved on by the test (leases, backoff, maturity).
  let clockOffsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + clockOffsetMs) };
  const workers = platformWorkers({ config, db: test.db, chain, logger, clock });
  const publicClient = createPublicClient({ transport: http(anvil.rpcUrl) });

  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const ok = async (response: Promise<LightMyRequestResponse>, status = 200) => {
    const r = await response;
    if (r.statusCode !== status)
      throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
    return r.json();
  };
  const send = injectSend(app);
  const login = async (email: string, secret?: string): Promise<Actor> => {
    const { access_token } = await logInWithFactor(send, email, testPassword, secret);
    const me = await ok(call('GET', '/api/v1/me', undefined, access_token));
    return { id: me.id, token: access_token, ...(secret ? { secret } : {}) };
  };
  /** enrols an authenticator app for the actor: its token now carries the factor */
  const enrol = async (actor: Actor): Promise<Actor> => {
    const enrolled = await enrolTotp(send, actor.token);
    actor.token = enrolled.token;
    actor.secret = enrolled.secret;
    return actor;
  };
  await ensureFirstAdmin(test.db, { email: 'admin@example.com', password: testPassword });
  const admin = await enrol(await login('admin@example.com'));

  const system = {
    config,
    /** the environment the config was parsed from (to start a platform process of its own) */
    environment,
    test,
    anvil,
    /** between the chain process and the node, when asked for */
    rpcProxy,
    app,
    chain,
    workers,
    admin,
    call,
    ok,
    clock,
    send,
    login,
    enrol,
    /** verifies the actor's factor again: its token is replaced by a fresh step-up */
    async stepUp(actor: Actor): Promise<Actor> {
      actor.token = await stepUp(send, actor.token, actor.secret!);
      return actor;
    },
    /** moves the workers' clock on by `ms` */
    advanceClock(ms: number): void {
      clockOffsetMs += ms;
    },
    async register(email: string, extra: Record<string, unknown> = {}): Promise<Actor> {
      await ok(
        call('POST', '/api/v1/auth/register', {
          email,
          password: testPassword,
          role: 'investor',
          ...(extra.role === 'issuer' ? {} : { account_type: 'individual' }),
          ...extra,
        }),
        202,
      );
      const { method, url, body } = verifyEmailRequest(
        await outboxLinkToken(test.db, email, 'verify-email'),
      );
      await ok(call(method, url, body));
      return login(email);
    },
    /** registered and KYC-approved through the manual review, at `level` */
    async verified(
      email: string,
      extra: Record<string, unknown> = {},
      level = 2,
      nationality = 'AE',
      residence?: string,
    ): Promise<Actor> {
      const actor = await system.register(email, extra);
      await system.verify(actor, email, { level, nationality, residence });
      return actor;
    },
    /** a KYC application of `actor`'s approved through the manual review (a first or a new one) */
    async verify(
      actor: Actor,
      fullName: string,
      kyc: { level?: number; nationality: string; residence?: string | undefined },
    ): Promise<void> {
      // the classification staff approved: the tier the KYC level allows (its limits)
      await approvedClassification(test.db, actor.id, accreditationFor(kyc.level ?? 2));
      const application = await ok(
        call(
          'POST',
          '/api/v1/kyc',
          {
            full_name: fullName,
            nationality: kyc.nationality,
            ...(kyc.residence ? { country_of_residence: kyc.residence } : {}),
            date_of_birth: '1980-01-01',
            document_type: 'passport',
            document_number: 'P1',
          },
          actor.token,
        ),
        201,
      );
      await ok(
        call(
          'POST',
          `/api/v1/admin/kyc/${application.id}/review`,
          { decision: 'approve', kyc_level: kyc.level ?? 2 },
          admin.token,
        ),
      );
    },
    async deposit(actor: Actor, amount: string): Promise<void> {
      const deposit = await ok(call('POST', '/api/v1/fiat/deposits', { amount }, actor.token), 201);
      await ok(call('POST', `/api/v1/admin/fiat/deposits/${deposit.id}/confirm`, {}, admin.token));
    },
    /** an issuer with KYC, an active business whose KYB staff approved */
    async issuerWithBusiness(
      email: string,
      platformAllocationPct = 2,
    ): Promise<{ issuer: Actor; businessId: string }> {
      const issuer = await system.verified(email, { role: 'issuer' });
      const business = await ok(
        call(
          'POST',
          '/api/v1/businesses',
          {
            name: `${email} Ltd`,
            registration_number: 'R-1',
            country: 'AE',
            industry: 'Real estate',
            platform_allocation_pct: platformAllocationPct,
          },
          issuer.token,
        ),
        201,
      );
      await ok(
        call(
          'POST',
          '/api/v1/kyb',
          {
            business_id: business.id,
            company_name: business.name,
            registration_number: 'R-1',
            country: 'AE',
            owners: [
              {
                first_name: 'Owner',
                last_name: 'One',
                ownership_pct: 100,
                role: 'ubo',
                nationality: 'AE',
              },
            ],
          },
          issuer.token,
        ),
        201,
      );
      await ok(
        call(
          'POST',
          `/api/v1/admin/businesses/${business.id}/kyb-review`,
          { decision: 'approve' },
          admin.token,
        ),
      );
      await ok(
        call('PATCH', `/api/v1/admin/businesses/${business.id}`, { status: 'active' }, admin.token),
      );
      return { issuer, businessId: business.id };
    },
    tokenBody(businessId: string, symbol: string, over: Record<string, unknown> = {}) {
      return {
        business_id: businessId,
        name: `${symbol} Token`,
        symbol,
        decimals: 18,
        primary_offering_pct: 60,
        team_pct: 30,
        reserve_pct: 10,
        price_per_token: '10.00',
        total_supply: 1_000_000,
        min_investment: '50.00',
        raise_currency: 'USD',
        ...over,
      };
    },
    /** a deployed token with its offering open now for an hour */
    async liveOffering(
      issuer: Actor,
      businessId: string,
      symbol: string,
      over: Record<string, unknown> = {},
    ) {
      const token = await ok(
        call('POST', '/api/v1/tokens', system.tokenBody(businessId, symbol, over), issuer.token),
        201,
      );
      await ok(call('POST', `/api/v1/admin/tokens/${token.id}/deploy`, {}, admin.token));
      return ok(
        call(
          'POST',
          `/api/v1/admin/tokens/${token.id}/start-offering`,
          {
            primary_start: new Date(Date.now() - 1000).toISOString(),
            primary_end: new Date(Date.now() + 3_600_000).toISOString(),
          },
          admin.token,
        ),
      );
    },
    /** an issuer (5% to the platform at go-live) offering 10,000 tokens at 1.00, no minimum */
    async smallOffering(issuerEmail: string, symbol: string) {
      const { issuer, businessId } = await system.issuerWithBusiness(issuerEmail, 5);
      const token = await system.liveOffering(issuer, businessId, symbol, {
        total_supply: 10_000,
        price_per_token: '1.00',
        min_investment: '0',
      });
      return { issuer, tokenId: token.id as string };
    },
    /** subscribes (expecting success) and returns the allocation */
    async subscribe(actor: Actor, tokenId: string, quantity: number, roundId?: string) {
      return ok(
        call(
          'POST',
          `/api/v1/tokens/${tokenId}/subscribe`,
          { quantity, ...(roundId ? { round_id: roundId } : {}) },
          actor.token,
        ),
        201,
      );
    },
    /** the confirm-payment request for these allocations, as `actor` (the admin by default) */
    confirmPayment(tokenId: string, allocationIds: string[], actor: Actor = admin) {
      const body = { allocation_ids: allocationIds };
      return call('POST', `/api/v1/admin/tokens/${tokenId}/confirm-payment`, body, actor.token);
    },
    /** the admin confirms payment of these allocations (expecting success) */
    async confirm(tokenId: string, allocationIds: string[]) {
      return ok(this.confirmPayment(tokenId, allocationIds));
    },
    /** runs the minting worker until no allocation is waiting */
    async mintAll(): Promise<void> {
      while ((await workers.minter.tick()) > 0);
    },
    /** a user's fiat balance as the database has it */
    async fiatBalance(userId: string): Promise<string> {
      const row = await test.db
        .selectFrom('users')
        .select('fiat_balance')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.fiat_balance;
    },
    tokenRow(tokenId: string) {
      return test.db
        .selectFrom('tokens')
        .selectAll()
        .where('id', '=', tokenId)
        .executeTakeFirstOrThrow();
    },
    async chainBalance(tokenAddress: string, wallet: string): Promise<bigint> {
      return publicClient.readContract({
        address: tokenAddress as `0x${string}`,
        abi: tokenAbi,
        functionName: 'balanceOf',
        args: [wallet as `0x${string}`],
      });
    },
    /** a holder's balance of a deployed token (18 decimals) in the database and on chain */
    async holderBalances(
      token: { id: string; contract_address: string },
      userId: string,
    ): Promise<{ database: bigint; chain: bigint }> {
      const row = await test.db
        .selectFrom('wallets')
        .innerJoin('users', 'users.id', 'wallets.user_id')
        .select(['wallets.balance', 'users.wallet_address'])
        .where('wallets.user_id', '=', userId)
        .where('wallets.token_id', '=', token.id)
        .executeTakeFirstOrThrow();
      return {
        database: BigInt(row.balance) * 10n ** 18n,
        chain: await system.chainBalance(token.contract_address, row.wallet_address!),
      };
    },
    async chainPaused(tokenAddress: string): Promise<boolean> {
      return publicClient.readContract({
        address: tokenAddress as `0x${string}`,
        abi: tokenAbi,
        functionName: 'paused',
      });
    },
    async stopChain(): Promise<void> {
      await chainProcess?.stop();
      chainProcess = undefined;
    },
    async startChainAgain(): Promise<void> {
      chainProcess = await startChain(config, logger);
    },
    async close(): Promise<void> {
      await app.close();
      await chainProcess?.stop();
      await rpcProxy?.stop();
      await test.drop();
      await anvil.stop();
      if (options.webDir) await fs.rm(options.webDir, { recursive: true, force: true });
    },
  };
  return system;
}

export type IssuanceSystem = Awaited<ReturnType<typeof startIssuanceSystem>>;

/** An answer as `<status> <code>`, e.g. `409 TOKEN_STATE_CONFLICT`. */
export async function statusAndCode(
  response: Promise<{ statusCode: number; json: () => any }>,
): Promise<string> {
  const r = await response;
  return `${r.statusCode} ${r.json().code}`;
}
