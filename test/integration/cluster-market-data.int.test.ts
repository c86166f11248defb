/**
 * Market data across trading nodes, one PostgreSQL and a real NATS: two nodes as processes (one
 * owns the book) and a third, in this process, that owns nothing. Sockets on the third node
 * follow the book while orders run on its owner: their copy equals the owner's REST book and the
 * database, `seq` continuous, checksums right, with the trades and the ticker; a trader's
 * private channels there get their fills and balances; then the owner is killed (SIGKILL), the
 * other process takes the book, and the same sockets go on with continuous `seq` to the new
 * owner's book. A message past a skipped `seq` is not applied: the node rebuilds the book from
 * the database and goes on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { buildTradingApp, type TradingApp } from '../../src/trading/app.js';
import { connectBus, subjects } from '../../src/trading/cluster/bus.js';
import { Prng } from '../../src/trading/engine/testing/seeded-random.js';
import { bookChecksum, type WireLevel } from '../../src/trading/market-data/checksum.js';
import type { BookMessage } from '../../src/trading/market-data/feed-messages.js';
import { committedBook } from '../../src/trading/market-data/markets.queries.js';
import { fromTicks } from '../../src/trading/books/ticks.js';
import { testConfig } from '../support/config.js';
import { TestSocket, type LocalBook } from '../support/market-data.js';
import { testNatsUrl } from '../support/nats.js';
import { startTradingNode, type TradingNode } from '../support/trading-node.js';
import { startTestTrading, type TestTrading, type Trader } from '../support/trading.js';

const natsUrl = await testNatsUrl();
const leaseMs = 2_000;
const depth = 25;

describe.skipIf(!natsUrl)('market data on a node that owns no book', () => {
  let sys: TestTrading;
  let nodes: TradingNode[];
  let follower: TradingApp;
  let wsUrl: string;
  const sockets: TestSocket[] = [];
  /** one book for every test: a second one would give the follower a share after the failover */
  let token: { id: string };
  let traders: Trader[];

  beforeAll(async () => {
    sys = await startTestTrading();
    token = await sys.token();
    traders = await Promise.all([1, 2, 3].map(() => sys.funded(token.id)));
    nodes = await Promise.all(
      ['a', 'b'].map((name) =>
        startTradingNode({ databaseUrl: sys.databaseUrl, natsUrl: natsUrl!, name, leaseMs }),
      ),
    );
    // last in id order: the balancer gives it no share of a single book
    follower = await buildTradingApp({
      config: testConfig({
        DATABASE_URL: sys.databaseUrl,
        NATS_URL: natsUrl!,
        TRADING_NODE_ID: `z-${process.pid}`,
        BOOK_LEASE_MS: String(leaseMs),
      }),
      db: sys.db,
      logger: createLogger('test', 'silent'),
      clock: sys.clock,
      tickMs: 0,
      heartbeatMs: 0,
    });
    const address = await follower.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `${address.replace('http', 'ws')}/ws`;
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const node of nodes ?? []) node.proc.kill('SIGKILL');
    await follower?.app.close();
    await sys.close();
  });

  async function open(): Promise<TestSocket> {
    const socket = await TestSocket.open(wsUrl);
    sockets.push(socket);
    return socket;
  }

  async function place(url: string, trader: Trader, body: Record<string, unknown>) {
    const response = await fetch(`${url}/api/v1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${trader.token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  /** Seeded limit orders around 10.00 from the traders, 20 at a time, each accepted. */
  async function seedOrders(url: string, tokenId: string, traders: Trader[], count: number) {
    const random = new Prng(count);
    for (let sent = 0; sent < count; sent += 20) {
      const group = Array.from({ length: Math.min(20, count - sent) }, () => {
        const side = random.chance(0.5) ? 'buy' : 'sell';
        const offset = random.int(-30, 30) + (side === 'buy' ? -4 : 4);
        return place(url, random.pick(traders), {
          token_id: tokenId,
          side,
          order_type: 'limit',
          quantity: random.int(1, 20),
          price: (10 + offset / 100).toFixed(2),
        });
      });
      for (const { status } of await Promise.all(group)) expect(status).toBe(200);
    }
  }

  async function ownerOf(tokenId: string): Promise<TradingNode | undefined> {
    const lease = await sys.db
      .selectFrom('book_leases')
      .select('owner_node')
      .where('token_id', '=', tokenId)
      .executeTakeFirst();
    return nodes.find((node) => node.id === lease?.owner_node);
  }

  /** The owner's REST book; the same levels from the database at the same feed sequence. */
  async function ownerBook(url: string, tokenId: string) {
    const response = await fetch(`${url}/api/v1/orderbook/${tokenId}?depth=${depth}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      sequence: number;
      bids: { price: string; quantity: number }[];
      asks: { price: string; quantity: number }[];
    };
    const wire = (l: { price: string; quantity: number }): WireLevel => [
      l.price,
      String(l.quantity),
    ];
    return { seq: body.sequence, bids: body.bids.map(wire), asks: body.asks.map(wire) };
  }

  async function databaseBook(tokenId: string) {
    const { tick_size: tickSize } = await sys.db
      .selectFrom('tokens')
      .select('tick_size')
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    const book = (await committedBook(sys.db, tokenId))!;
    const wire = (l: { price: number; quantity: number }): WireLevel => [
      fromTicks(l.price, tickSize),
      String(l.quantity),
    ];
    return {
      seq: book.sequence,
      bids: book.bids.slice(0, depth).map(wire),
      asks: book.asks.slice(0, depth).map(wire),
    };
  }

  /** Waits for the socket's copy to reach the owner's book, then compares all three. */
  async function expectEqual(socket: TestSocket, book: LocalBook, url: string, tokenId: string) {
    const rest = await ownerBook(url, tokenId);
    await socket.next((m) => m.channel === 'book' && (m.seq ?? 0) >= rest.seq);
    expect(book.failures).toEqual([]);
    expect({ seq: book.seq, bids: book.bidLevels, asks: book.askLevels }).toEqual(rest);
    expect(book.checksum).toBe(bookChecksum(rest.asks, rest.bids));
    expect(await databaseBook(tokenId)).toEqual(rest);
  }

  it('does not apply a message past a skipped seq: it rebuilds from the database', async () => {
    await seedOrders(nodes[0]!.url, token.id, traders, 20);
    const owner = (await ownerOf(token.id))!;
    const socket = await open();
    const book = socket.trackBook(token.id, depth);
    await socket.request({
      op: 'subscribe',
      id: 'book',
      channels: [{ name: 'book', token_id: token.id, depth }],
    });
    await socket.next((m) => m.channel === 'book' && m.type === 'snapshot');

    // as if the owner's next message were lost: the one after it arrives, seq + 2
    const nats = await connectBus(natsUrl!, `gap-${process.pid}`);
    const skipped: BookMessage = {
      kind: 'batch',
      tokenId: token.id,
      seq: book.seq + 2,
      ts: new Date().toISOString(),
      changes: [{ side: 'buy', price: 1, quantity: 7, orderCount: 1 }],
      trades: [],
    };
    nats.publish(subjects.feed(token.id), JSON.stringify(skipped));
    await nats.drain();
    await seedOrders(owner.url, token.id, traders, 20);
    await expectEqual(socket, book, owner.url, token.id);
  }, 60_000);

  it('follows the owner, gets its fills, and goes on unbroken after a failover', async () => {
    const [first, second] = nodes as [TradingNode, TradingNode];
    const owner = (await ownerOf(token.id))!;
    expect(owner).toBeDefined();
    expect(follower.books.tokenIds).toEqual([]);

    const socket = await open();
    const book = socket.trackBook(token.id, depth);
    await socket.request({
      op: 'subscribe',
      id: 'public',
      channels: [
        { name: 'book', token_id: token.id, depth },
        { name: 'trades', token_id: token.id },
        { name: 'ticker', token_id: token.id },
      ],
    });
    await socket.next((m) => m.channel === 'book' && m.type === 'snapshot');
    const alice = traders[0]!;
    const mine = await open();
    await mine.request({ op: 'auth', id: 'auth', token: alice.token });
    await mine.request({
      op: 'subscribe',
      id: 'private',
      channels: [{ name: 'orders' }, { name: 'balances' }],
    });

    await seedOrders(owner.url, token.id, traders, 200);
    await expectEqual(socket, book, owner.url, token.id);
    // trades, and the ticker read here after the owner's commit
    expect(socket.received.some((m) => m.channel === 'trades')).toBe(true);
    const ticker = await socket.next((m) => m.channel === 'ticker');
    expect(ticker.data).toMatchObject({ token_id: token.id });

    // alice's buy crosses the asks on the owner: her fill reaches her socket on this node
    const fill = await place(owner.url, alice, {
      token_id: token.id,
      side: 'buy',
      order_type: 'limit',
      quantity: 2,
      price: '11.00',
    });
    expect(fill.status).toBe(200);
    const filled = await mine.next(
      (m) =>
        m.channel === 'orders' && m.data.id === fill.body.order.id && m.data.status === 'filled',
    );
    expect(filled.data).toMatchObject({ user_id: alice.id, filled_quantity: 2 });
    // her balances as the database has them after the fill
    const fiat = Number(await sys.fiat(alice.id)).toFixed(2);
    await mine.next((m) => m.channel === 'balances' && m.data.fiat_balance === fiat);
    const orderMessages = mine.received.filter((m) => m.channel === 'orders');
    expect(orderMessages.every((m) => m.data.user_id === alice.id)).toBe(true);
    await expectEqual(socket, book, owner.url, token.id);

    // the owner dies; the other process takes the book and the sockets go on from the same seq
    const survivor = owner === first ? second : first;
    owner.proc.kill('SIGKILL');
    nodes = [survivor];
    const deadline = Date.now() + 10 * leaseMs;
    while ((await ownerOf(token.id)) !== survivor && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await ownerOf(token.id)).toBe(survivor);
    expect(follower.books.tokenIds).toEqual([]);
    await seedOrders(survivor.url, token.id, traders, 100);
    await expectEqual(socket, book, survivor.url, token.id);
  }, 120_000);
});
