/**
 * `TRADING_NODES=3 tessera start`: three trading nodes over a `nats-server` the launcher starts,
 * each in the banner; the web app pointed at the first node; an order placed through a node that
 * does not own the book (forwarded to its owner); a node killed and restarted by the launcher on
 * its own port; then Ctrl-C leaves no process of the system, the NATS server included.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until, type Json } from '../support/e2e-flows.js';
import { startE2eSystem, type E2eSystem } from '../support/e2e-system.js';
import { testNatsServer } from '../support/nats.js';
import { processesOf, tradingNodeUrls } from '../support/system.js';

describe.skipIf(!testNatsServer())('a local cluster of three trading nodes', () => {
  let e2e: E2eSystem;
  let nodes: Map<string, string>;

  beforeAll(async () => {
    e2e = await startE2eSystem({ TRADING_NODES: '3' });
    nodes = tradingNodeUrls(e2e.system.output());
  }, 180_000);
  afterAll(() => e2e?.stop());

  async function owner(tokenId: string): Promise<string | undefined> {
    const client = new pg.Client({ connectionString: await e2e.databaseUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ owner_node: string | null }>(
        'select owner_node from book_leases where token_id = $1',
        [tokenId],
      );
      return rows[0]?.owner_node ?? undefined;
    } finally {
      await client.end();
    }
  }

  async function place(node: string, investor: string, tokenId: string, price: string) {
    const response = await fetch(`${nodes.get(node)}/api/v1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${investor}` },
      body: JSON.stringify({
        token_id: tokenId,
        side: 'buy',
        order_type: 'limit',
        quantity: 10,
        price,
      }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  async function forwarded(node: string): Promise<number> {
    const metrics = await (await fetch(`${nodes.get(node)}/metrics`)).text();
    const line = /^trading_requests_forwarded_total(?:\{[^}]*\})? (\d+)/m.exec(metrics);
    return Number(line?.[1] ?? 0);
  }

  it('serves, forwards, restarts a node, and stops leaving nothing', async () => {
    const output = e2e.system.output();
    expect(output).toMatch(/^nats {6}nats:\/\/127\.0\.0\.1:\d+ \(/m);
    expect([...nodes.keys()]).toEqual(['trading-1', 'trading-2', 'trading-3']);
    expect(nodes.get('trading-1')).toBe(e2e.system.urls.trading);
    const webConfig = await e2e.flow.call('GET', '/web-config.json', undefined, undefined, 200);
    expect(webConfig.trading_url).toBe(nodes.get('trading-1'));

    const { flow: http, admin } = e2e;
    const issuer = await http.verifiedUser(admin, 'ceo@cluster.example', { role: 'issuer' });
    const businessId = await http.activeBusiness(admin, issuer, 'Cluster Estates');
    const token = await http.liveOffering(admin, issuer, businessId, 'CLST');
    const investor = await http.verifiedUser(admin, 'ida@example.com', {
      role: 'investor',
      account_type: 'individual',
    });
    await http.deposit(admin, investor, '1000.00');
    // a subscription gives the investor the custodial wallet an order needs
    await http.subscribeMinted(admin, investor, token.id, 10);
    await http.enableSecondary(admin, token.id);

    // the first order makes a node the book's owner; the next goes through another node
    expect(await place('trading-1', investor, token.id, '1.00')).toMatchObject({ status: 200 });
    const holder = await owner(token.id);
    expect(nodes.has(holder!)).toBe(true);
    const other = [...nodes.keys()].find((label) => label !== holder)!;
    const before = await forwarded(other);
    const answer = await place(other, investor, token.id, '1.10');
    expect(answer).toMatchObject({ status: 200 });
    expect(answer.body.order).toMatchObject({ status: 'open', price: '1.10', quantity: 10 });
    expect(await forwarded(other)).toBe(before + 1);
    const book = await http.trade('GET', `/api/v1/orderbook/${token.id}`, undefined, investor, 200);
    expect(book.bids).toMatchObject([
      { price: '1.10', quantity: 10 },
      { price: '1.00', quantity: 10 },
    ]);

    // a node killed outright is restarted by the launcher, on its port, under its name
    const trading = (await processesOf(e2e.env)).filter((p) =>
      p.command.endsWith('tessera.js trading'),
    );
    expect(trading).toHaveLength(3);
    process.kill(trading[2]!.pid, 'SIGKILL');
    await until(
      () => Promise.resolve(e2e.system.output()),
      (text) => /trading-\d restarted: http/.test(text),
    );
    const restarted = /(trading-\d) restarted: (http\S+)/.exec(e2e.system.output())!;
    expect(restarted[2]).toBe(nodes.get(restarted[1]!));
    expect((await fetch(`${restarted[2]}/healthz`)).status).toBe(200);

    // Ctrl-C: every process of the system ends, nats-server included
    expect((await processesOf(e2e.env)).some((p) => p.command.includes('nats-server'))).toBe(true);
    expect(await e2e.system.stop('SIGINT')).toBe(0);
    expect(await processesOf(e2e.env)).toEqual([]);
  });
});
