/**
 * The trading screen in a real browser (headless Chromium) against the real platform and trading
 * process on one test database. Two investors, each in a browser context of their own, trade one
 * token through the screen: a sell and a buy that fill, an amend, the fat-finger and NAV
 * confirmations, an order the token's rules refuse (the rule shown in words), a cancel and
 * cancel-all. After each step both screens show the book the REST API
 * has, and the fill in both users' orders and fills. A second test drives about 100 book updates
 * a second through the API while a screen is open and then waits for the shown book to equal the
 * REST book. Screenshots land in test-results/web-trading/.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { menu, screenshot } from '../support/browser.js';
import { setRules } from '../support/compliance.js';
import { testPassword } from '../support/platform.js';
import { webTradingInBrowser, type Investor } from '../support/web.js';

const journey = 'web-trading';
/** the machine is shared: what the screen shows may take a while under load */
const patience = { timeout: 20_000 };
type Level = [string, string];
interface Book {
  bids: Level[];
  asks: Level[];
}

describe('trading screen in a browser', () => {
  const web = webTradingInBrowser();

  /** The investor signed in, on the token's trading screen with the socket live. */
  async function tradingScreen(investor: Investor, tokenId: string): Promise<Page> {
    const context = await web.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    await page.goto(web.sys.url);
    await page.getByLabel('Email').fill(investor.email);
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${web.sys.url}/#/trade/${tokenId}`);
    await expect.poll(() => page.getByTestId('feed-status').textContent(), patience).toBe('live');
    return page;
  }

  /** The book as the screen shows it: each side best first, [price, quantity]. */
  async function shownBook(page: Page): Promise<Book> {
    const side = async (rows: Locator) =>
      (await rows.allInnerTexts()).map((text) => text.split('\t').slice(0, 2) as Level);
    const book = page.getByTestId('book');
    return {
      bids: await side(book.locator('tr.bid')),
      asks: (await side(book.locator('tr.ask'))).reverse(),
    };
  }

  async function restBook(tokenId: string): Promise<Book> {
    const book = await web.sys.trade('GET', `/api/v1/orderbook/${tokenId}?depth=20`);
    const levels = (side: { price: string; quantity: number }[]) =>
      side.map((l): Level => [l.price, String(l.quantity)]);
    return { bids: levels(book.bids), asks: levels(book.asks) };
  }

  /**
   * Waits until the screen shows what the REST book has (read again on every try) and, when
   * given, that this is `expected` (so an order still on its way cannot pass for the book).
   */
  async function bookMatchesRest(page: Page, tokenId: string, expected?: Book, timeout = 15_000) {
    let last: unknown;
    await expect
      .poll(
        async () => {
          const [shown, rest] = await Promise.all([shownBook(page), restBook(tokenId)]);
          last = { shown, rest };
          const same = JSON.stringify(shown) === JSON.stringify(rest);
          return same && (!expected || JSON.stringify(rest) === JSON.stringify(expected));
        },
        { timeout, interval: 200 },
      )
      .toBe(true)
      .catch((error: unknown) => {
        throw new Error(`the shown book never matched REST: ${JSON.stringify(last)}`, {
          cause: error,
        });
      });
    return last as { shown: Book };
  }

  /** Both screens show `expected`, as REST has it. */
  async function bothShow(pages: Page[], tokenId: string, expected: Book) {
    for (const page of pages) await bookMatchesRest(page, tokenId, expected);
  }

  const entry = (page: Page) => page.getByRole('form', { name: 'Order entry' });

  async function placeLimit(page: Page, side: 'buy' | 'sell', quantity: string, price: string) {
    const form = entry(page);
    await form.getByText(side, { exact: true }).click();
    await form.getByLabel('Type').selectOption('limit');
    await form.getByLabel('Quantity').fill(quantity);
    await form.getByLabel('Limit price (USD)').fill(price);
    await form.getByRole('button', { name: side === 'buy' ? /^Buy / : /^Sell / }).click();
  }

  const openOrders = (page: Page) => page.getByRole('table', { name: 'Open orders' });
  const fills = (page: Page) => page.getByRole('table', { name: 'Fills' });

  it(
    'two investors trade through the screen while both books follow live',
    { timeout: 240_000 },
    async () => {
      const token = await web.sys.seeds.token({ fat_finger_mode: 'confirm' });
      const seller = await web.sys.investor(`sam-${newId()}@example.com`);
      const buyer = await web.sys.investor(`bea-${newId()}@example.com`);
      await web.sys.seeds.deposit(buyer.id, '2000.00');
      await web.sys.seeds.giveTokens(seller.id, token.id, 400);
      await web.sys.db
        .insertInto('token_navs')
        .values({ id: newId(), token_id: token.id, nav: '10.00', recorded_by: token.issuer.id })
        .execute();
      const [sellerPage, buyerPage] = await Promise.all([
        tradingScreen(seller, token.id),
        tradingScreen(buyer, token.id),
      ]);
      const both = [sellerPage, buyerPage];

      // Before sending, each side reads what the order can cost in fees: the seller pays.
      const sellerForm = entry(sellerPage);
      await sellerForm.getByText('sell', { exact: true }).click();
      await sellerForm.getByLabel('Quantity').fill('100');
      await sellerForm.getByLabel('Limit price (USD)').fill('10.00');
      await expect
        .poll(() => sellerForm.getByTestId('order-fee').textContent())
        .toBe(
          'Total about 1000.00 USD; fee up to 5.00 USD (0.5%, paid by you as the seller); you receive about 995.00 USD.',
        );
      expect(await entry(buyerPage).getByTestId('order-fee').textContent()).toBe(
        'No fee for the buyer: the seller pays 0.5% of each trade.',
      );
      await screenshot(sellerPage, journey, '00-seller-fee-before-sending');

      // The seller's ask reaches both books.
      await placeLimit(sellerPage, 'sell', '100', '10.00');
      await expect
        .poll(() => entry(sellerPage).getByRole('status').textContent(), patience)
        .toBe('Order open: 0 of 100 filled');
      await bothShow(both, token.id, { bids: [], asks: [['10.00', '100']] });
      await screenshot(sellerPage, journey, '01-seller-ask');
      await screenshot(buyerPage, journey, '02-buyer-sees-ask');

      // The buyer takes 40: both books, tapes and tickers, and each user's orders and fills.
      await placeLimit(buyerPage, 'buy', '40', '10.00');
      await expect
        .poll(() => entry(buyerPage).getByRole('status').textContent(), patience)
        .toBe('Order filled: 40 of 40 filled in 1 trade(s)');
      await bothShow(both, token.id, { bids: [], asks: [['10.00', '60']] });
      for (const page of both) {
        await expect
          .poll(() => page.getByRole('table', { name: 'Trades' }).innerText(), patience)
          .toContain('10.00\t40');
        await expect
          .poll(() => page.getByTestId('last-price').textContent(), patience)
          .toBe('10.00');
        await expect
          .poll(() => page.getByTestId('candles').getAttribute('data-count'), patience)
          .toBe('1');
      }
      await expect
        .poll(() => fills(buyerPage).innerText(), patience)
        .toMatch(/buy\t10\.00\t40\t400\.00\t0\.00\t400\.00/);
      // Gross, fee and net: the seller paid 0.5% of 400.00.
      await expect
        .poll(() => fills(sellerPage).innerText(), patience)
        .toMatch(/sell\t10\.00\t40\t400\.00\t2\.00\t398\.00/);
      await expect.poll(() => openOrders(sellerPage).innerText(), patience).toContain('40 / 100');
      // the seller's answer line follows the order the buyer took part of
      await expect
        .poll(() => entry(sellerPage).getByRole('status').textContent(), patience)
        .toBe('Order partially filled: 40 of 100 filled');
      await expect
        .poll(() => openOrders(sellerPage).innerText(), patience)
        .toContain('partially filled');
      await expect
        .poll(() => buyerPage.getByRole('table', { name: 'Order history' }).innerText(), patience)
        .toContain('40 / 40');
      await screenshot(buyerPage, journey, '03-buyer-filled');
      await screenshot(sellerPage, journey, '04-seller-partly-filled');

      // The seller amends the ask to 70 in all (30 left); both books follow.
      await openOrders(sellerPage).getByRole('button', { name: 'Amend' }).click();
      const amend = sellerPage.getByRole('form', { name: /^Amend order/ });
      await amend.getByLabel('Total quantity').fill('70');
      await amend.getByRole('button', { name: 'Save' }).click();
      await amend.waitFor({ state: 'detached' });
      await bothShow(both, token.id, { bids: [], asks: [['10.00', '30']] });

      // A bid far from the last price: the API asks for both confirmations, one after the other.
      await placeLimit(buyerPage, 'buy', '1', '31.00');
      const confirmFat = entry(buyerPage).getByRole('button', { name: /place it anyway/ });
      await expect
        .poll(() => entry(buyerPage).getByRole('alert').textContent(), patience)
        .toContain('FAT_FINGER_CONFIRMATION_REQUIRED');
      await screenshot(buyerPage, journey, '05-fat-finger');
      await confirmFat.click();
      await expect
        .poll(() => entry(buyerPage).getByRole('alert').textContent(), patience)
        .toContain('NAV_DEVIATION_CONFIRMATION_REQUIRED');
      await confirmFat.click();
      // it crosses the ask and trades at the ask's 10.00
      await expect
        .poll(() => entry(buyerPage).getByRole('status').textContent(), patience)
        .toBe('Order filled: 1 of 1 filled in 1 trade(s)');

      // A resting bid, cancelled on its own; then the seller cancels all.
      await placeLimit(buyerPage, 'buy', '5', '9.50');
      await expect
        .poll(() => entry(buyerPage).getByRole('status').textContent(), patience)
        .toBe('Order open: 0 of 5 filled');
      await bothShow(both, token.id, { bids: [['9.50', '5']], asks: [['10.00', '29']] });
      // The depth chart draws both sides, each of one level, as areas.
      for (const side of ['depth-bids', 'depth-asks'])
        expect((await buyerPage.getByTestId(side).boundingBox())?.width).toBeGreaterThan(10);
      await screenshot(buyerPage, journey, '06-bid-and-ask');

      // The token gets a maximum balance of 46: the buyer holds 41 and bids for 5 more, so one
      // more is refused, and the form says which rule refused it, in words.
      await setRules(web.sys.db, token.id, { max_balance_units: 46 });
      await placeLimit(buyerPage, 'buy', '1', '9.50');
      await expect
        .poll(() => entry(buyerPage).getByRole('alert').textContent(), patience)
        .toContain("This would take the holder above the token's maximum balance per investor");
      expect(await entry(buyerPage).getByTestId('refusing-rule').textContent()).toBe(
        "Refused by the token's rule: a maximum balance per investor.",
      );
      await screenshot(buyerPage, journey, '06b-order-refused-by-rule');
      await web.sys.db
        .deleteFrom('token_compliance_rules')
        .where('token_id', '=', token.id)
        .execute();
      await openOrders(buyerPage).getByRole('button', { name: 'Cancel' }).click();
      await sellerPage.getByRole('button', { name: 'Cancel all my orders here' }).click();
      await bothShow(both, token.id, { bids: [], asks: [] });
      await expect.poll(() => sellerPage.getByText('No open orders.').count(), patience).toBe(1);
      await expect
        .poll(() => sellerPage.getByRole('table', { name: 'Order history' }).innerText(), patience)
        .toContain('cancelled');

      // Candles of another interval come from REST, then follow the socket.
      await buyerPage.getByRole('button', { name: '1h' }).click();
      await expect
        .poll(() => buyerPage.getByTestId('candles').getAttribute('data-count'), patience)
        .toBe('1');
      await screenshot(buyerPage, journey, '07-candles-1h');
      await screenshot(sellerPage, journey, '08-seller-cancelled-all');
      await buyerPage.setViewportSize({ width: 390, height: 844 });
      await screenshot(buyerPage, journey, '09-phone-width');

      // The portfolio counts the fees paid: 2.00 on 400.00 and 0.05 on 10.00, the seller's only.
      await menu(sellerPage, 'Portfolio');
      await expect
        .poll(() => sellerPage.getByTestId('trading-fees-paid').textContent(), patience)
        .toBe('2.05 USD');
      await screenshot(sellerPage, journey, '10-seller-fees-paid');
      await menu(buyerPage, 'Portfolio');
      await expect
        .poll(() => buyerPage.getByTestId('trading-fees-paid').textContent(), patience)
        .toBe('0.00 USD');
    },
  );

  it(
    'shows the REST book after about 100 book updates a second',
    { timeout: 240_000 },
    async () => {
      const token = await web.sys.seeds.token();
      const maker = await web.sys.investor(`maker-${newId()}@example.com`);
      const viewer = await web.sys.investor(`viewer-${newId()}@example.com`);
      await web.sys.seeds.deposit(maker.id, '1000000.00');
      await web.sys.seeds.giveTokens(maker.id, token.id, 1_000_000);
      const page = await tradingScreen(viewer, token.id);

      // One book update per place or cancel: resting bids 9.00-9.49 and asks 10.50-10.99, never
      // crossing; at most 30 resting, the oldest cancelled first. One started every 10 ms (the
      // trading process commits them in batches, so many are in flight on a loaded machine).
      const resting: string[] = [];
      let updates = 0;
      const step = async (i: number) => {
        if (resting.length >= 30 && i % 2 === 1) {
          await web.sys.trade('DELETE', `/api/v1/orders/${resting.shift()!}`, undefined, maker);
        } else {
          const cents = (i * 7) % 50;
          const sell = i % 3 === 0;
          const price = sell ? `10.${50 + cents}` : `9.${String(cents).padStart(2, '0')}`;
          const body = {
            token_id: token.id,
            side: sell ? 'sell' : 'buy',
            order_type: 'limit',
            quantity: 1 + (i % 9),
            price,
          };
          const placed = await web.sys.trade('POST', '/api/v1/orders', body, maker);
          resting.push(placed.order.id as string);
        }
        updates += 1;
      };
      const started = Date.now();
      const running: Promise<void>[] = [];
      // Timers run late on a busy event loop: start as many as the elapsed time is due.
      while (Date.now() - started < 5_000) {
        const due = Math.floor((Date.now() - started) / 10);
        while (running.length < due) running.push(step(running.length));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await Promise.all(running);
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `web-trading render: ${updates} book updates in ${seconds.toFixed(1)} s (${(updates / seconds).toFixed(0)}/s)`,
      );
      expect(updates).toBeGreaterThan(100);

      const { shown } = await bookMatchesRest(page, token.id, undefined, 60_000);
      expect(shown.bids.length + shown.asks.length).toBeGreaterThan(10);
      await screenshot(page, journey, '10-after-100-updates-a-second');
    },
  );
});
