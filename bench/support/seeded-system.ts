/**
 * The set-up the trading and market data benchmarks share: `tessera start` on its embedded
 * defaults (free ports, a temporary data folder, as test/support/system.ts starts it), with
 * traders, live tokens, balances and wallets seeded into its database directly (the platform's
 * flows would deploy a contract per token first); what a benchmark measures is what comes after.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { AccessTokens } from '../../src/lib/auth/access-token.js';
import { createDb, type Db } from '../../src/lib/db/database.js';
import { newId } from '../../src/lib/ids.js';
import type { TradingPaths } from '../../src/sdk/index.js';
import type { BookCommand } from '../../src/trading/books/book-command.js';
import { insertToken } from '../../src/platform/portfolio/testing/token-fixture.js';
import { embeddedDatabaseUrl } from '../../test/support/e2e-flows.js';
import { benchSystemSettings } from './system-settings.js';
import {
  newDataDir,
  startSystem,
  systemEnv,
  systemPorts,
  type RunningSystem,
} from '../../test/support/system.js';

export interface Trader {
  id: string;
  token: string;
}

export interface SeededSystem {
  system: RunningSystem;
  env: Record<string, string>;
  /** the system's embedded database, for a benchmark that reads it while it runs */
  databaseUrl: string;
  tokens: string[];
  people: Trader[];
  /** stops the running system and starts it again with `extra` settings, same database */
  restart(extra: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

export async function startSeededSystem(options: {
  traders: number;
  tokens: number;
  env?: Record<string, string>;
}): Promise<SeededSystem> {
  const dataDir = await newDataDir();
  const ports = await systemPorts();
  const env = systemEnv(dataDir, ports, {
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ...options.env,
    ...benchSystemSettings(),
  });
  const seeded: SeededSystem = {
    system: await startSystem(env),
    env,
    databaseUrl: await embeddedDatabaseUrl(dataDir, ports.postgres),
    tokens: [],
    people: [],
    async restart(extra) {
      await seeded.system.stop();
      seeded.system = await startSystem({ ...env, ...extra });
    },
    async stop() {
      await seeded.system.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  try {
    const secrets = JSON.parse(
      await fs.readFile(path.join(dataDir, 'data', 'secrets.json'), 'utf8'),
    ) as { jwt_secret: string };
    const db = createDb(seeded.databaseUrl);
    try {
      Object.assign(seeded, await seed(db, secrets.jwt_secret, options.traders, options.tokens));
    } finally {
      await db.destroy();
    }
  } catch (error) {
    await seeded.stop();
    throw error;
  }
  return seeded;
}

/** Traders with money and `tokenCount` live tokens each, straight into the system's database. */
export async function seed(
  db: Db,
  jwtSecret: string,
  traders: number,
  tokenCount: number,
): Promise<{ tokens: string[]; people: Trader[] }> {
  const issuer = newId();
  const people: Trader[] = [];
  await db
    .insertInto('users')
    .values({
      id: issuer,
      email: `issuer-${issuer}@bench.example`,
      password_hash: null,
      role: 'issuer',
      full_name: 'Bench Issuer',
      email_verified_at: new Date(),
      kyc_status: 'approved',
      kyc_level: 2,
    })
    .execute();
  const tokens: string[] = [];
  for (let i = 0; i < tokenCount; i += 1) {
    tokens.push(await insertToken(db, issuer, `BT${i}`));
  }
  await db
    .updateTable('tokens')
    .set({ status: 'secondary', trading_mode: 'full_orderbook', total_supply: 1_000_000_000 })
    .where('id', 'in', tokens)
    .execute();
  const signer = new AccessTokens(jwtSecret, 3_600);
  for (let i = 0; i < traders; i += 1) {
    const id = newId();
    await db
      .insertInto('users')
      .values({
        id,
        email: `trader-${id}@bench.example`,
        password_hash: null,
        role: 'investor',
        account_type: 'individual',
        full_name: 'Bench Trader',
        email_verified_at: new Date(),
        kyc_status: 'approved',
        kyc_level: 2,
        accreditation_status: 'institutional',
        fatca_status: 'clear',
        wallet_address: `0x${id.replace(/-/g, '').padEnd(40, '0').slice(0, 40)}`,
      })
      .execute();
    // a session as a sign-in opens it: what a second factor's enrolment is recorded in
    const sessionId = newId();
    const now = new Date();
    await db
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: id,
        user_agent: 'bench',
        ip: '127.0.0.1',
        amr: ['pwd'],
        auth_time: now,
        last_seen_at: now,
      })
      .execute();
    people.push({ id, token: await signer.sign({ userId: id, role: 'investor', sessionId }) });
  }
  // Money as a deposit leaves it: the balance and its ledger row.
  await sql`
    with credited as (
      update users set fiat_balance = fiat_balance + 100000000 where email like 'trader-%@bench.example'
      returning id, fiat_balance
    )
    insert into fiat_ledger (id, user_id, kind, amount, balance_after, reference_type, reference_id)
    select gen_random_uuid(), id, 'deposit', 100000000, fiat_balance, 'bench', gen_random_uuid()
    from credited`.execute(db);
  await sql`
    insert into wallets (id, user_id, token_id, balance)
    select gen_random_uuid(), u.id, t.id, 10000000
    from users u cross join unnest(${tokens}::uuid[]) as t(id)
    where u.email like 'trader-%@bench.example'`.execute(db);
  return { tokens, people };
}

/** An order as `POST /api/v1/orders` takes it: the SDK's type, from the trading process's routes. */
export type OrderBody =
  TradingPaths['/api/v1/orders']['post']['requestBody']['content']['application/json'];

/** A limit order around 10.00 (about half of them cross), as the trading benchmarks place them. */
export function randomLimitOrder(
  tokenId: string,
): OrderBody & { order_type: 'limit'; quantity: number; price: string } {
  return {
    token_id: tokenId,
    side: Math.random() < 0.5 ? 'buy' : 'sell',
    order_type: 'limit',
    quantity: 1 + Math.floor(Math.random() * 10),
    price: ((995 + Math.floor(Math.random() * 11)) / 100).toFixed(2),
  };
}

/** A random limit order as the sequencer takes it, from one of `people`: the benches below HTTP. */
export function randomPlaceCommand(tokenId: string, people: readonly Trader[]): BookCommand {
  const order = randomLimitOrder(tokenId);
  return {
    kind: 'place',
    input: {
      userId: people[Math.floor(Math.random() * people.length)]!.id,
      side: order.side,
      orderType: 'limit',
      quantity: order.quantity,
      price: order.price,
      stopPrice: null,
      timeInForce: 'GTC',
      expiresAt: null,
      clientOrderId: null,
      requestHash: null,
      confirmFatFinger: false,
      confirmNavDeviation: false,
    },
  };
}
