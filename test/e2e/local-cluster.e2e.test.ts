/**
 * `TRADING_NODES=3 tessera start` (one start for both tests; the second ends it):
 * - the background workers on several processes at once, against one database and one chain: the
 *   three trading nodes (each running the settlement processor and the reconciliation) and a
 *   second platform process beside the launcher's (both running the minter, the dividend
 *   distributor and the other platform workers), on real work: subscriptions minted on anvil,
 *   trades settled on anvil, a fiat dividend paid. Each job is done once: one mint transaction
 *   per allocation, each trade in one settlement transaction mined once, the chain's balances
 *   equal to the database's, one ledger row per dividend payment;
 * - the launcher's cluster: three trading nodes over a `nats-server` it starts, each in the
 *   banner; the web app pointed at the first node; an order placed through a node that does not
 *   own the book (forwarded to its owner); a node killed and restarted by the launcher on its own
 *   port; then Ctrl-C leaves no process of the system, the NATS server included.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets, secretsAsEnv } from '../../src/cli/secrets.js';
import { anvilDevSignerKey } from '../../src/lib/embedded/anvil.js';
import { freePort } from '../../src/lib/embedded/ports.js';
import { until, type Json } from '../support/e2e-flows.js';
import { startE2eSystem, type E2eSystem } from '../support/e2e-system.js';
import { testNatsServer } from '../support/nats.js';
import { processesOf, tradingNodeUrls } from '../support/system.js';

describe.skipIf(!testNatsServer())('a local cluster of three trading nodes', () => {
  let e2e: E2eSystem;
  let nodes: Map<string, string>;
  let db: pg.Client;
  let dbClosed: Promise<void> | undefined;
  /** The database connection ends before the system does (its PostgreSQL stops under it). */
  const closeDb = () => (dbClosed ??= db?.end());

  beforeAll(async () => {
    e2e = await startE2eSystem({ TRADING_NODES: '3', SETTLEMENT_TICK_MS: '50' });
    nodes = tradingNodeUrls(e2e.system.output());
    db = new pg.Client({ connectionString: await e2e.databaseUrl() });
    await db.connect();
  }, 180_000);
  afterAll(async () => {
    await closeDb();
    await e2e?.stop();
  });

  const count = async (text: string, values: unknown[] = []) =>
    Number((await db.query<{ n: string }>(text, values)).rows[0]!.n);

  /** Another platform process on the system's database and chain, until `work` is done. */
  async function withSecondPlatform(work: () => Promise<void>): Promise<void> {
    const secrets = await loadOrCreateSecrets(path.join(e2e.dataDir, 'data'));
    const port = await freePort();
    const platform = spawn(process.execPath, ['bin/tessera.js', 'platform'], {
      env: {
        ...e2e.env,
        ...secretsAsEnv(secrets),
        DATABASE_URL: await e2e.databaseUrl(),
        CHAIN_RPC_URL: `http://127.0.0.1:${e2e.ports.anvil}`,
        CHAIN_SIGNER_KEY: anvilDevSignerKey,
        PLATFORM_PORT: String(port),
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => platform.once('exit', resolve));
    try {
      await until(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        (status) => status === 200,
        60_000,
      );
      await work();
    } finally {
      platform.kill('SIGTERM');
      await exited;
    }
  }

  async function owner(tokenId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ owner_node: string | null }>(
      'select owner_node from book_leases where token_id = $1',
      [tokenId],
    );
    return rows[0]?.owner_node ?? undefined;
  }

  it('runs the workers on two platform and three trading processes, each job once', () =>
    withSecondPlatform(async () => {
      const { flow: http, admin } = e2e;
      const urls = [...nodes.values()];
      expect(urls).toHaveLength(3);
      const issuer = await http.verifiedUser(admin, 'ceo@workers.example', { role: 'issuer' });
      const businessId = await http.activeBusiness(admin, issuer, 'Workers Estates');
      const token = await http.liveOffering(admin, issuer, businessId, 'WRKS');
      const individual = { role: 'investor', account_type: 'individual' };
      const seller = await http.verifiedUser(admin, 'sue@example.com', individual);
      const buyer = await http.verifiedUser(admin, 'bob@example.com', individual);
      for (const investor of [seller, buyer]) {
        await http.deposit(admin, investor, '1000.00');
        await http.subscribeMinted(admin, investor, token.id, 100);
      }
      await http.enableSecondary(admin, token.id);

      // five trades, their orders through every node
      const trade = async (node: string, investor: string, side: 'buy' | 'sell') => {
        const response = await fetch(`${node}/api/v1/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${investor}` },
          body: JSON.stringify({
            token_id: token.id,
            side,
            order_type: 'limit',
            quantity: 10,
            price: '1.00',
          }),
        });
        expect(response.status).toBe(200);
      };
      for (let i = 0; i < 5; i++) {
        await trade(urls[i % 3]!, seller, 'sell');
        await trade(urls[(i + 1) % 3]!, buyer, 'buy');
      }
      const trades = await until(
        () =>
          db.query<{ id: string; settlement_status: string; settlement_batch_key: string | null }>(
            'select id, settlement_status, settlement_batch_key from trades where token_id = $1',
            [token.id],
          ),
        ({ rows }) => rows.length === 5 && rows.every((t) => t.settlement_status === 'settled'),
        60_000,
      );

      // each trade in one settlement transaction, each transaction mined once
      const keys = [...new Set(trades.rows.map((t) => t.settlement_batch_key!))];
      const settlements = await db.query<{ idempotency_key: string; tx_hash: string }>(
        `select idempotency_key, tx_hash from gas_transactions
       where operation = 'batch_forced_transfer' and idempotency_key = any($1)`,
        [keys],
      );
      expect(settlements.rows.map((r) => r.idempotency_key).sort()).toEqual(keys.sort());
      expect(new Set(settlements.rows.map((r) => r.tx_hash)).size).toBe(keys.length);
      // one mint transaction per allocation, once no confirmed allocation is still being minted
      // (a mint mined a moment ago may not be marked yet)
      await until(
        () =>
          count(
            `select count(*) as n from token_allocations
           where status = 'confirmed' and on_chain_status in ('pending', 'minting')`,
          ),
        (n) => n === 0,
        60_000,
      );
      const minted = await count(
        `select count(*) as n from token_allocations where on_chain_status = 'minted'`,
      );
      // counts as integers: a bigint's parser is pg's global, set by src/lib/db/database.ts once
      // a file of the worker loaded it
      const mints = await db.query<{ n: number; hashes: number }>(
        `select count(*)::int as n, count(distinct tx_hash)::int as hashes from gas_transactions
       where idempotency_key like 'mint-allocation:%'`,
      );
      expect(mints.rows[0]).toEqual({ n: minted, hashes: minted });

      // a fiat dividend, paid once to each holder
      const declared = await http.call(
        'POST',
        '/api/v1/dividends',
        { token_id: token.id, dividend_type: 'fiat', per_token_usd: '0.01', fee_pct: 1 },
        issuer,
        201,
      );
      const id = declared.id as string;
      await http.call('POST', `/api/v1/dividends/${id}/submit`, {}, issuer, 200);
      await http.call('POST', `/api/v1/admin/dividends/${id}/approve`, {}, admin, 200);
      await http.call('POST', `/api/v1/admin/dividends/${id}/distribute`, {}, admin, 200);
      const payments = await until(
        () =>
          db.query<{ id: string; status: string; credited: boolean }>(
            'select id, status, net_amount > 0 as credited from dividend_payments where dividend_id = $1',
            [id],
          ),
        ({ rows }) => rows.length > 0 && rows.every((p) => p.status === 'paid'),
        60_000,
      );
      const ledger = await db.query<{ reference_id: string; rows: number }>(
        `select reference_id, count(*)::int as rows from fiat_ledger
       where reference_type = 'dividend_payment' and reference_id = any($1) group by reference_id`,
        [payments.rows.map((p) => p.id)],
      );
      expect(ledger.rows).toHaveLength(payments.rows.filter((p) => p.credited).length);
      expect(ledger.rows.every((r) => r.rows === 1)).toBe(true);

      // the chain's balances are the database's: nothing minted or transferred twice
      const report = await http.trade('GET', '/api/v1/admin/reconciliation', undefined, admin, 200);
      expect(report.mismatches).toEqual([]);
    }));

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
    // the answered forwards (an earlier forward that failed or found no owner has a line of its
    // own, which may come first)
    const line = /^trading_requests_forwarded_total\{outcome="answered"[^}]*\} (\d+)/m.exec(
      metrics,
    );
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

    // the first order makes a node the book's owner; the next goes through another node (a
    // loaded machine can let the owner's lease lapse and another node take the book meanwhile:
    // then the order was not forwarded, and the next one is tried against the new owner)
    expect(await place('trading-1', investor, token.id, '1.00')).toMatchObject({ status: 200 });
    const prices = ['1.00'];
    for (const price of ['1.10', '1.20', '1.30']) {
      const holder = await owner(token.id);
      expect(nodes.has(holder!)).toBe(true);
      const other = [...nodes.keys()].find((label) => label !== holder)!;
      const before = await forwarded(other);
      const answer = await place(other, investor, token.id, price);
      expect(answer).toMatchObject({ status: 200 });
      expect(answer.body.order).toMatchObject({ status: 'open', price, quantity: 10 });
      prices.unshift(price);
      if ((await owner(token.id)) !== holder) continue;
      expect(await forwarded(other)).toBe(before + 1);
      break;
    }
    expect(prices.length).toBeLessThan(4);
    const book = await http.trade('GET', `/api/v1/orderbook/${token.id}`, undefined, investor, 200);
    expect(book.bids).toMatchObject(prices.map((price) => ({ price, quantity: 10 })));

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
    await closeDb();
    expect((await processesOf(e2e.env)).some((p) => p.command.includes('nats-server'))).toBe(true);
    expect(await e2e.system.stop('SIGINT')).toBe(0);
    expect(await processesOf(e2e.env)).toEqual([]);
  });
});
