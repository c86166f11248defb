/**
 * A split in a real browser (headless Chromium) against the platform with a real chain (anvil,
 * the chain process, real T-REX contracts): the issuer proposes a 3:2 split on the token's
 * Splits page, a member of staff approves it on theirs, the split runner (ticked with its clock
 * past the effective moment) halts, scales every holder on chain and ends the halt; the issuer's
 * page follows it to done, and a holder sees their scaled holding on their portfolio and the cash
 * paid for the half token on their money page. Then the issuer's price chart and the trading
 * screen's candles across a split: trades before it read in today's units, so the line has no step.
 * Screenshots land in test-results/web-splits/.
 */
import { rememberSecret } from '../support/second-factor.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, menu, screenshot, signIn } from '../support/browser.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';
import { testPassword } from '../support/platform.js';
import {
  expectCashReconciles,
  expectChainEqualsDatabase,
  liveTokenWithHolders,
  staffMember,
} from '../support/splits.js';
import { buildWebClient } from '../support/web.js';
import { recordTestTrade } from '../support/settlement.js';
import { tickers } from '../../src/trading/market-data/markets.queries.js';
import { buildTradingApp } from '../../src/trading/app.js';
import { freePort } from '../../src/lib/embedded/ports.js';
import { createLogger } from '../../src/lib/logger.js';

const journey = 'web-splits';
const patience = { timeout: 20_000 };
/** `datetime-local` with seconds in the browser's time zone (UTC, set on the context). */
const localTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);

describe('a split in a browser', () => {
  let s: IssuanceSystem;
  let browser: Browser;
  let url: string;
  let tradingPort: number;

  beforeAll(async () => {
    const [webDir, launched] = await Promise.all([buildWebClient(), launchBrowser()]);
    browser = launched;
    const platformPort = await freePort();
    tradingPort = await freePort();
    // the trading screen reads its candles from the trading process the platform names
    s = await startIssuanceSystem(
      {
        PLATFORM_URL: `http://127.0.0.1:${platformPort}`,
        TRADING_URL: `http://127.0.0.1:${tradingPort}`,
      },
      { webDir },
    );
    url = await s.app.listen({ host: '127.0.0.1', port: platformPort });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  async function signedIn(email: string): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 1000 },
      timezoneId: 'UTC',
    });
    const page = await context.newPage();
    await page.goto(url);
    await signIn(page, email, testPassword);
    return page;
  }

  // Runs first: the trade after the split must be no later than the platform's clock, which the
  // next test moves on past the wall clock.
  it(
    "keeps the issuer's price chart continuous across the split, in today's units",
    { timeout: 300_000 },
    async () => {
      const { issuer, investors, tokenId } = await liveTokenWithHolders(s, 'SPLC', [6, 4]);
      const [ann, ben] = investors as [Actor, Actor];
      const staff = await staffMember(s, 'splits-chart-staff@example.com');
      const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
      // before the split, each pair of trades nets to nothing so the chain still equals the database
      for (const [seller, buyer, quantity, price, at] of [
        [ann, ben, 2, '1.50', ago(2)],
        [ben, ann, 2, '1.56', ago(1)],
        [ann, ben, 1, '1.53', ago(0.0001)],
        [ben, ann, 1, '1.53', ago(0.0001)],
      ] as const) {
        await recordTestTrade(s.test.db, {
          sellerId: seller.id,
          buyerId: buyer.id,
          tokenId,
          quantity,
          price,
          at,
        });
      }
      // settled: the split waits for no trade
      await s.test.db
        .updateTable('trades')
        .set({ settlement_status: 'settled' })
        .where('token_id', '=', tokenId)
        .execute();

      const effective = Date.now() + 2_000;
      const split = await s.ok(
        s.call(
          'POST',
          '/api/v1/splits',
          {
            token_id: tokenId,
            ratio_new: 3,
            ratio_old: 2,
            effective_at: new Date(effective).toISOString(),
            reason: 'board resolution 13',
          },
          issuer.token,
        ),
        201,
      );
      await s.ok(
        s.call(
          'POST',
          `/api/v1/admin/splits/${split.id}/decision`,
          { decision: 'approve' },
          staff.token,
        ),
      );
      // the runner starts the split once the platform's clock (the wall clock here) passes it
      await new Promise((resolve) => setTimeout(resolve, effective - Date.now() + 50));
      await expect
        .poll(async () => {
          while ((await s.workers.splits.tick()) > 0);
          return (await s.ok(s.call('GET', `/api/v1/splits/${split.id}`, undefined, issuer.token)))
            .status;
        }, patience)
        .toBe('done');
      await expectChainEqualsDatabase(s, tokenId);
      // after the split, at about 1.53 × 2/3 = 1.02 in new tokens
      await recordTestTrade(s.test.db, {
        sellerId: ann.id,
        buyerId: ben.id,
        tokenId,
        quantity: 3,
        price: '1.05',
        at: new Date(),
      });

      const issuerPage = await signedIn('splc@issuer.example');
      await issuerPage.goto(`${url}/#/token/${tokenId}`);
      await issuerPage
        .locator('[data-testid="chart-trading"][data-drawn="true"]')
        .waitFor(patience);
      // 4 old tokens and 1 + 1 old tokens and 3 new ones: 12 new tokens; the last price as traded
      expect(await issuerPage.getByTestId('chart-trading-caption').textContent()).toContain(
        '5 trade(s) of 12 units for 12.33 USD',
      );
      expect(await issuerPage.getByTestId('chart-trading-caption').textContent()).toContain(
        'last price 1.05 USD',
      );
      await issuerPage.getByText('Trading per day').click();
      const rows = issuerPage.getByRole('table', { name: 'Price and volume' }).getByRole('row');
      const days = await Promise.all(
        (await rows.all())
          .slice(1)
          .map(async (row) => (await row.getByRole('cell').allTextContents()).slice(1)),
      );
      await screenshot(issuerPage, journey, '6-price-chart');
      // trades, volume, value, open, high, low, close: 1.50 and 1.56 before the split read as 1.00
      // and 1.04, the day of the split 1.02 before it and 1.05 after, with no 33 % step
      expect(days).toEqual([
        ['1', '3', '3.00', '1.00', '1.00', '1.00', '1.00'],
        ['1', '3', '3.12', '1.04', '1.04', '1.04', '1.04'],
        ['3', '6', '6.21', '1.02', '1.05', '1.02', '1.05'],
      ]);

      // the trading screen's day candles, from the trading process: the candle of the split's day
      // made again from its trades (1.53 before the split is 1.02, 1.05 after it as traded), not
      // read as of its start (which would take 1.05 for 0.70)
      const trading = await buildTradingApp({
        config: s.config,
        db: s.test.db,
        logger: createLogger('test', 'silent'),
      });
      try {
        await trading.app.listen({ host: '127.0.0.1', port: tradingPort });
        const holderPage = await signedIn('splc0@example.com');
        await holderPage.goto(`${url}/#/trade/${tokenId}`);
        await holderPage
          .getByRole('group', { name: 'Candle interval' })
          .getByRole('button', { name: '1d' })
          .click();
        await holderPage.getByText('Candles as a table').click();
        const candleRows = holderPage.getByRole('table', { name: 'Candles' }).getByRole('row');
        await expect.poll(() => candleRows.count(), patience).toBe(1 + 3);
        const candles = await Promise.all(
          (await candleRows.all())
            .slice(1)
            .map(async (row) => (await row.getByRole('cell').allTextContents()).slice(1)),
        );
        await screenshot(holderPage, journey, '7-trading-candles');
        // open, high, low, close, volume, trades
        expect(candles).toEqual([
          ['1.00', '1.00', '1.00', '1.00', '3', '1'],
          ['1.04', '1.04', '1.04', '1.04', '3', '1'],
          ['1.02', '1.05', '1.02', '1.05', '6', '3'],
        ]);
      } finally {
        await trading.app.close();
      }

      // the 24 h ticker compares in today's units too: +0.03, not 1.05 against 1.53
      const [ticker] = await tickers(s.test.db, new Date(), tokenId);
      expect(ticker).toMatchObject({
        open_24h: '1.02',
        last: '1.05',
        change_24h: '0.03',
        change_pct_24h: '2.94',
        volume_24h: 6,
      });
    },
  );

  it(
    'is proposed by the issuer, approved by staff, and scales the holder they see',
    { timeout: 300_000 },
    async () => {
      const { issuer, investors, tokenId } = await liveTokenWithHolders(s, 'SPLW', [5, 8]);
      const staff = await staffMember(s, 'splits-staff@example.com');
      // the browser signs staff in with the authenticator app they enrolled
      rememberSecret('splits-staff@example.com', staff.secret!);

      const issuerPage = await signedIn('splw@issuer.example');
      await issuerPage.goto(`${url}/#/splits/${tokenId}`);
      const form = issuerPage.getByRole('form', { name: 'Propose a split or consolidation' });
      await form.getByLabel('New tokens').fill('3');
      await form.getByLabel('For old tokens').fill('2');
      await form.getByLabel('Effective moment').fill(localTime(Date.now() + 120_000));
      await form.getByLabel('Reason').fill('board resolution 12');
      await form.getByRole('button', { name: 'Propose' }).click();
      await issuerPage.getByText('Proposed: staff will approve or reject it.').waitFor(patience);
      const listed = await s.ok(
        s.call('GET', `/api/v1/splits?token_id=${tokenId}`, undefined, issuer.token),
      );
      const id = listed.data[0].id as string;
      const status = issuerPage.getByTestId(`split-status-${id}`);
      await expect.poll(() => status.textContent(), patience).toMatch(/proposed/i);
      await screenshot(issuerPage, journey, '1-proposed');

      const staffPage = await signedIn('splits-staff@example.com');
      await menu(staffPage, 'Splits');
      const row = staffPage
        .getByRole('table', { name: 'Splits and consolidations' })
        .getByRole('row')
        .filter({ hasText: 'SPLW' });
      await row.getByRole('button', { name: 'Approve' }).click();
      await expect
        .poll(() => staffPage.getByTestId(`split-status-${id}`).textContent(), patience)
        .toMatch(/approved/i);
      await screenshot(staffPage, journey, '2-approved');
      const approved = await s.ok(s.call('GET', `/api/v1/splits/${id}`, undefined, staff.token));
      expect(approved.decided_by).toBe(staff.id);

      // the effective moment passes: the runner halts, scales and ends the halt
      s.advanceClock(180_000);
      while ((await s.workers.splits.tick()) > 0);
      await issuerPage.reload();
      await expect.poll(() => status.textContent(), patience).toMatch(/done/i);
      // every wallet of the token: the two investors, the issuer's own and the treasury's
      const done = await s.ok(s.call('GET', `/api/v1/splits/${id}`, undefined, issuer.token));
      expect(done.holders_scaled).toBe(done.holder_count);
      await issuerPage
        .getByText(`${done.holder_count} holders scaled; trading resumed`)
        .waitFor(patience);
      await screenshot(issuerPage, journey, '3-done');
      await expectChainEqualsDatabase(s, tokenId);
      expect(await expectCashReconciles(s, id)).toBe('0.33');

      // 5 old tokens make 7 new ones and half a token, paid at 1.00 per old token: 0.33
      const investorPage = await signedIn('splw0@example.com');
      await menu(investorPage, 'Portfolio');
      const holding = investorPage
        .getByRole('table', { name: 'Token holdings' })
        .getByRole('row')
        .filter({ hasText: 'SPLW' });
      await expect.poll(() => holding.getByRole('cell').nth(2).textContent(), patience).toBe('7');
      await screenshot(investorPage, journey, '4-holding');
      await menu(investorPage, 'Deposits & withdrawals');
      await investorPage
        .getByRole('table', { name: 'Ledger' })
        .getByRole('row')
        .filter({ hasText: 'cash in lieu' })
        .filter({ hasText: '0.33' })
        .waitFor(patience);
      await screenshot(investorPage, journey, '5-cash-in-lieu');
      const wallet = await s.test.db
        .selectFrom('wallets')
        .select('balance')
        .where('user_id', '=', investors[0]!.id)
        .where('token_id', '=', tokenId)
        .executeTakeFirstOrThrow();
      expect(Number(wallet.balance)).toBe(7);
    },
  );
});
