/**
 * The investor register on a real anvil with the real contracts: primary allocations, go-live
 * and trades settled on chain, the register taken at instants in between. At each, the register
 * equals one rebuilt here from the allocations and trades rows, and the balances the chain had at
 * the block of that instant; its CSV and PDF carry the same numbers; a dividend with a past
 * record date pays the holders of that date to the cent. The record itself refuses any change.
 */
import { Decimal } from 'decimal.js';
import { createPublicClient, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenAbi } from '../../src/chain/contracts/generated/index.js';
import { createLogger } from '../../src/lib/logger.js';
import { buildTradingApp, type TradingApp } from '../../src/trading/app.js';
import { parseCsv, pdfRows } from '../support/pdf-text.js';
import { recordTestTrade } from '../support/settlement.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('investor register', () => {
  let s: IssuanceSystem;
  let trading: TradingApp;
  let tokenId: string;
  let tokenAddress: Address;
  let issuer: Actor;
  const holders: Record<string, Actor> = {};
  const instants: Date[] = [];
  const chain = () => createPublicClient({ transport: http(s.anvil.rpcUrl) });

  /**
   * An instant after every block mined so far (anvil stamps blocks in whole seconds), with the
   * next second left free of blocks, so the block of the instant is the last one before it.
   */
  /**
   * An instant between two steps: the last of a second all of whose blocks and rows are written.
   * A block is stamped in whole seconds, so one mined a moment after a mid-second instant (by a
   * worker of the system, under load) could carry that instant's second; the next second's start
   * is after the instant in either clock.
   */
  const quietInstant = async () => {
    await sleep(1000);
    for (;;) {
      const latest = await chain().getBlock({ blockTag: 'latest' });
      if (Number(latest.timestamp) * 1000 + 1000 <= Date.now()) break;
      await sleep(200);
    }
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 1);
    await sleep(1100);
    return at;
  };

  beforeAll(async () => {
    s = await startIssuanceSystem();
    trading = await buildTradingApp({
      config: s.config,
      db: s.test.db,
      logger: createLogger('test', 'silent'),
      chain: s.chain,
    });
    ({ issuer, tokenId } = await s.smallOffering('ceo@register.example', 'REG'));
    for (const name of ['alice', 'bob', 'carol']) {
      holders[name] = await s.verified(`${name}@register.example`);
      await s.deposit(holders[name], '1000.00');
    }
    // t0: alice and bob subscribe and are minted
    for (const [name, quantity] of [
      ['alice', 100],
      ['bob', 50],
    ] as const) {
      const allocation = await s.subscribe(holders[name]!, tokenId, quantity);
      await s.confirm(tokenId, [allocation.id]);
    }
    await s.mintAll();
    instants.push(await quietInstant());
    // t1: carol subscribes; the token goes live (the treasury's share minted, unpaused)
    const carol = await s.subscribe(holders.carol!, tokenId, 30);
    await s.confirm(tokenId, [carol.id]);
    await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${tokenId}/enable-secondary`, {}, s.admin.token),
    );
    await s.mintAll();
    while ((await s.workers.chainSync.tick()) > 0);
    instants.push(await quietInstant());
    // t2: trades, settled on chain
    await recordTestTrade(s.test.db, {
      buyerId: holders.carol!.id,
      sellerId: holders.alice!.id,
      tokenId,
      quantity: 40,
    });
    await recordTestTrade(s.test.db, {
      buyerId: holders.alice!.id,
      sellerId: holders.bob!.id,
      tokenId,
      quantity: 5,
    });
    while ((await trading.settlement.processor.tick()) > 0);
    instants.push(await quietInstant());
    tokenAddress = (await s.tokenRow(tokenId)).contract_address as Address;
  }, 300_000);
  afterAll(async () => {
    await trading?.app.close();
    await s?.close();
  });

  const registerAt = async (at: Date, actor: Actor = issuer) =>
    s.ok(
      s.call(
        'GET',
        `/api/v1/tokens/${tokenId}/register?as_of=${at.toISOString()}`,
        undefined,
        actor.token,
      ),
    );

  /** Units by user at `at`, from the allocations and trades rows (not the movement record). */
  const rebuilt = async (at: Date) => {
    const units = new Map<string, number>();
    const add = (userId: string, quantity: number) =>
      units.set(userId, (units.get(userId) ?? 0) + quantity);
    const allocations = await s.test.db
      .selectFrom('token_allocations')
      .select(['user_id', 'quantity'])
      .where('token_id', '=', tokenId)
      .where('status', '=', 'confirmed')
      .where('confirmed_at', '<=', at)
      .execute();
    for (const a of allocations) add(a.user_id, a.quantity);
    const trades = await s.test.db
      .selectFrom('trades')
      .select(['buyer_id', 'seller_id', 'quantity'])
      .where('token_id', '=', tokenId)
      .where('created_at', '<=', at)
      .execute();
    for (const t of trades) {
      add(t.buyer_id, t.quantity);
      add(t.seller_id, -t.quantity);
    }
    return new Map([...units].filter(([, quantity]) => quantity !== 0));
  };

  it('equals the register rebuilt from allocations and trades, and the chain at each instant', async () => {
    const expectedUnits = [
      { alice: 100, bob: 50 },
      { alice: 100, bob: 50, carol: 30 },
      { alice: 65, bob: 45, carol: 70 },
    ];
    for (const [i, at] of instants.entries()) {
      const register = await registerAt(at);
      const byUser = new Map(
        register.holders.map((h: { user_id: string; units: string }) => [
          h.user_id,
          Number(h.units),
        ]),
      );
      expect(byUser).toEqual(await rebuilt(at));
      for (const [name, units] of Object.entries(expectedUnits[i]!)) {
        expect(byUser.get(holders[name]!.id)).toBe(units);
      }
      // from the second instant on, the treasury's go-live share (5% of 10,000) and the issuer's
      // team and reserve shares
      expect(register.holders).toHaveLength(i === 0 ? 2 : 5);
      const sum = register.holders.reduce(
        (total: Decimal, h: { units: string }) => total.plus(h.units),
        new Decimal(0),
      );
      expect(register.supply_in_circulation).toBe(sum.toFixed());
      expect(register.totals.units).toBe(sum.toFixed());
      // the register agrees with the chain, and so does a read of the chain made here
      expect(register.reconciliation).toMatchObject({ status: 'agrees', differences: [] });
      const blockNumber = BigInt(register.reconciliation.block_number);
      const block = await chain().getBlock({ blockNumber });
      expect(Number(block.timestamp)).toBeLessThanOrEqual(Math.floor(at.getTime() / 1000));
      const next = await chain()
        .getBlock({ blockNumber: blockNumber + 1n })
        .catch(() => null);
      if (next) expect(Number(next.timestamp)).toBeGreaterThan(Math.floor(at.getTime() / 1000));
      for (const holder of register.holders) {
        const balance = await chain().readContract({
          address: tokenAddress,
          abi: tokenAbi,
          functionName: 'balanceOf',
          args: [holder.wallet_address as Address],
          blockNumber,
        });
        expect(balance).toBe(BigInt(holder.units) * 10n ** 18n);
      }
    }
  });

  it('describes each holder and refuses what it must', async () => {
    const register = await registerAt(instants[2]!);
    const alice = register.holders.find(
      (h: { user_id: string }) => h.user_id === holders.alice!.id,
    );
    expect(alice).toMatchObject({
      holder_type: 'individual',
      units: '65',
      pct_of_supply: new Decimal(65)
        .times(100)
        .dividedBy(register.supply_in_circulation)
        .toFixed(4),
      locked_units: '0',
      frozen_units: '0',
      locked_up_units: '0',
    });
    expect(alice.wallet_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // staff read any token's register; investors may not; another issuer sees no such token
    await s.ok(s.call('GET', `/api/v1/tokens/${tokenId}/register`, undefined, s.admin.token));
    const investor = await s.call(
      'GET',
      `/api/v1/tokens/${tokenId}/register`,
      undefined,
      holders.bob!.token,
    );
    expect(investor.statusCode).toBe(403);
    const other = await s.issuerWithBusiness('other@register.example');
    const stranger = await s.call(
      'GET',
      `/api/v1/tokens/${tokenId}/register`,
      undefined,
      other.issuer.token,
    );
    expect(stranger.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const ahead = await s.call(
      'GET',
      `/api/v1/tokens/${tokenId}/register?as_of=${future}`,
      undefined,
      issuer.token,
    );
    expect(ahead.json()).toMatchObject({ status: 422, code: 'REGISTER_AS_OF_FUTURE' });
  });

  it('exports the same numbers as CSV and as a PDF to sign', async () => {
    const at = instants[2]!;
    const register = await registerAt(at);
    const query = `as_of=${at.toISOString()}`;
    const csv = await s.call(
      'GET',
      `/api/v1/tokens/${tokenId}/register.csv?${query}`,
      undefined,
      issuer.token,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(csv.body);
    const column = (name: string) => header!.indexOf(name);
    expect(rows).toHaveLength(register.holders.length + 1);
    for (const [i, holder] of register.holders.entries()) {
      const row = rows[i]!;
      expect(row[column('user_id')]).toBe(holder.user_id);
      expect(row[column('legal_name')]).toBe(holder.legal_name);
      expect(row[column('units')]).toBe(holder.units);
      expect(row[column('pct_in_circulation')]).toBe(holder.pct_of_supply);
      expect(row[column('wallet_address')]).toBe(holder.wallet_address);
    }
    expect(rows.at(-1)![column('units')]).toBe(register.supply_in_circulation);

    const pdf = await s.call(
      'GET',
      `/api/v1/tokens/${tokenId}/register.pdf?${query}`,
      undefined,
      issuer.token,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const lines = await pdfRows(new Uint8Array(pdf.rawPayload));
    const numbersOf = (cells: string[]) => cells.filter((c) => /^[0-9]+(\.[0-9]+)?$/.test(c));
    for (const holder of register.holders) {
      const line = lines.find(
        (cells) =>
          cells[0] === holder.legal_name &&
          (holder.wallet_address === null || cells.includes(holder.wallet_address)),
      );
      expect(line, holder.legal_name).toBeDefined();
      expect(numbersOf(line!)).toEqual([
        holder.units,
        holder.pct_of_total_supply,
        holder.pct_of_supply,
        holder.locked_units,
        holder.frozen_units,
        holder.locked_up_units,
      ]);
    }
    const total = lines.find((cells) => cells[0] === 'TOTAL')!;
    expect(numbersOf(total)[0]).toBe(register.supply_in_circulation);
    expect(
      lines.some((cells) =>
        cells.join(' ').includes(`block ${register.reconciliation.block_number}`),
      ),
    ).toBe(true);
    expect(lines.some((cells) => cells[0] === 'Signature:')).toBe(true);
  });

  it('pays a dividend with a past record date to the holders of that date, to the cent', async () => {
    const recordDate = instants[0]!; // alice 100, bob 50; carol bought later
    const future = await s.call(
      'POST',
      '/api/v1/dividends',
      {
        token_id: tokenId,
        dividend_type: 'fiat',
        per_token_usd: '0.37',
        fee_pct: 0,
        record_date: recordDate.toISOString(),
        payment_date: new Date(recordDate.getTime() - 60_000).toISOString(),
      },
      issuer.token,
    );
    expect(future.json()).toMatchObject({ status: 422, code: 'DIVIDEND_DATES_INVALID' });
    expect(await s.test.db.selectFrom('dividend_declarations').selectAll().execute()).toHaveLength(
      0,
    );

    await s.deposit(issuer, '100.00');
    const declared = await s.ok(
      s.call(
        'POST',
        '/api/v1/dividends',
        {
          token_id: tokenId,
          dividend_type: 'fiat',
          per_token_usd: '0.37',
          fee_pct: 0,
          record_date: recordDate.toISOString(),
        },
        issuer.token,
      ),
      201,
    );
    expect(declared).toMatchObject({
      holder_count: 2,
      total_held: 150,
      total_gross_usd: '55.50',
      record_date: recordDate.toISOString(),
    });
    const before = {
      alice: await s.fiatBalance(holders.alice!.id),
      bob: await s.fiatBalance(holders.bob!.id),
      carol: await s.fiatBalance(holders.carol!.id),
    };
    await s.ok(s.call('POST', `/api/v1/dividends/${declared.id}/submit`, {}, issuer.token));
    await s.ok(s.call('POST', `/api/v1/admin/dividends/${declared.id}/approve`, {}, s.admin.token));
    await s.ok(
      s.call('POST', `/api/v1/admin/dividends/${declared.id}/distribute`, {}, s.admin.token),
    );
    while ((await s.workers.dividends.tick()) > 0);
    const gained = async (name: 'alice' | 'bob' | 'carol') =>
      new Decimal(await s.fiatBalance(holders[name]!.id)).minus(before[name]).toFixed(2);
    // alice holds 65 today but held 100 at the record date; carol held nothing then
    expect(await gained('alice')).toBe('37.00');
    expect(await gained('bob')).toBe('18.50');
    expect(await gained('carol')).toBe('0.00');
  });

  it('keeps the record append-only', async () => {
    await expect(
      s.test.db
        .updateTable('token_movements')
        .set({ quantity: '1' })
        .where('token_id', '=', tokenId)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      s.test.db.deleteFrom('token_movements').where('token_id', '=', tokenId).execute(),
    ).rejects.toThrow(/append-only/);
    const kinds = await s.test.db
      .selectFrom('token_movements')
      .select('kind')
      .distinct()
      .where('token_id', '=', tokenId)
      .orderBy('kind')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual([
      'go_live',
      'primary_allocation',
      'reserve_allocation',
      'team_allocation',
      'trade',
    ]);
  });
});
