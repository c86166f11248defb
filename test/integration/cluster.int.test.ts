/**
 * Two trading node processes, one PostgreSQL, a real NATS: orders sent to either node, then the
 * owner killed (SIGKILL) mid-load: its books move to the other node within the lease period and
 * every acknowledged order is in the database exactly once, money conserved, the book equal to
 * the database. Then the new owner stopped (SIGSTOP) past its lease and resumed (SIGCONT): the
 * book moved meanwhile, and it rejoins (the balancer may hand the book back, at a new epoch).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/lib/embedded/ports.js';
import { Exact } from '../../src/lib/money.js';
import { testEnv } from '../support/config.js';
import { testNatsUrl } from '../support/nats.js';
import { totalFiat } from '../support/trading-checks.js';
import { startTestTrading, type TestTrading, type Trader } from '../support/trading.js';

const natsUrl = await testNatsUrl();
const leaseMs = 2_000;
/** what a loaded 2-core CI machine may add to the lease's timers (a renewal turn, scheduling) */
const slackMs = 2_000;

describe.skipIf(!natsUrl)('trading nodes as processes', () => {
  let sys: TestTrading;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    sys = await startTestTrading();
  });
  afterAll(async () => {
    for (const child of children) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    }
    await sys.close();
  });

  async function node(name: string): Promise<{ proc: ChildProcess; url: string }> {
    const port = await freePort();
    const proc = spawn(process.execPath, ['bin/tessera.js', 'trading'], {
      env: {
        ...process.env,
        ...testEnv({
          DATABASE_URL: sys.databaseUrl,
          TRADING_PORT: String(port),
          NATS_URL: natsUrl!,
          TRADING_NODE_ID: `${name}-${process.pid}`,
          BOOK_LEASE_MS: String(leaseMs),
        }),
      },
      stdio: 'ignore',
    });
    children.push(proc);
    const url = `http://127.0.0.1:${port}`;
    for (;;) {
      try {
        if ((await fetch(`${url}/readyz`)).ok) return { proc, url };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function place(url: string, trader: Trader, tokenId: string, n: number) {
    const response = await fetch(`${url}/api/v1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${trader.token}` },
      body: JSON.stringify({
        token_id: tokenId,
        side: n % 2 === 0 ? 'buy' : 'sell',
        order_type: 'limit',
        quantity: 1 + (n % 5),
        price: (9.9 + (n % 3) / 10).toFixed(2),
        client_order_id: `cluster-${n}`,
      }),
    });
    const body = (await response.json()) as { order?: { id: string }; code?: string };
    return { status: response.status, id: body.order?.id, code: body.code };
  }

  async function owner(tokenId: string): Promise<{ owner_node: string | null; epoch: number }> {
    return sys.db
      .selectFrom('book_leases')
      .select(['owner_node', 'epoch'])
      .where('token_id', '=', tokenId)
      .executeTakeFirstOrThrow();
  }

  it('moves the books of a killed owner within the lease, fences a paused one', async () => {
    const token = await sys.token();
    const traders = await Promise.all([1, 2, 3, 4].map(() => sys.funded(token.id)));
    const fiat = await totalFiat(sys.db);
    const [a, b] = await Promise.all([node('proc-a'), node('proc-b')]);
    const acknowledged: string[] = [];
    let n = 0;
    const send = async (url: string) => {
      const answer = await place(url, traders[n % traders.length]!, token.id, n++);
      if (answer.status === 200) acknowledged.push(answer.id!);
      return answer;
    };
    /** As a client honouring Retry-After: a 503 while a book changes hands is sent again. */
    const accepted = async (url: string) => {
      const deadline = Date.now() + 4 * leaseMs + slackMs;
      let answer = await send(url);
      while (answer.status === 503 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await send(url);
      }
      return answer;
    };
    for (let i = 0; i < 20; i++) expect((await accepted(i % 2 ? a.url : b.url)).status).toBe(200);

    // the owner is killed mid-load: the survivor takes the book within the lease period
    const first = await owner(token.id);
    const [dead, alive] = first.owner_node!.startsWith('proc-a') ? [a, b] : [b, a];
    const load = Promise.all([0, 1, 2, 3, 4].map(() => send(alive.url)));
    dead.proc.kill('SIGKILL');
    const killedAt = Date.now();
    while ((await owner(token.id)).owner_node === first.owner_node) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(Date.now() - killedAt).toBeLessThan(leaseMs + slackMs);
    const second = await owner(token.id);
    expect(second.epoch).toBeGreaterThan(first.epoch);
    // those forwarded to the owner as it died go unanswered: 503, perhaps run, never twice
    for (const { status } of await load) expect([200, 503]).toContain(status);
    expect((await accepted(alive.url)).status).toBe(200);

    // a third node joins; the owner pauses past its lease and the book moves to the joiner
    const c = await node('proc-c');
    alive.proc.kill('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 2 * leaseMs));
    let answer = await send(c.url);
    while (answer.status !== 200) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await send(c.url);
    }
    const third = await owner(token.id);
    expect(third.owner_node).toMatch(/^proc-c/);
    // resumed, the former owner finds its lease gone (the fence refuses what it had planned)
    // and rejoins; the book's epoch never goes back
    alive.proc.kill('SIGCONT');
    await new Promise((resolve) => setTimeout(resolve, leaseMs));
    expect((await owner(token.id)).epoch).toBeGreaterThanOrEqual(third.epoch);

    // every acknowledged order exactly once, money conserved
    const { rows } = await sql<{ id: string }>`
      select id from orders where token_id = ${token.id}`.execute(sys.db);
    const stored = new Set(rows.map((row) => row.id));
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    for (const id of acknowledged) expect(stored.has(id)).toBe(true);
    const locked = await sql<{ sum: string | null }>`
      select sum(locked_fiat) as sum from orders`.execute(sys.db);
    expect(new Exact(await totalFiat(sys.db)).plus(locked.rows[0]!.sum ?? 0).toFixed(2)).toBe(fiat);
  }, 90_000);
});
