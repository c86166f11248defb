/**
 * kill -9 of the trading process while two pipelined batches are in flight: batch N's write held
 * in PostgreSQL (the test holds a lock its statement needs) and batch N+1 planned on top of it.
 * N's statement is cancelled after the kill (none committed) or let through while the process is
 * stopped (N committed, never answered), or N was answered and N+1's write is the one let through (both committed). Each
 * time every acknowledged order is in the database exactly once, money is conserved, and the
 * books the restarted process rebuilds equal the open orders in the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/lib/db/database.js';
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
  const proc = spawn(process.execPath, ['bin/tessera.js', 'trading'], {
    env: {
      ...process.env,
      ...testEnv({ DATABASE_URL: sys.databaseUrl, TRADING_PORT: String(port) }),
    },
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

async function kill(proc: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Holds a row lock on a token (FOR UPDATE), which a batch's write waits for, until released. */
async function lockToken(db: Db, tokenId: string): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const held = new Promise<void>((resolve) => (locked = resolve));
  const done = db.transaction().execute(async (trx) => {
    await sql`select id from tokens where id = ${tokenId} for update`.execute(trx);
    locked();
    await released;
  });
  await held;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

/** The backends of batch writes waiting for a lock. */
async function waitingWrites(): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where query like '%new_orders as (%' and wait_event_type = 'Lock'`.execute(sys.db);
  return rows.map((row) => row.pid);
}

async function inFlight(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/^trading_batches_in_flight(?:\{[^}]*\})? (\d+)$/m.exec(text)?.[1] ?? 0);
}

async function fiatWithLocks(): Promise<string> {
  const locked = await sql<{ sum: string | null }>`
    select sum(locked_fiat) as sum from orders`.execute(sys.db);
  return new Exact(await totalFiat(sys.db)).plus(locked.rows[0]!.sum ?? 0).toFixed(2);
}

async function storedOrders(clientOrderIds: string[]): Promise<string[]> {
  const rows = await sys.db
    .selectFrom('orders')
    .select('client_order_id')
    .where('client_order_id', 'in', clientOrderIds)
    .orderBy('client_order_id')
    .execute();
  return rows.map((row) => row.client_order_id!);
}

describe('crash with two pipelined batches in flight', () => {
  it(
    'keeps every acknowledged order exactly once, whichever of them committed',
    { timeout: 300_000 },
    async () => {
      const tokens = [
        (await sys.token({ circuit_breaker_pct: '90' })).id,
        (await sys.token({ circuit_breaker_pct: '90' })).id,
      ];
      const traders: Trader[] = [];
      for (let i = 0; i < 4; i++) {
        const trader = await sys.user('investor');
        await sys.deposit(trader.id, '50000.00');
        for (const token of tokens) await sys.giveTokens(trader.id, token, 1000);
        traders.push(trader);
      }
      const fiatBefore = await fiatWithLocks();
      const port = await freePort();
      const acknowledged: string[] = [];
      let n = 0;

      /** Sends an order; resolves with its client order id once acknowledged, or undefined. */
      async function order(tokenId: string): Promise<string | undefined> {
        n += 1;
        const clientOrderId = `pipe-${n}`;
        const trader = traders[n % traders.length]!;
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/v1/orders`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${trader.token}`,
            },
            body: JSON.stringify({
              token_id: tokenId,
              side: n % 2 === 0 ? 'buy' : 'sell',
              order_type: 'limit',
              quantity: 1 + (n % 5),
              price: (9.9 + (n % 3) / 10).toFixed(2),
              client_order_id: clientOrderId,
            }),
          });
          if (response.status !== 200) return undefined;
          const { order: placed } = (await response.json()) as { order: { id: string } };
          acknowledged.push(placed.id);
          return clientOrderId;
        } catch {
          return undefined; // the process is gone
        }
      }

      /** Holds N's write, plans N+1 on top of it, and kills the process. */
      async function twoInFlight(secondToken: string) {
        const lock = await lockToken(sys.db, tokens[0]!);
        const first = order(tokens[0]!);
        await until(async () => (await waitingWrites()).length === 1, 'N blocked');
        const second = order(secondToken);
        await until(async () => (await inFlight(port)) === 2, 'two in flight');
        return { lock, first, second, ids: [`pipe-${n - 1}`, `pipe-${n}`] };
      }

      // none committed: N's statement is cancelled after the kill
      child = await startProcess(port);
      for (let i = 0; i < 10; i++) await order(tokens[i % 2]!);
      const none = await twoInFlight(tokens[0]!);
      await kill(child);
      const [pid] = await waitingWrites();
      await sql`select pg_cancel_backend(${pid})`.execute(sys.db);
      await none.lock.release();
      expect([await none.first, await none.second]).toEqual([undefined, undefined]);
      expect(await storedOrders(none.ids)).toEqual([]);

      // one committed: the process is stopped while N's statement goes through, so N commits
      // unanswered, and killed before N+1 is written
      child = await startProcess(port);
      const one = await twoInFlight(tokens[0]!);
      child.kill('SIGSTOP');
      await one.lock.release();
      await until(async () => (await storedOrders(one.ids)).length === 1, 'N committed');
      await kill(child);
      expect([await one.first, await one.second]).toEqual([undefined, undefined]);
      expect(await storedOrders(one.ids)).toEqual([one.ids[0]]);

      // both committed: N is answered, then N+1's write (to the other token) is held, the
      // process stopped while the write goes through, so N+1 commits unanswered, and killed (a
      // write let through after the kill may or may not commit: PostgreSQL may read the client's
      // end before its Sync)
      child = await startProcess(port);
      const otherLock = await lockToken(sys.db, tokens[1]!);
      const both = await twoInFlight(tokens[1]!);
      await both.lock.release();
      expect(await both.first).toBe(both.ids[0]);
      await until(async () => (await waitingWrites()).length === 1, 'N+1 held');
      child.kill('SIGSTOP');
      await otherLock.release();
      await until(async () => (await storedOrders(both.ids)).length === 2, 'N+1 committed');
      await kill(child);
      expect(await both.second).toBeUndefined();
      expect(await storedOrders(both.ids)).toEqual(both.ids);

      const found = await sys.db
        .selectFrom('orders')
        .select('id')
        .where('id', 'in', acknowledged)
        .execute();
      expect(found).toHaveLength(acknowledged.length);
      expect(await fiatWithLocks()).toBe(fiatBefore);

      child = await startProcess(port);
      for (const token of tokens) {
        const book = (await (
          await fetch(`http://127.0.0.1:${port}/api/v1/orderbook/${token}?depth=500`)
        ).json()) as { bids: unknown[]; asks: unknown[] };
        expect({ bids: book.bids, asks: book.asks }).toEqual(await bookFromDatabase(sys.db, token));
      }
    },
  );
});
