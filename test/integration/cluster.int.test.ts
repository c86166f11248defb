/**
 * Three trading node processes, one PostgreSQL and a nats-server of the test's own (the shared one
 * is never touched): a seeded workload of orders and cancels from many traders over several books,
 * each sent to a random node, as through a load balancer: a 503 is sent again after its
 * Retry-After and a cut connection at once, to any node in rotation, with the same
 * client_order_id. Under that load a node is killed (SIGKILL), then another killed and restarted
 * under its id, each while a client sends to the survivors at a steady rate on one of its books
 * (no request waits longer than the lease plus 1 s, and the book answers again within that), a
 * node joins, a node pauses past its lease (SIGSTOP, SIGCONT), NATS crashes and restarts, and a
 * node drains (SIGTERM). After each,
 * every command was answered 2xx or a business refusal, every acknowledged order is in the
 * database exactly once, money and tokens are conserved, every lock is what the live orders
 * imply, and each book equals the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/lib/embedded/ports.js';
import { Exact } from '../../src/lib/money.js';
import { Prng } from '../../src/trading/engine/testing/seeded-random.js';
import { testEnv } from '../support/config.js';
import { startNatsServer } from '../support/nats.js';
import { bookFromDatabase, totalFiat } from '../support/trading-checks.js';
import { startTestTrading, type TestTrading, type Trader } from '../support/trading.js';

const nats = await startNatsServer();
const leaseMs = 2_000;
/** what a loaded 2-core CI machine may add to the lease's timers (a renewal turn, scheduling) */
const slackMs = 2_000;
/**
 * what it may add to a client's wait (its way to the node and back): the waits measured on a
 * 2-core machine at load 10 stayed under 2.4 s against the bound's 3 s
 */
const clientSlackMs = 1_000;
const TOKENS = 6;
const TRADERS = 24;
const CONCURRENCY = 12;
const ORDERS = 150;
const HOLDING = 100_000;
/** how long a client goes on sending a command again */
const retryWindowMs = 30_000;

interface Node {
  id: string;
  proc: ChildProcess;
  url: string;
  /** the load balancer's keep-alive connections to the node, closed when it leaves rotation */
  agent: http.Agent;
  /** what it logged at warn and above */
  log: string[];
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { order?: { id: string }; code?: string; bids?: unknown; asks?: unknown };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON call to a node over its load balancer's connections. */
function call(node: Node, method: string, path: string, token?: string, body?: object) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      `${node.url}${path}`,
      {
        method,
        agent: node.agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            retryAfter: response.headers['retry-after'],
            body: JSON.parse(text) as Answer['body'],
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

describe.skipIf(!nats)('three trading nodes under faults', () => {
  let sys: TestTrading;
  const children: Node[] = [];
  /** the nodes the load balancer sends to */
  let rotation: Node[] = [];
  const tokens: string[] = [];
  const traders: Trader[] = [];
  let staffToken: string;
  let fiat: string;
  const random = new Prng(27);
  /** client_order_id -> the order id its 200 answered */
  const acknowledged = new Map<string, string>();
  const live: { id: string; trader: Trader }[] = [];
  let sent = 0;
  /** the final answers of the current load, by status and code */
  let finals = new Map<string, number>();

  beforeAll(async () => {
    sys = await startTestTrading();
    for (let i = 0; i < TOKENS; i++) tokens.push((await sys.token()).id);
    for (let i = 0; i < TRADERS; i++) {
      const trader = await sys.funded(tokens[0]!, '1000000.00', HOLDING);
      for (const token of tokens.slice(1)) await sys.giveTokens(trader.id, token, HOLDING);
      traders.push(trader);
    }
    staffToken = (await sys.user('staff')).token;
    fiat = await totalFiat(sys.db);
    rotation = await Promise.all(['a', 'b', 'c'].map(node));
  });
  afterAll(async () => {
    for (const child of children) {
      child.agent.destroy();
      child.proc.kill('SIGCONT');
      child.proc.kill('SIGKILL');
    }
    await nats?.kill();
    await sys.close();
  });

  async function node(name: string): Promise<Node> {
    const port = await freePort();
    const id = `proc-${name}-${process.pid}`;
    const proc = spawn(process.execPath, ['bin/tessera.js', 'trading'], {
      env: {
        ...process.env,
        ...testEnv({
          DATABASE_URL: sys.databaseUrl,
          TRADING_PORT: String(port),
          NATS_URL: nats!.url,
          TRADING_NODE_ID: id,
          BOOK_LEASE_MS: String(leaseMs),
          LOG_LEVEL: 'warn',
        }),
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const url = `http://127.0.0.1:${port}`;
    const log: string[] = [];
    proc.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const started = { id, proc, url, agent: new http.Agent({ keepAlive: true }), log };
    children.push(started);
    for (;;) {
      try {
        if ((await fetch(`${url}/readyz`)).ok) return started;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
  }

  /** One command as a client behind the load balancer sends it, until it has a final answer. */
  async function send(method: 'POST' | 'DELETE', path: string, trader: Trader, body?: object) {
    const deadline = Date.now() + retryWindowMs;
    for (;;) {
      let answer: Answer | undefined;
      let waitMs = 0;
      try {
        answer = await call(random.pick(rotation), method, path, trader.token, body);
        if (answer.status !== 503) return answer;
        waitMs = Number(answer.retryAfter ?? 0.1) * 1000;
      } catch {
        // the connection was refused or cut (a node went away): sent again at once
      }
      if (Date.now() + waitMs > deadline)
        return answer ?? { status: 0, retryAfter: undefined, body: {} };
      await sleep(waitMs);
    }
  }

  /** The seeded workload: places (limit and market) on random books, and cancels. */
  async function command(): Promise<void> {
    const n = sent++;
    const trader = random.pick(traders);
    const roll = random.int(0, 99);
    let answer: Answer;
    if (roll < 10 && live.length > 0) {
      const target = live.splice(random.int(0, live.length - 1), 1)[0]!;
      answer = await send('DELETE', `/api/v1/orders/${target.id}`, target.trader);
    } else {
      const market = roll < 20;
      const clientOrderId = `load-${n}`;
      answer = await send('POST', '/api/v1/orders', trader, {
        token_id: random.pick(tokens),
        side: random.chance(0.5) ? 'buy' : 'sell',
        order_type: market ? 'market' : 'limit',
        quantity: random.int(1, 5),
        ...(market ? {} : { price: (9.5 + random.int(0, 99) / 100).toFixed(2) }),
        client_order_id: clientOrderId,
      });
      if (answer.status === 200) {
        acknowledged.set(clientOrderId, answer.body.order!.id);
        live.push({ id: answer.body.order!.id, trader });
      }
    }
    const final = `${answer.status} ${answer.body.code ?? ''}`.trim();
    finals.set(final, (finals.get(final) ?? 0) + 1);
  }

  /** `count` commands from CONCURRENCY clients at once. */
  async function load(count: number): Promise<void> {
    const end = sent + count;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (sent < end) await command();
      }),
    );
  }

  async function whenSent(n: number): Promise<void> {
    while (sent < n) await sleep(10);
  }

  /** Books leased (unexpired) to each node. */
  async function owners(): Promise<Map<string, number>> {
    const { rows } = await sql<{ owner_node: string; n: number }>`
      select owner_node, count(*)::int as n from book_leases
      where owner_node is not null and expires_at > now() and token_id = any(${tokens}::uuid[])
      group by owner_node`.execute(sys.db);
    return new Map(rows.map((row) => [row.owner_node, row.n]));
  }

  /** Waits until each node of the rotation holds its even share of the books. */
  async function balanced(): Promise<void> {
    const share = TOKENS / rotation.length;
    const deadline = Date.now() + 3 * leaseMs + slackMs;
    let held = await owners();
    while (rotation.some((node) => held.get(node.id) !== share)) {
      if (Date.now() > deadline) {
        expect(Object.fromEntries(held)).toEqual(
          Object.fromEntries(rotation.map((node) => [node.id, share])),
        );
      }
      await sleep(100);
      held = await owners();
    }
  }

  /** What must hold after every load, whatever happened during it. */
  async function expectConsistent(): Promise<void> {
    // every command answered 2xx or a business refusal: none 5xx after retries, none unanswered
    const answers = [...finals];
    finals = new Map();
    const status = (final: string) => Number(final.split(' ')[0]);
    expect(answers.filter(([final]) => status(final) < 200 || status(final) >= 500)).toEqual([]);
    expect(answers.find(([final]) => final === '200')?.[1] ?? 0).toBeGreaterThan(ORDERS / 2);

    // every acknowledged order exactly once; no client_order_id placed twice
    const { rows } = await sql<{ client_order_id: string; ids: string[] }>`
      select client_order_id, array_agg(id::text) as ids from orders
      where client_order_id like 'load-%' group by client_order_id`.execute(sys.db);
    const stored = new Map(rows.map((row) => [row.client_order_id, row.ids]));
    for (const ids of stored.values()) expect(ids).toHaveLength(1);
    for (const [clientOrderId, id] of acknowledged) {
      expect(stored.get(clientOrderId)).toEqual([id]);
    }

    // money: balances plus what live orders lock is what was deposited
    const locked = await sql<{ sum: string | null }>`
      select sum(locked_fiat) as sum from orders`.execute(sys.db);
    expect(new Exact(await totalFiat(sys.db)).plus(locked.rows[0]!.sum ?? 0).toFixed(2)).toBe(fiat);
    const badLocks = await sql<{ n: number }>`
      select count(*)::int as n from orders where
        (status in ('open', 'partially_filled') and side = 'buy' and order_type = 'limit'
          and locked_fiat <> price * remaining_quantity)
        or (status not in ('open', 'partially_filled', 'pending_stop') and locked_fiat <> 0)`.execute(
      sys.db,
    );
    expect(badLocks.rows[0]!.n).toBe(0);

    // tokens: totals unchanged; each wallet's lock is its live sells
    const wallets = await sql<{ total: string; bad: number }>`
      select sum(w.balance) as total, count(*) filter (where w.locked_balance <>
        (select coalesce(sum(remaining_quantity), 0) from orders o where o.user_id = w.user_id
          and o.token_id = w.token_id and o.side = 'sell'
          and o.status in ('open', 'partially_filled', 'pending_stop')))::int as bad
      from wallets w where w.token_id = any(${tokens}::uuid[])`.execute(sys.db);
    expect(Number(wallets.rows[0]!.total)).toBe(TOKENS * TRADERS * HOLDING);
    expect(wallets.rows[0]!.bad).toBe(0);

    // each book, read through a random node (forwarded to its owner), equals the database
    for (const token of tokens) {
      let book = await call(random.pick(rotation), 'GET', `/api/v1/orderbook/${token}?depth=500`);
      while (book.status === 503) {
        await sleep(100);
        book = await call(random.pick(rotation), 'GET', `/api/v1/orderbook/${token}?depth=500`);
      }
      expect(book.status).toBe(200);
      expect({ bids: book.body.bids, asks: book.body.asks }).toEqual(
        await bookFromDatabase(sys.db, token),
      );
    }
  }

  it('three nodes share the books and the load, as staff see them', async () => {
    await load(ORDERS);
    await balanced();
    const view = await fetch(`${rotation[0]!.url}/api/v1/admin/cluster`, {
      headers: { authorization: `Bearer ${staffToken}` },
    });
    const cluster = (await view.json()) as {
      nodes: { id: string; state: string; books: number }[];
    };
    expect(cluster.nodes.filter((n) => rotation.some((r) => r.id === n.id))).toEqual(
      rotation.map((r) => expect.objectContaining({ id: r.id, state: 'live', books: 2 })),
    );
    await expectConsistent();
  }, 60_000);

  /**
   * A client sending an order on `tokenId` every 50 ms to the nodes of the rotation in turn,
   * whatever the answers (open loop), until stopped: each answer with when it was sent and came.
   */
  function steadyClient(tokenId: string, trader: Trader) {
    const answers: { sentAt: number; at: number; status: number; id?: string }[] = [];
    const inFlight: Promise<void>[] = [];
    let n = 0;
    const timer = setInterval(() => {
      const sentAt = Date.now();
      const body = { token_id: tokenId, side: 'buy', order_type: 'limit', quantity: 1 };
      inFlight.push(
        call(rotation[n++ % rotation.length]!, 'POST', '/api/v1/orders', trader.token, {
          ...body,
          price: '9.00',
          client_order_id: `steady-${tokenId}-${n}`,
        }).then(
          (answer) => {
            answers.push({
              sentAt,
              at: Date.now(),
              status: answer.status,
              id: answer.body.order?.id,
            });
          },
          () => {
            answers.push({ sentAt, at: Date.now(), status: 0 });
          },
        ),
      );
    }, 50);
    return {
      answers,
      async stop() {
        clearInterval(timer);
        await Promise.all(inFlight);
      },
    };
  }

  /**
   * Kills the first node of the rotation (SIGKILL) under the seeded load while a client sends to
   * the survivors at a steady rate on one of its books: no request of that client waits longer
   * than the lease plus 1 s, the first order acknowledged on the book after the kill comes within
   * that, and every order acknowledged is in the database. `restart`: the node comes back under
   * its id at once, as a launcher restarts it.
   */
  async function killUnderSteadyClient(restart: boolean) {
    const [dead] = rotation;
    const name = dead!.id.split('-')[1]!;
    const books = await sql<{ token_id: string }>`
      select token_id from book_leases where owner_node = ${dead!.id}
        and expires_at > now()`.execute(sys.db);
    const orphaned = books.rows.map((row) => row.token_id);
    expect(orphaned.length).toBeGreaterThan(0);
    const running = load(ORDERS);
    await whenSent(sent + 40);
    rotation = rotation.slice(1);
    const client = steadyClient(orphaned[0]!, traders[0]!);
    await sleep(300);
    dead!.proc.kill('SIGKILL');
    const killedAt = Date.now();
    const back = restart ? node(name) : undefined;
    const acked = () => client.answers.filter((a) => a.status === 200 && a.sentAt >= killedAt);
    while (acked().length === 0 && Date.now() - killedAt < retryWindowMs) await sleep(20);
    await sleep(300);
    await client.stop();
    if (back) rotation = [...rotation, await back];

    const waits = client.answers.map((answer) => answer.at - answer.sentAt);
    expect(Math.max(...waits)).toBeLessThan(leaseMs + 1_000 + clientSlackMs);
    const firstAck = Math.min(...acked().map((answer) => answer.at));
    expect(firstAck - killedAt).toBeLessThan(leaseMs + 1_000 + clientSlackMs);
    // answered all: acknowledged, or 503 (the forwards the dead node took: "may have run")
    expect(client.answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const ids = client.answers.flatMap((answer) => (answer.id ? [answer.id] : []));
    const stored = await sql<{ n: number }>`
      select count(*)::int as n from orders where id = any(${ids}::uuid[])`.execute(sys.db);
    expect(stored.rows[0]!.n).toBe(ids.length);
    return { dead: dead!, orphaned, killedAt, running };
  }

  it("moves a killed node's books to the others within the lease; a steady client waits no longer than the lease plus 1 s", async () => {
    const { dead, orphaned, killedAt, running } = await killUnderSteadyClient(false);
    const taken = async () =>
      (
        await sql<{ n: number }>`
          select count(*)::int as n from book_leases
          where token_id = any(${orphaned}::uuid[]) and owner_node <> ${dead.id}
            and expires_at > now()`.execute(sys.db)
      ).rows[0]!.n;
    while ((await taken()) < orphaned.length) await sleep(20);
    expect(Date.now() - killedAt).toBeLessThan(leaseMs + slackMs);
    // a survivor said so, naming the node gone and how many books each survivor got
    const said = () =>
      rotation
        .flatMap((survivor) => survivor.log.join('').split('\n'))
        .filter((line) => line.includes('books of trading nodes gone given out'))
        .map((line) => JSON.parse(line) as { gone: string[]; given: Record<string, number> });
    await expect.poll(() => said().map((entry) => entry.gone)).toContainEqual([dead.id]);
    const given = said().flatMap((entry) => Object.values(entry.given));
    expect(given.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    expect(given.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(orphaned.length);
    await running;
    await expectConsistent();
  }, 90_000);

  it("serves a killed and restarted node's books again within the lease plus 1 s", async () => {
    await (
      await killUnderSteadyClient(true)
    ).running;
    await balanced();
    await expectConsistent();
  }, 90_000);

  it('gives a node joining under load its share', async () => {
    const running = load(ORDERS);
    await whenSent(sent + 30);
    const joiner = await node('d');
    rotation = [...rotation, joiner];
    await running;
    await balanced();
    await expectConsistent();
  }, 90_000);

  it('fences a node paused past its lease; it rejoins when resumed', async () => {
    const [paused] = rotation;
    const before = await sql<{ token_id: string; epoch: number }>`
      select token_id, epoch from book_leases where owner_node = ${paused!.id}`.execute(sys.db);
    rotation = rotation.slice(1);
    paused!.proc.kill('SIGSTOP');
    await load(ORDERS);
    const after = await sql<{ token_id: string; epoch: number; owner_node: string }>`
      select token_id, epoch, owner_node from book_leases
      where token_id = any(${before.rows.map((row) => row.token_id)}::uuid[])`.execute(sys.db);
    for (const lease of after.rows) {
      expect(lease.owner_node).not.toBe(paused!.id);
      const was = before.rows.find((row) => row.token_id === lease.token_id)!;
      expect(lease.epoch).toBeGreaterThan(was.epoch);
    }
    paused!.proc.kill('SIGCONT');
    rotation = [...rotation, paused!];
    await balanced();
    await expectConsistent();
  }, 90_000);

  it('goes on after NATS crashes and restarts mid-load, nothing lost or doubled', async () => {
    const running = load(ORDERS);
    await whenSent(sent + 40);
    await nats!.kill();
    await sleep(500);
    await nats!.start();
    const ackedBefore = acknowledged.size;
    await running;
    expect(acknowledged.size).toBeGreaterThan(ackedBefore);
    await expectConsistent();
    // forwarding works again: a book another node owns, read through each node
    for (const via of rotation) {
      expect((await call(via, 'GET', `/api/v1/orderbook/${tokens[0]}`)).status).toBe(200);
    }
  }, 90_000);

  it('refuses no order while a node drains with SIGTERM under load', async () => {
    const [leaving] = rotation;
    const running = load(ORDERS);
    await whenSent(sent + 40);
    // the load balancer takes it out of rotation as it is told to stop
    rotation = rotation.slice(1);
    const exited = new Promise<number | null>((resolve) => leaving!.proc.once('exit', resolve));
    leaving!.proc.kill('SIGTERM');
    await running;
    // and closes its idle connections: the node exits once none is left
    leaving!.agent.destroy();
    expect(await exited).toBe(0);
    const row = await sys.db
      .selectFrom('trading_nodes')
      .select('id')
      .where('id', '=', leaving!.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await owners()).has(leaving!.id)).toBe(false);
    await expectConsistent();
  }, 90_000);
});
