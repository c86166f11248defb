/**
 * kill -9 of the trading process under load: every order it acknowledged (answered 200) is in the
 * database exactly once, every trade it answered exactly once, money is conserved, and the book
 * the restarted process rebuilds equals the open orders in the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/lib/embedded/ports.js';
import { Exact } from '../../src/lib/money.js';
import { testEnv } from '../support/config.js';
import { bookFromDatabase, totalFiat } from '../support/trading-checks.js';
import { startTestTrading, type TestTrading, type Trader } from '../support/trading.js';

let sys: TestTrading;
let child: ChildProcess | undefined;

beforeAll(async () => {
  sys = await startTestTrading();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await sys.close();
});

async function startProcess(port: number): Promise<ChildProcess> {
  const url = sys.databaseUrl;
  const proc = spawn(process.execPath, ['bin/tessera.js', 'trading'], {
    env: { ...process.env, ...testEnv({ DATABASE_URL: url, TRADING_PORT: String(port) }) },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('crash', () => {
  it('loses no acknowledged order or trade to SIGKILL', { timeout: 300_000 }, async () => {
    const { id: tokenId } = await sys.token({ circuit_breaker_pct: '90' });
    const traders: Trader[] = [];
    for (let i = 0; i < 20; i++) {
      const trader = await sys.user('investor');
      await sys.deposit(trader.id, '50000.00');
      await sys.giveTokens(trader.id, tokenId, 10_000);
      traders.push(trader);
    }
    const fiatBefore = await totalFiat(sys.db);
    const port = await freePort();
    child = await startProcess(port);

    const acknowledged = new Set<string>();
    const answeredTrades = new Set<string>();
    let stop = false;
    let n = 0;
    async function load() {
      while (!stop) {
        const trader = traders[n++ % traders.length]!;
        const body = {
          token_id: tokenId,
          side: n % 2 === 0 ? 'buy' : 'sell',
          order_type: 'limit',
          quantity: 1 + (n % 7),
          price: (9.8 + (n % 40) / 100).toFixed(2),
        };
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/v1/orders`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${trader.token}`,
            },
            body: JSON.stringify(body),
          });
          if (response.status === 200) {
            const answer = (await response.json()) as {
              order: { id: string };
              trades: { id: string }[];
            };
            acknowledged.add(answer.order.id);
            for (const trade of answer.trades) answeredTrades.add(trade.id);
          }
        } catch {
          // the process is gone
        }
      }
    }
    const loaders = Array.from({ length: 20 }, load);
    while (acknowledged.size < 300) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    stop = true;
    await Promise.all(loaders);

    const ids = [...acknowledged];
    const found = await sys.db.selectFrom('orders').select('id').where('id', 'in', ids).execute();
    expect(found).toHaveLength(ids.length);
    const tradeIds = [...answeredTrades];
    if (tradeIds.length > 0) {
      const trades = await sys.db
        .selectFrom('trades')
        .select('id')
        .where('id', 'in', tradeIds)
        .execute();
      expect(trades).toHaveLength(tradeIds.length);
    }
    const locked = await sql<{
      sum: string | null;
    }>`select sum(locked_fiat) as sum from orders`.execute(sys.db);
    expect(new Exact(await totalFiat(sys.db)).plus(locked.rows[0]!.sum ?? 0).toFixed(2)).toBe(
      fiatBefore,
    );

    child = await startProcess(port);
    const book = (await (
      await fetch(`http://127.0.0.1:${port}/api/v1/orderbook/${tokenId}?depth=500`)
    ).json()) as {
      bids: unknown[];
      asks: unknown[];
    };
    expect({ bids: book.bids, asks: book.asks }).toEqual(await bookFromDatabase(sys.db, tokenId));
  });
});
