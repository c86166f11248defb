/**
 * The trading bench's load: the seeded traders, tokens and balances, and the traders' loops that
 * place orders over HTTP. The client is node:http with a keep-alive agent (one connection per
 * trader): it costs this process about half the CPU per request that fetch() does, and on a
 * 2-core machine the load generator's CPU is taken from the system it measures.
 */
import http from 'node:http';
import { sql } from 'kysely';
import { AccessTokens } from '../../src/lib/auth/access-token.js';
import type { Db } from '../../src/lib/db/database.js';
import { newId } from '../../src/lib/ids.js';
import { insertToken } from '../../src/platform/portfolio/token-fixture.js';

export const traders = Number(process.env.BENCH_TRADING_TRADERS ?? 200);
export const ordersPerRun = Number(process.env.BENCH_TRADING_ORDERS ?? 10_000);
const tokenCount = 100;

export interface Trader {
  id: string;
  token: string;
}

export async function seed(
  db: Db,
  jwtSecret: string,
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

export interface RunResult {
  rate: number;
  p99: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: traders });

/** One POST with a JSON body; resolves with the status once the whole answer is read. */
export function post(url: string, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** `ordersPerRun` orders from `traders` concurrent loops; each order waits for the last. */
export async function drive(
  url: string,
  people: Trader[],
  pickToken: () => string,
): Promise<RunResult> {
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
      const status = await post(`${url}/api/v1/orders`, trader.token, JSON.stringify(body));
      latencies.push(performance.now() - started);
      if (status !== 200) failed += 1;
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
