/**
 * Two trading nodes on one database and a real NATS: an order, amend or cancel sent to the node
 * that does not own the book is answered by the owner, exactly as the owner answers; the same
 * client_order_id sent to both nodes at once places once; an order on a fixed_price_otc token
 * becomes an OTC request on either node; a node joining, then draining, under a steady stream of
 * orders takes and hands back books without refusing any; a book whose owner does not answer is
 * refused 503 BOOK_UNAVAILABLE with Retry-After, changing nothing; a forward reaching both a node
 * that lost a book (paused past its lease) and the node that took it is answered by the latter.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, testNatsUrl, type OwnNatsServer } from '../../../test/support/nats.js';
import { totalFiat } from '../../../test/support/trading-checks.js';
import { clusterNode, startTestTrading, type TestTrading } from '../../../test/support/trading.js';
import type { TradingApp } from '../app.js';
import { connectBus, subjects } from './bus.js';

const natsUrl = await testNatsUrl();

/** Polls `check` every 20 ms until it answers something truthy or non-empty (at most `ms`). */
async function until<T>(check: () => T, ms = 3_000): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = check();
    if ((Array.isArray(value) ? value.length > 0 : value) || performance.now() > deadline) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!natsUrl)('order routing between trading nodes', () => {
  let sys: TestTrading;
  const nodes: TradingApp[] = [];

  beforeAll(async () => {
    sys = await startTestTrading();
    for (const name of ['route-a', 'route-b']) {
      nodes.push(await clusterNode(sys, natsUrl!, `${name}-${process.pid}`));
    }
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.app.close()));
    await sys.close();
  });

  const call = (
    node: TradingApp,
    method: 'POST' | 'DELETE' | 'PATCH',
    url: string,
    token: string,
    body?: object,
  ) =>
    node.app.inject({
      method,
      url,
      ...(body ? { payload: body } : {}),
      headers: { authorization: `Bearer ${token}` },
    });

  const order = (tokenId: string, extra: object = {}) => ({
    token_id: tokenId,
    side: 'buy',
    order_type: 'limit',
    quantity: 3,
    price: '10.00',
    ...extra,
  });

  it('answers through the owner whichever node a command reaches', async () => {
    const [a, b] = nodes as [TradingApp, TradingApp];
    const token = await sys.token();
    const buyer = await sys.funded(token.id);
    const first = await call(a, 'POST', '/api/v1/orders', buyer.token, order(token.id));
    expect(first.statusCode).toBe(200);
    expect(a.books.owns(token.id)).toBe(true);
    expect(b.books.owns(token.id)).toBe(false);

    const forwarded = await call(b, 'POST', '/api/v1/orders', buyer.token, order(token.id));
    expect(forwarded.statusCode).toBe(200);
    expect(forwarded.json().order).toMatchObject({ status: 'open', quantity: 3 });
    // a refusal comes back as the owner gave it
    const refused = await call(
      b,
      'POST',
      '/api/v1/orders',
      buyer.token,
      order(token.id, { quantity: 1e9 }),
    );
    const direct = await call(
      a,
      'POST',
      '/api/v1/orders',
      buyer.token,
      order(token.id, { quantity: 1e9 }),
    );
    expect(refused.statusCode).toBe(direct.statusCode);
    expect(refused.json().code).toBe(direct.json().code);

    const id = forwarded.json().order.id as string;
    const amended = await call(b, 'PATCH', `/api/v1/orders/${id}`, buyer.token, { quantity: 2 });
    expect(amended.statusCode).toBe(200);
    expect(amended.json().order.quantity).toBe(2);
    const cancelled = await call(b, 'DELETE', `/api/v1/orders/${id}`, buyer.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    // every answer came from the owner: the two places, the amend and the cancel
    const metrics = (await b.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/trading_requests_forwarded_total\{outcome="answered"[^}]*\} 4$/m);
  });

  it('places a client_order_id once when it reaches both nodes at once', async () => {
    const [a, b] = nodes as [TradingApp, TradingApp];
    const token = await sys.token();
    const buyer = await sys.funded(token.id);
    const body = order(token.id, { client_order_id: 'twice-sent' });
    const answers = await Promise.all(
      [a, b, a, b].map((node) => call(node, 'POST', '/api/v1/orders', buyer.token, body)),
    );
    // each answer's code beside its status: a failure prints what was refused and why
    expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual(
      Array(4).fill([200, undefined]),
    );
    expect(new Set(answers.map((answer) => answer.json().order.id)).size).toBe(1);
    const { rows } = await sql<{ n: number }>`
      select count(*)::integer as n from orders where token_id = ${token.id}`.execute(sys.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('makes an order on a fixed_price_otc token one OTC request, whichever node it reaches', async () => {
    const [a, b] = nodes as [TradingApp, TradingApp];
    const token = await sys.token({ trading_mode: 'fixed_price_otc', price_per_token: '10.00' });
    const buyer = await sys.funded(token.id);
    const answers = [
      await call(a, 'POST', '/api/v1/orders', buyer.token, order(token.id)),
      await call(b, 'POST', '/api/v1/orders', buyer.token, order(token.id)),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(201);
      expect(answer.json().otc_order).toMatchObject({
        status: 'pending',
        quantity: 3,
        locked_fiat: '30.00',
      });
    }
    const { rows } = await sql<{ otc: number; book: number }>`
      select (select count(*) from otc_orders where token_id = ${token.id})::integer as otc,
        (select count(*) from orders where token_id = ${token.id})::integer as book`.execute(
      sys.db,
    );
    expect(rows[0]).toEqual({ otc: 2, book: 0 });
  });

  it('takes books on a join and gives them back on a drain without refusing an order', async () => {
    const [a, b] = nodes as [TradingApp, TradingApp];
    const tokens = await Promise.all([1, 2, 3, 4, 5, 6].map(() => sys.token()));
    const buyers = await Promise.all(tokens.map((token) => sys.funded(token.id)));
    const ours = tokens.map((token) => token.id);
    // every book owned by the first two nodes before the third joins
    // (a book being taken as the request comes is a 503 with Retry-After: sent again, as a client would)
    for (const [i, token] of tokens.entries()) {
      let placed = await call(a, 'POST', '/api/v1/orders', buyers[i]!.token, order(token.id));
      for (let retries = 3; placed.statusCode === 503 && retries > 0; retries--) {
        expect(placed.headers['retry-after']).toBe('1');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        placed = await call(a, 'POST', '/api/v1/orders', buyers[i]!.token, order(token.id));
      }
      expect({ status: placed.statusCode, body: placed.json() }).toMatchObject({ status: 200 });
    }
    const acknowledged: string[] = [];
    const failed: string[] = [];
    let targets = [a, b];
    let streaming = true;
    const stream = async (worker: number) => {
      for (let n = worker; streaming; n += 1) {
        const i = n % tokens.length;
        const node = targets[n % targets.length]!;
        const answer = await call(node, 'POST', '/api/v1/orders', buyers[i]!.token, {
          ...order(tokens[i]!.id, { quantity: 1 }),
        });
        if (answer.statusCode === 200) acknowledged.push(answer.json().order.id as string);
        else if (answer.statusCode >= 500)
          failed.push(`${answer.statusCode} ${answer.json().code}`);
      }
    };
    const workers = Promise.all([0, 1, 2, 3].map(stream));

    // a third node joins (no request reaches it yet); the two older ones hand it its share, and
    // it takes each book as soon as it is told, well before its own renewal (a third of 5 s)
    const c = await clusterNode(sys, natsUrl!, `route-c-${process.pid}`);
    const atStart = c.books.tokenIds.length;
    await Promise.all([a.books.renewAndBalance(), b.books.renewAndBalance()]);
    const taken = await until(() => c.books.tokenIds.filter((id) => ours.includes(id)), 500);
    expect(taken.length).toBeGreaterThan(0);
    expect(c.books.tokenIds.length).toBeGreaterThan(atStart);
    targets = [a, b, c];
    // orders through every node for a while, counted rather than timed (a loaded machine is slow)
    const acknowledgedBy = async (count: number) => {
      const target = acknowledged.length + count;
      while (acknowledged.length < target && failed.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await acknowledgedBy(12);

    // SIGTERM: the newcomer hands every book back while orders keep coming to the others
    targets = [a, b];
    await c.app.close();
    await until(
      () => taken.filter((id) => a.books.owns(id) || b.books.owns(id)).length === taken.length,
    );
    await acknowledgedBy(12);
    streaming = false;
    await workers;

    expect(failed).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
    const { rows } = await sql<{ n: number }>`
      select count(*)::integer as n from orders where id = any(${acknowledged}::uuid[])`.execute(
      sys.db,
    );
    expect(rows[0]!.n).toBe(new Set(acknowledged).size);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
  });

  it('refuses a book whose owner does not answer: 503 BOOK_UNAVAILABLE, Retry-After, nothing changed', async () => {
    const [, b] = nodes as [TradingApp, TradingApp];
    const token = await sys.token();
    const buyer = await sys.funded(token.id);
    // a live node holds the lease but serves nothing (paused before it could subscribe)
    await sql`insert into book_leases (token_id, owner_node, epoch, expires_at)
      values (${token.id}, 'silent-node', 1, now() + interval '1 minute')`.execute(sys.db);
    const fiat = await totalFiat(sys.db);
    const refused = await call(b, 'POST', '/api/v1/orders', buyer.token, order(token.id));
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('BOOK_UNAVAILABLE');
    expect(refused.headers['retry-after']).toBe('1');
    expect(await totalFiat(sys.db)).toBe(fiat);
    const { rows } = await sql<{ n: number }>`
      select count(*)::integer as n from orders where token_id = ${token.id}`.execute(sys.db);
    expect(rows[0]!.n).toBe(0);
  });

  /**
   * An owner of a book on the bus that takes the book's first request and never answers it:
   * `die` closes its connection, and `restart` puts the node back under its id as another life.
   */
  async function silentOwner(tokenId: string, name: string) {
    const connectAs = async (life: string) => {
      const connection = await connectBus(natsUrl!, name);
      connection.subscribe(subjects.node(name), {
        callback: (_, msg) => {
          msg.respond(life);
        },
      });
      return connection;
    };
    const owner = await connectAs('first');
    const taken = owner.subscribe(subjects.commands(tokenId), { max: 1 });
    await owner.flush();
    // renewed while it lives, as an owner's lease is: on a loaded machine a lease left to run
    // out could pass to another node before the forward looks at it, which then waits for that one
    const renew = () =>
      sql`insert into book_leases (token_id, owner_node, epoch, expires_at)
      values (${tokenId}, ${name}, 1, now() + interval '1500 milliseconds')
      on conflict (token_id) do update set expires_at = excluded.expires_at
      where book_leases.owner_node = excluded.owner_node`.execute(sys.db);
    await renew();
    const renewing = setInterval(() => void renew().catch(() => undefined), 250);
    renewing.unref();
    return {
      async taken() {
        for await (const msg of taken) expect(msg.subject).toBe(subjects.commands(tokenId));
      },
      die: async () => {
        clearInterval(renewing);
        await owner.close();
      },
      async restart() {
        const again = await connectAs('second');
        await again.flush();
        return again;
      },
    };
  }

  for (const restarted of [false, true]) {
    it(`gives up a forward whose owner died with it${restarted ? ' (restarted under its id)' : ''}, then takes the book when the lease runs out`, async () => {
      const [a, b] = nodes as [TradingApp, TradingApp];
      const token = await sys.token();
      const buyer = await sys.funded(token.id);
      const name = `dying-${restarted}-${process.pid}`;
      const owner = await silentOwner(token.id, name);
      const budgetMs = b.books.leaseMs + 1_000;

      const sent = performance.now();
      const inFlight = call(b, 'POST', '/api/v1/orders', buyer.token, order(token.id));
      await owner.taken();
      await owner.die();
      // restarted under its id: back on the bus (as another life) before the forward is given up
      if (restarted) await new Promise((resolve) => setTimeout(resolve, 250));
      const back = restarted ? await owner.restart() : undefined;
      const lost = await inFlight;
      // not the bus's timeout: given up once the life it reached was gone from the bus
      expect(performance.now() - sent).toBeLessThan(budgetMs);
      // status and body in one assertion: a failure prints what was answered
      expect({ status: lost.statusCode, body: lost.json() }).toMatchObject({
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE' },
      });
      expect(lost.json().detail).toContain('may have run');
      expect(lost.headers['retry-after']).toBe('1');
      await back?.close();

      // the next request waits for the dead owner's lease to run out and this node takes the book
      const retried = performance.now();
      const placed = await call(b, 'POST', '/api/v1/orders', buyer.token, order(token.id));
      expect(performance.now() - retried).toBeLessThan(budgetMs);
      expect({ status: placed.statusCode, body: placed.json() }).toMatchObject({
        status: 200,
        body: { order: { status: 'open' } },
      });
      // held by this node, or by the other if its balancing looked first (or moved it since)
      const { rows } = await sql<{ owner: string }>`
        select owner_node as owner from book_leases where token_id = ${token.id}`.execute(sys.db);
      expect([a.books.node, b.books.node]).toContain(rows[0]?.owner);
    });
  }

  it('answers a forward from the node that took a book, not from the one still serving it', async () => {
    const [a, b] = nodes as [TradingApp, TradingApp];
    // a paused past its lease: b takes the book, and a serves it still until it renews. a's
    // renewal (every third of the lease, on its timer) between the two ends that: on a fresh book
    // the scenario is set again.
    const setUp = async () => {
      const token = await sys.token();
      const buyer = await sys.funded(token.id);
      const placed = await call(a, 'POST', '/api/v1/orders', buyer.token, order(token.id));
      expect(placed.statusCode).toBe(200);
      await sql`update book_leases set expires_at = now() - interval '1 second'
        where token_id = ${token.id}`.execute(sys.db);
      await b.books.load(token.id);
      return { token, buyer, owners: [a.books.owns(token.id), b.books.owns(token.id)] };
    };
    let scenario = await setUp();
    for (let tries = 1; tries < 3 && !scenario.owners[0]; tries++) scenario = await setUp();
    const { token, buyer } = scenario;
    expect(scenario.owners).toEqual([true, true]);

    // a forward reaches both: a's write is refused by its fence, b's commits; every answer given
    const bus = await connectBus(natsUrl!, `route-asker-${process.pid}`);
    try {
      const forward = { op: 'place', userId: buyer.id, body: order(token.id) };
      const replies = await bus.requestMany(subjects.commands(token.id), JSON.stringify(forward), {
        strategy: 'timer',
        maxWait: 1_500,
      });
      const answers: { ok: boolean; code?: string }[] = [];
      for await (const reply of replies) answers.push(reply.json());
      // a "nothing changed" from a, first, would have been taken for b's order
      expect(answers).toMatchObject([{ ok: true }]);
      const { rows } = await sql<{ n: number }>`
        select count(*)::integer as n from orders where token_id = ${token.id}`.execute(sys.db);
      expect(rows[0]!.n).toBe(2);
    } finally {
      await bus.close();
    }
  });
});

describe.skipIf(!natsUrl)('order routing without NATS', () => {
  let sys: TestTrading;
  let nats: OwnNatsServer;
  const nodes: TradingApp[] = [];

  beforeAll(async () => {
    sys = await startTestTrading();
    nats = (await startNatsServer())!;
    for (const name of ['cut-a', 'cut-b']) {
      nodes.push(await clusterNode(sys, nats.url, `${name}-${process.pid}`));
    }
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.app.close()));
    await nats.kill();
    await sys.close();
  });

  it('fails a forward at once while the bus is down; the owner serves its own book', async () => {
    const [a, b] = nodes as [TradingApp, TradingApp];
    const token = await sys.token();
    const buyer = await sys.funded(token.id);
    const place = (node: TradingApp) =>
      node.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        payload: {
          token_id: token.id,
          side: 'buy',
          order_type: 'limit',
          quantity: 1,
          price: '10.00',
        },
        headers: { authorization: `Bearer ${buyer.token}` },
      });
    expect((await place(a)).statusCode).toBe(200);
    expect(a.books.owns(token.id)).toBe(true);

    await nats.kill();
    const sent = performance.now();
    const cut = await place(b);
    // answered without waiting on the bus: well within the lease, nothing sent
    expect(performance.now() - sent).toBeLessThan(b.books.leaseMs);
    expect(cut.statusCode).toBe(503);
    expect(cut.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(cut.headers['retry-after']).toBe('1');
    expect((await place(a)).statusCode).toBe(200);

    // back on the bus, the forward is answered by the owner again
    await nats.start();
    let again = await place(b);
    for (let tries = 0; again.statusCode === 503 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await place(b);
    }
    expect(again.statusCode).toBe(200);
  });
});
