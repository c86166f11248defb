/**
 * Investor statements over the real services on anvil: an investor deposits, subscribes, sells on
 * the book (and leaves a buy order open), withdraws (once paid, once rejected) and receives a
 * cash and a token dividend, all this month. The month's statement reconciles the cash from
 * opening to closing to the cent and closes on the balance the database holds; positions are
 * valued at the last trade; the CSV and the PDF carry the API's numbers; the year sums dividends
 * and fees per token; staff read anyone's, and bad requests are refused with their codes.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { buildTradingApp, type TradingApp } from '../../src/trading/app.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';
import { parseCsv, pdfRows } from '../support/pdf-text.js';
import { testBankAccount } from '../support/bank-account.js';

interface CashLine {
  key: string;
  label: string;
  amount: string;
}

describe('investor statements', () => {
  let s: IssuanceSystem;
  let trading: TradingApp;
  let tokenId: string;
  let issuer: Actor;
  let ann: Actor;
  let bob: Actor;
  let month: string;

  const order = async (actor: Actor, body: Record<string, unknown>) => {
    const response = await trading.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { token_id: tokenId, order_type: 'limit', ...body },
      headers: { authorization: `Bearer ${actor.token}` },
    });
    if (response.statusCode !== 200) throw new Error(`order: ${response.body}`);
    return response.json();
  };
  const withdraw = async (actor: Actor, amount: string, decision: 'approve' | 'reject') => {
    if (!actor.secret) await s.enrol(actor); // a withdrawal needs a second factor
    const request = await s.ok(
      s
        .call('PUT', '/api/v1/fiat/bank-account', testBankAccount, actor.token)
        .then(() => s.call('POST', '/api/v1/fiat/withdrawals', { amount }, actor.token)),
      201,
    );
    await s.ok(
      s.call('POST', `/api/v1/admin/fiat/withdrawals/${request.id}/${decision}`, {}, s.admin.token),
    );
  };
  const payDividend = async (body: Record<string, unknown>) => {
    const declared = await s.ok(
      s.call('POST', '/api/v1/dividends', { token_id: tokenId, ...body }, issuer.token),
      201,
    );
    await s.ok(s.call('POST', `/api/v1/dividends/${declared.id}/submit`, {}, issuer.token));
    await s.ok(s.call('POST', `/api/v1/admin/dividends/${declared.id}/approve`, {}, s.admin.token));
    await s.ok(
      s.call('POST', `/api/v1/admin/dividends/${declared.id}/distribute`, {}, s.admin.token),
    );
    while ((await s.workers.dividends.tick()) > 0);
  };

  beforeAll(async () => {
    s = await startIssuanceSystem();
    trading = await buildTradingApp({
      config: s.config,
      db: s.test.db,
      logger: createLogger('test', 'silent'),
      chain: s.chain,
      tickMs: 0,
      heartbeatMs: 0,
    });
    ({ issuer, tokenId } = await s.smallOffering('ceo@statements.example', 'STM'));
    ann = await s.verified('ann@statements.example');
    bob = await s.verified('bob@statements.example');
    await s.deposit(ann, '1000.00');
    await s.deposit(bob, '500.00');
    const subscriptions = [
      await s.subscribe(ann, tokenId, 100),
      await s.subscribe(bob, tokenId, 50),
    ];
    await s.confirm(
      tokenId,
      subscriptions.map((a) => a.id),
    );
    await s.mintAll();
    await s.ok(
      s.call('POST', `/api/v1/admin/tokens/${tokenId}/enable-secondary`, {}, s.admin.token),
    );
    await s.mintAll();
    while ((await s.workers.chainSync.tick()) > 0);

    // ann sells 30 at 1.20 to bob's bid at 1.25 (36.00, fee 0.18), then bids 10 at 0.90
    await order(ann, { side: 'sell', quantity: 30, price: '1.20' });
    const bought = await order(bob, { side: 'buy', quantity: 30, price: '1.25' });
    expect(bought.trades).toHaveLength(1);
    await order(ann, { side: 'buy', quantity: 10, price: '0.90' });
    await withdraw(ann, '200.00', 'approve');
    await withdraw(ann, '50.00', 'reject');
    // ann holds 70, bob 80: 0.10 a token less 1% (ann 6.93), then a token a token
    await s.deposit(issuer, '100.00');
    await payDividend({ dividend_type: 'fiat', per_token_usd: '0.10', fee_pct: 1 });
    await payDividend({ dividend_type: 'token', per_token_qty: 1, fee_pct: 0 });
    month = new Date().toISOString().slice(0, 7);
  }, 300_000);
  afterAll(async () => {
    await trading?.app.close();
    await s?.close();
  });

  const get = (url: string, actor: Actor) => s.call('GET', url, undefined, actor.token);
  const monthly = (actor: Actor, m = month) =>
    s.ok(get(`/api/v1/statements/monthly?month=${m}`, actor));
  const linesOf = (account: { lines: CashLine[] }) =>
    Object.fromEntries(account.lines.map((l) => [l.key, l.amount]));

  it("reconciles the month's cash to the cent and closes on the balance held", async () => {
    const statement = await monthly(ann);
    expect(statement.period).toMatchObject({ kind: 'month', label: month, complete: false });
    const usd = statement.cash.find((c: { currency: string }) => c.currency === 'USD');
    expect(usd.opening_balance).toBe('0.00');
    expect(linesOf(usd)).toEqual({
      deposits: '1000.00',
      withdrawals: '-200.00',
      subscriptions: '-100.00',
      purchases: '0.00',
      buy_order_holds: '-9.00',
      sales: '36.00',
      trading_fees: '-0.18',
      dividends: '6.93',
    });
    const added = usd.lines.reduce(
      (sum: Decimal, l: CashLine) => sum.plus(l.amount),
      new Decimal(usd.opening_balance),
    );
    expect(added.toFixed(2)).toBe(usd.closing_balance);
    expect(usd.closing_balance).toBe('733.75');
    expect(usd.closing_balance).toBe(await s.fiatBalance(ann.id));

    // the buyer's side: the purchase paid from the lock, nothing left held
    const bobs = (await monthly(bob)).cash[0];
    expect(linesOf(bobs)).toMatchObject({ purchases: '-36.00', buy_order_holds: '0.00' });
    expect(bobs.closing_balance).toBe(await s.fiatBalance(bob.id));

    expect(statement.positions).toEqual([
      expect.objectContaining({
        symbol: 'STM',
        opening_units: '0',
        closing_units: '140',
        opening_value: '0.00',
        closing_price: '1.20',
        price_source: 'trade',
        closing_value: '168.00',
      }),
    ]);
    expect(statement.positions_closing_value).toBe('168.00');
    expect(statement.trades).toEqual([
      expect.objectContaining({
        side: 'sell',
        quantity: 30,
        price: '1.20',
        total: '36.00',
        fee: '0.18',
        net: '35.82',
      }),
    ]);
    expect(statement.subscriptions).toEqual([
      expect.objectContaining({ quantity: 100, amount: '100.00', status: 'confirmed' }),
    ]);
    expect(
      statement.dividends.map((d: Record<string, unknown>) => [
        d.dividend_type,
        d.token_balance,
        d.net_amount,
        d.quantity,
      ]),
    ).toEqual([
      ['fiat', 70, '6.93', 0],
      ['token', 70, '0.00', 70],
    ]);
    expect(
      statement.cash_movements.map((m: Record<string, unknown>) => [m.kind, m.amount, m.status]),
    ).toEqual([
      ['deposit', '1000.00', 'confirmed'],
      ['withdrawal', '200.00', 'paid'],
      ['withdrawal', '50.00', 'released'],
    ]);
  });

  it('shows a month before any of it as empty', async () => {
    const [year, number] = month.split('-').map(Number) as [number, number];
    const before = new Date(Date.UTC(year, number - 2, 1)).toISOString().slice(0, 7);
    const statement = await monthly(ann, before);
    expect(statement.period.complete).toBe(true);
    expect(statement.positions).toEqual([]);
    expect(statement.trades).toEqual([]);
    expect(statement.cash[0]).toMatchObject({ opening_balance: '0.00', closing_balance: '0.00' });
  });

  it('sums the year: dividends received and fees paid per token', async () => {
    const year = await s.ok(get(`/api/v1/statements/yearly?year=${month.slice(0, 4)}`, ann));
    expect(year.tokens).toEqual([
      {
        token_id: tokenId,
        symbol: 'STM',
        dividends_usd: '6.93',
        dividends_usdc: '0.00',
        dividend_units: '70',
        dividend_fees: '0.07',
        trading_fees: '0.18',
        fees_total: '0.25',
      },
    ]);
    expect(year.totals).toMatchObject({ dividends_usd: '6.93', fees_total: '0.25' });
  });

  it('exports the same numbers as CSV and as a PDF', async () => {
    const statement = await monthly(ann);
    const csv = await get(`/api/v1/statements/monthly.csv?month=${month}`, ann);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`statement-${month}.csv`);
    const [header, ...rows] = parseCsv(csv.body);
    const at = (row: string[], name: string) => row[header!.indexOf(name)];
    const section = (name: string) => rows.filter((r) => r[0] === name);
    const closing = section('position_closing');
    expect(
      closing.map((r) => [at(r, 'token'), at(r, 'quantity'), at(r, 'price'), at(r, 'amount')]),
    ).toEqual(
      statement.positions.map((p: Record<string, string>) => [
        p.symbol,
        p.closing_units,
        p.closing_price,
        p.closing_value,
      ]),
    );
    expect(
      section('trade').map((r) => [at(r, 'quantity'), at(r, 'amount'), at(r, 'fee'), at(r, 'net')]),
    ).toEqual(
      statement.trades.map((t: Record<string, unknown>) => [
        String(t.quantity),
        t.total,
        t.fee,
        t.net,
      ]),
    );
    expect(
      section('dividend').map((r) => [
        at(r, 'amount'),
        at(r, 'fee'),
        at(r, 'net'),
        at(r, 'quantity'),
      ]),
    ).toEqual(
      statement.dividends.map((d: Record<string, unknown>) => [
        d.gross_amount,
        d.fee_amount,
        d.net_amount,
        String(d.quantity),
      ]),
    );
    const usd = statement.cash[0];
    const cashRows = rows.filter((r) => r[0]!.startsWith('cash_') && at(r, 'currency') === 'USD');
    expect(cashRows.map((r) => [at(r, 'description'), at(r, 'amount')])).toEqual([
      ['Opening balance', usd.opening_balance],
      ...usd.lines.map((l: CashLine) => [l.label, l.amount]),
      ['Closing balance', usd.closing_balance],
    ]);

    const pdf = await get(`/api/v1/statements/monthly.pdf?month=${month}`, ann);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const lines = await pdfRows(new Uint8Array(pdf.rawPayload));
    const numbersOf = (cells: string[]) => cells.filter((c) => /^-?[0-9]+(\.[0-9]+)?$/.test(c));
    const row = (first: string) => lines.find((cells) => cells[0] === first);
    const position = statement.positions[0];
    expect(numbersOf(row('STM')!)).toEqual([
      position.opening_units,
      position.opening_value,
      position.closing_units,
      position.closing_price,
      position.closing_value,
    ]);
    const trade = statement.trades[0];
    const tradeLine = lines.find((cells) => cells.includes('sell'))!;
    expect(numbersOf(tradeLine)).toEqual([
      String(trade.quantity),
      trade.price,
      trade.total,
      trade.fee,
      trade.net,
    ]);
    for (const dividend of statement.dividends) {
      const line = lines.find((cells) => cells.includes(dividend.dividend_type))!;
      expect(numbersOf(line)).toEqual([
        String(dividend.token_balance),
        dividend.gross_amount,
        dividend.fee_amount,
        dividend.net_amount,
        String(dividend.quantity),
      ]);
    }
    expect(numbersOf(row('Opening balance')!)).toEqual([usd.opening_balance]);
    for (const line of usd.lines) expect(numbersOf(row(line.label)!)).toEqual([line.amount]);
    expect(numbersOf(row('Closing balance')!)).toEqual([usd.closing_balance]);

    const yearPdf = await get(`/api/v1/statements/yearly.pdf?year=${month.slice(0, 4)}`, ann);
    const yearLines = await pdfRows(new Uint8Array(yearPdf.rawPayload));
    expect(numbersOf(yearLines.find((cells) => cells[0] === 'STM')!)).toEqual([
      '6.93',
      '0.00',
      '70',
      '0.07',
      '0.18',
      '0.25',
    ]);
    const yearCsv = parseCsv(
      (await get(`/api/v1/statements/yearly.csv?year=${month.slice(0, 4)}`, ann)).body,
    );
    expect(yearCsv.at(-1)).toEqual(['TOTAL', '6.93', '0.00', '70', '0.07', '0.18', '0.25']);
  });

  it("lets staff produce anyone's statement", async () => {
    const own = await monthly(ann);
    const byStaff = await s.ok(
      get(`/api/v1/admin/users/${ann.id}/statements/monthly?month=${month}`, s.admin),
    );
    expect(byStaff.user).toEqual(own.user);
    expect(byStaff.cash).toEqual(own.cash);
    expect(byStaff.positions).toEqual(own.positions);
    const pdf = await get(
      `/api/v1/admin/users/${ann.id}/statements/monthly.pdf?month=${month}`,
      s.admin,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('refuses what it must, with a stable code', async () => {
    const [year, number] = month.split('-').map(Number) as [number, number];
    const next = new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 7);
    const refusals: [string, Actor, number, string][] = [
      [`/api/v1/statements/monthly?month=${next}`, ann, 422, 'STATEMENT_PERIOD_FUTURE'],
      [`/api/v1/statements/yearly?year=${year + 1}`, ann, 422, 'STATEMENT_PERIOD_FUTURE'],
      [`/api/v1/statements/monthly.pdf?month=${next}`, ann, 422, 'STATEMENT_PERIOD_FUTURE'],
      ['/api/v1/statements/monthly?month=2026-13', ann, 400, 'VALIDATION_FAILED'],
      ['/api/v1/statements/monthly?month=2026-1', ann, 400, 'VALIDATION_FAILED'],
      ['/api/v1/statements/monthly?month=0999-01', ann, 400, 'VALIDATION_FAILED'],
      ['/api/v1/statements/monthly', ann, 400, 'VALIDATION_FAILED'],
      ['/api/v1/statements/yearly?year=26', ann, 400, 'VALIDATION_FAILED'],
      [
        `/api/v1/statements/monthly?month=${month}&user_id=${bob.id}`,
        ann,
        400,
        'VALIDATION_FAILED',
      ],
      // another user's statement is staff's alone
      [
        `/api/v1/admin/users/${bob.id}/statements/monthly?month=${month}`,
        ann,
        403,
        'FORBIDDEN_ROLE',
      ],
      [
        `/api/v1/admin/users/${bob.id}/statements/yearly.csv?year=${year}`,
        issuer,
        403,
        'FORBIDDEN_ROLE',
      ],
      [
        `/api/v1/admin/users/01900000-0000-7000-8000-000000000000/statements/monthly?month=${month}`,
        s.admin,
        404,
        'NOT_FOUND',
      ],
      [
        `/api/v1/admin/users/not-a-uuid/statements/monthly?month=${month}`,
        s.admin,
        400,
        'VALIDATION_FAILED',
      ],
      // staff have no statement of their own
      [`/api/v1/statements/monthly?month=${month}`, s.admin, 403, 'FORBIDDEN_ROLE'],
    ];
    for (const [url, actor, status, code] of refusals) {
      const response = await get(url, actor);
      expect(response.headers['content-type'], url).toContain('application/problem+json');
      expect(response.json(), url).toMatchObject({ status, code });
    }
    const anonymous = await s.call('GET', `/api/v1/statements/monthly?month=${month}`);
    expect(anonymous.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});
