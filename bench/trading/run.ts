/**
 * Trading benchmark: `tessera start` on its embedded defaults (free ports, a temporary data
 * folder, as test/support/system.ts starts it), driven over HTTP from this process by
 * BENCH_TRADING_TRADERS concurrent traders (default 200), each placing limit orders one after
 * another (the next when the last is answered) at prices around 10.00, so that about half trade.
 *
 * Three runs of BENCH_TRADING_ORDERS orders (default 10,000) each:
 * 1. one token: every trader on the same book (one writer, group commit);
 * 2. 100 tokens: each order on a token drawn at random;
 * 3. the same as 1 after a restart with TRADING_MAX_BATCH=1 (every order committed in a
 *    transaction of its own) on the same database.
 * Ends with: `trading: <A> orders/s one token (p99 <L> ms), <B> orders/s 100 tokens, <R>x
 * per-order commit`, R = A / (run 3's rate). Run with `npm run bench:trading`.
 *
 * The traders, tokens, balances and wallets are seeded into the system's database directly (the
 * platform's flows would deploy 100 contracts first); what is measured is order entry only.
 */
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { AccessTokens } from '../../src/lib/auth/access-token.js';
import { createDb, type Db } from '../../src/lib/db/database.js';
import { newId } from '../../src/lib/ids.js';
import { insertToken } from '../../src/platform/portfolio/token-fixture.js';
import { embeddedDatabaseUrl } from '../../test/support/e2e-flows.js';
import {
  newDataDir,
  startSystem,
  systemEnv,
  systemPorts,
  type RunningSystem,
} from '../../test/support/system.js';
import path from 'node:path';

const traders = Number(process.env.BENCH_TRADING_TRADERS ?? 200);
const ordersPerRun = Number(process.env.BENCH_TRADING_ORDERS ?? 10_000);
const tokenCount = 100;

interface Trader {
  id: string;
  token: string;
}

async function seed(db: Db, jwtSecret: string): Promise<{ tokens: string[]; people: Trader[] }> {
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
        kyc_status: 'approved',
        kyc_level: 2,
        accreditation_status: 'institutional',
        fatca_status: 'clear',
        wallet_address: `0x${id.replace(/-/g, '').padEnd(40, '0').slice(0, 40)}`,
      })
      .execute();
    people.push({
      id,
      token: await signer.sign({ userId: id, role: 'investor', sessionId: newId() }),
    });
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

interface RunResult {
  rate: number;
  p99: number;
}

/** `ordersPerRun` orders from `traders` concurrent loops; each order waits for the last. */
async function drive(url: string, people: Trader[], pickToken: () => string): Promise<RunResult> {
  let issued = 0;
  let failed = 0;
  const latencies: number[] = [];
  const loop = async (trader: Trader) => {
    while (issued < ordersPerRun) {
      issued += 1;
      const side = Math.random() < 0.5 ? 'buy' : 'sell';
      const cents = 995 + Math.floor(Math.random() * 11);
      const body = {
        token_id: pickToken(),
        side,
        order_type: 'limit',
        quantity: 1 + Math.floor(Math.random() * 10),
        price: (cents / 100).toFixed(2),
      };
      const started = performance.now();
      const response = await fetch(`${url}/api/v1/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${trader.token}` },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(people.map(loop));
  const seconds = (performance.now() - started) / 1000;
  if (failed > 0) throw new Error(`${failed} of ${ordersPerRun} orders were refused`);
  latencies.sort((a, b) => a - b);
  return {
    rate: ordersPerRun / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
  };
}

async function main(): Promise<void> {
  const dataDir = await newDataDir();
  const ports = await systemPorts();
  const env = systemEnv(dataDir, ports, { RATE_LIMIT_PER_MINUTE: '1000000000' });
  let system: RunningSystem = await startSystem(env);
  try {
    const secrets = JSON.parse(
      await fs.readFile(path.join(dataDir, 'data', 'secrets.json'), 'utf8'),
    ) as { jwt_secret: string };
    const db = createDb(await embeddedDatabaseUrl(dataDir, ports.postgres));
    const { tokens, people } = await seed(db, secrets.jwt_secret);
    await db.destroy();

    const one = await drive(system.urls.trading, people, () => tokens[0]!);
    console.log(`one token: ${one.rate.toFixed(0)} orders/s, p99 ${one.p99.toFixed(1)} ms`);
    const many = await drive(
      system.urls.trading,
      people,
      () => tokens[Math.floor(Math.random() * tokens.length)]!,
    );
    console.log(`100 tokens: ${many.rate.toFixed(0)} orders/s, p99 ${many.p99.toFixed(1)} ms`);

    await system.stop();
    system = await startSystem({ ...env, TRADING_MAX_BATCH: '1' });
    const single = await drive(system.urls.trading, people, () => tokens[0]!);
    console.log(
      `one token, TRADING_MAX_BATCH=1: ${single.rate.toFixed(0)} orders/s, p99 ${single.p99.toFixed(1)} ms`,
    );
    console.log(
      `trading: ${one.rate.toFixed(0)} orders/s one token (p99 ${one.p99.toFixed(0)} ms), ` +
        `${many.rate.toFixed(0)} orders/s 100 tokens, ${(one.rate / single.rate).toFixed(1)}x per-order commit`,
    );
  } finally {
    await system.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
