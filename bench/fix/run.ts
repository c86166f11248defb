/**
 * FIX benchmark: `tessera start` (its fifth process is the FIX gateway) seeded as the trading
 * benchmark seeds it, then, in one run on the same load generator, the same orders two ways:
 * 1. over FIX: BENCH_FIX_SESSIONS jspurefix initiators (default 20), each a trader of its own
 *    with an API key (a second factor enrolled to create it) and an order-entry session, logged
 *    on one after another (a session not logged on within a minute ends the run, with what the
 *    gateway logged of its Logon), each sending NewOrderSingle one after another
 *    (the next once the last is acknowledged: the first ExecutionReport for its ClOrdID),
 *    BENCH_FIX_ORDERS in all (default 2,000);
 * 2. over REST: as many orders from as many concurrent loops of the same traders, each
 *    `POST /api/v1/orders` waiting for the last's answer.
 * Limit orders around 10.00 on 100 tokens (about half trade). Ends with `fix: <A> orders/s p50
 * <a> ms p99 <b> ms; rest: <B> orders/s p50 <c> ms p99 <d> ms; fix/rest: <A/B>x orders/s, <a/c>x
 * p50`. Run with `npm run bench:fix`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createDb } from '../../src/lib/db/database.js';
import { newId } from '../../src/lib/ids.js';
import { FixTestClient } from '../../test/support/fix-initiator.js';
import type { TestKey } from '../../test/support/api-keys.js';
import { enrolTotp, fetchSend } from '../../test/support/second-factor.js';
import { tessera } from '../../src/sdk/index.js';
import { startSeededSystem, randomLimitOrder, type Trader } from '../support/seeded-system.js';
import {
  ordersPath,
  postForAnswer,
  ratedRun,
  tokenCount,
  type RunResult,
} from '../trading/load.js';
import { describe, observe } from '../trading/observe.js';

const sessions = Number(process.env.BENCH_FIX_SESSIONS ?? 20);
const orders = Number(process.env.BENCH_FIX_ORDERS ?? 2000);

const ms = (value: number) => value.toFixed(1);
const line = (label: string, result: RunResult) =>
  `${label}: ${result.rate.toFixed(0)} orders/s p50 ${ms(result.p50)} ms p99 ${ms(result.p99)} ms`;

/**
 * An API key for the trader, made through the SDK: creating one takes a second factor, enrolled
 * first.
 */
async function createKey(urls: { platform: string; trading: string }, trader: Trader) {
  const { token } = await enrolTotp(fetchSend(urls.platform), trader.token);
  const api = tessera({
    platformUrl: urls.platform,
    tradingUrl: urls.trading,
    credentials: { accessToken: token },
  });
  const created = await api.platform.POST('/api/v1/me/api-keys', {
    body: { label: 'bench fix', scopes: ['read', 'trade'] },
  });
  if (!created.data) {
    throw new Error(
      `api key not created: ${created.response.status} ${JSON.stringify(created.error)}`,
    );
  }
  return created.data;
}

/** How long one session has to log on, its initiator's start included. */
const logonTimeoutMs = 60_000;

/**
 * Waits for the client's Logon to be answered; throws at once when the gateway ends the session
 * (a refused Logon), or after `logonTimeoutMs`, with what the gateway logged of it.
 */
async function logOn(client: FixTestClient, senderCompId: string, output: () => string) {
  try {
    await client.until(
      () => {
        if (client.stopped !== undefined) {
          throw new Error(`the session ended (${client.stopped?.message ?? 'logged out'})`);
        }
        return client.session;
      },
      'logon',
      logonTimeoutMs,
    );
  } catch (error) {
    const refusals = output()
      .split('\n')
      .filter((line) => line.includes('fix logon refused') && line.includes(`"${senderCompId}"`));
    throw new Error(
      `FIX session ${senderCompId} did not log on: ${(error as Error).message}` +
        (refusals.length > 0 ? `; the gateway logged: ${refusals.join(' ')}` : ''),
    );
  }
}

/** An order of `randomLimitOrder` as a NewOrderSingle on the token `BT<n>`. */
function newOrderSingle(clOrdId: string, symbol: string) {
  const order = randomLimitOrder('');
  return {
    ClOrdID: clOrdId,
    Instrument: { Symbol: symbol },
    Side: order.side === 'buy' ? '1' : '2',
    OrderQtyData: { OrderQty: order.quantity },
    OrdType: '2',
    Price: Number(order.price),
    TimeInForce: '1',
    TransactTime: new Date(),
  };
}

async function main(): Promise<void> {
  const seeded = await startSeededSystem({ traders: sessions, tokens: tokenCount });
  const clients: FixTestClient[] = [];
  try {
    const db = createDb(seeded.databaseUrl, 1);
    const keys: TestKey[] = [];
    try {
      for (const [i, trader] of seeded.people.entries()) {
        const key = await createKey(seeded.system.urls, trader);
        await db
          .insertInto('fix_sessions')
          .values({
            id: newId(),
            user_id: trader.id,
            api_key_id: key.id,
            sender_comp_id: `BENCH${i}`,
            target_comp_id: 'TESSERA',
            kind: 'order_entry',
            allowed_ips: [],
            created_by: trader.id,
          })
          .execute();
        keys.push(key);
      }
    } finally {
      await db.destroy();
    }
    // the gateway reloads the API keys each second: a Logon before that would be refused
    await sleep(1500);
    const loggingOn = performance.now();
    // one after another: each initiator first parses jspurefix's FIX 4.4 dictionary (about a
    // second of CPU), and twenty at once outlast any one Logon's deadline
    for (const [i, key] of keys.entries()) {
      const senderCompId = `BENCH${i}`;
      const client = new FixTestClient({ port: Number(seeded.env.FIX_PORT), senderCompId, key });
      clients.push(client);
      await logOn(client, senderCompId, seeded.system.output);
    }
    console.log(
      `fix: ${sessions} sessions logged on in ${((performance.now() - loggingOn) / 1000).toFixed(1)} s`,
    );

    // CPU per order by process around each run: the FIX clients are this process, as the REST
    // clients are (jspurefix's encoder and parser against node:http)
    const watchDb = createDb(seeded.databaseUrl, 1);
    const observed = async <T>(run: () => Promise<T>): Promise<[T, string]> => {
      const before = await observe(seeded.env, seeded.system.urls.trading, watchDb);
      const result = await run();
      const after = await observe(seeded.env, seeded.system.urls.trading, watchDb);
      return [result, describe(before, after, orders)];
    };

    const symbol = () => `BT${Math.floor(Math.random() * tokenCount)}`;
    let sent = 0;
    const [fix, fixCpu] = await observed(() =>
      ratedRun(orders, async (latencies) => {
        await Promise.all(
          clients.map(async (client, c) => {
            while (sent < orders) {
              sent += 1;
              const clOrdId = `b${c}-${sent}`;
              const from = client.received.length;
              const started = performance.now();
              await client.send('D', newOrderSingle(clOrdId, symbol()));
              const ack = await client.next('8', (m) => m.fields.get(11) === clOrdId, from);
              latencies.push(performance.now() - started);
              if (ack.fields.get(39) === '8') throw new Error(`refused: ${ack.fields.get(58)}`);
            }
          }),
        );
      }),
    );
    console.log(line('fix', fix));
    console.log(fixCpu);

    const tradingUrl = seeded.system.urls.trading + ordersPath;
    let posted = 0;
    const [rest, restCpu] = await observed(() =>
      ratedRun(orders, async (latencies) => {
        await Promise.all(
          seeded.people.map(async (trader) => {
            while (posted < orders) {
              posted += 1;
              const body = JSON.stringify(
                randomLimitOrder(seeded.tokens[Math.floor(Math.random() * tokenCount)]!),
              );
              const started = performance.now();
              const answer = await postForAnswer(tradingUrl, trader.token, body);
              latencies.push(performance.now() - started);
              if (answer.status !== 200)
                throw new Error(`refused: ${answer.status} ${answer.body}`);
            }
          }),
        );
      }),
    );
    console.log(line('rest', rest));
    console.log(restCpu);
    await watchDb.destroy();
    console.log(
      `${line('fix', fix)}; ${line('rest', rest)}; fix/rest: ${(fix.rate / rest.rate).toFixed(2)}x ` +
        `orders/s, ${(fix.p50 / rest.p50).toFixed(2)}x p50`,
    );
  } finally {
    await Promise.all(clients.map((client) => client.stop().catch(() => undefined)));
    await seeded.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
