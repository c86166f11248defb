/**
 * The trading screen during a call auction, in a real browser (headless Chromium) against the
 * real platform and trading process on the system clock: staff give the token opening and closing
 * calls with today's hours starting this minute, so its opening call runs for about a minute; the
 * investor's screen shows the call, and its indicative price and volume move as orders arrive
 * (one entered on the screen, the others through the API); at the call's random end the screen
 * shows continuous trading and the auction's trade on the tape. Screenshots land in
 * test-results/web-auction/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { expectFitsPhone, menu, screenshot, signIn } from '../support/browser.js';
import { testPassword } from '../support/platform.js';
import { webTradingInBrowser, type Investor } from '../support/web.js';

const journey = 'web-auction';
/** the machine is shared: what the screen shows may take a while under load */
const patience = { timeout: 20_000 };

/** The time of day and ISO weekday in `timeZone` now. */
function localNow(timeZone: string): { minutes: number; seconds: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')) + 1;
  return {
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
    seconds: Number(part('second')),
    weekday,
  };
}

/**
 * A session that opened at the start of this minute (in a zone far enough from midnight for the
 * day to hold its calls) with an opening call that ends `callLeft` seconds from now.
 */
function openingNow(callLeft: number) {
  const timeZone = ['UTC', 'Asia/Tokyo'].find((zone) => localNow(zone).minutes < 23 * 60 + 30)!;
  const { minutes, seconds, weekday } = localNow(timeZone);
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return {
    market_model: 'continuous_with_auctions',
    time_zone: timeZone,
    hours: [{ weekday, opens: hhmm, closes: '24:00' }],
    calendar: null,
    opening_call_seconds: seconds + callLeft,
    closing_call_seconds: 60,
    call_seconds: 300,
    random_end_seconds: 2,
    reason: 'Opening call for the browser test',
  };
}

describe('the trading screen during a call auction', () => {
  const web = webTradingInBrowser();

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

  it(
    'shows the call, its indicative price and volume moving with the orders, then the uncross',
    { timeout: 240_000 },
    async () => {
      const token = await web.sys.seeds.token();
      const seller = await web.sys.investor(`sol-${newId()}@example.com`);
      const buyer = await web.sys.investor(`ben-${newId()}@example.com`);
      await web.sys.seeds.deposit(buyer.id, '5000.00');
      await web.sys.seeds.giveTokens(seller.id, token.id, 100);
      const staff = await web.sys.staff(`sid-${newId()}@example.com`);
      const page = await tradingScreen(buyer, token.id);
      const phase = () => page.getByTestId('market-phase').textContent();
      await expect.poll(phase, patience).toBe('Continuous trading');

      // staff open the session now: the screen follows into the opening call
      await web.sys.trade(
        'PUT',
        `/api/v1/admin/tokens/${token.id}/trading-session`,
        openingNow(60),
        staff,
      );
      await expect.poll(phase, patience).toBe('Opening call auction');
      const price = () => page.getByTestId('indicative-price').textContent();
      const volume = () => page.getByTestId('indicative-volume').textContent();
      await expect.poll(price, patience).toBe('—');
      await screenshot(page, journey, '00-opening-call');

      // a sell alone meets nothing; the buyer's bid on the screen meets it at the reference
      const order = { token_id: token.id, order_type: 'limit' };
      await web.sys.trade(
        'POST',
        '/api/v1/orders',
        { ...order, side: 'sell', quantity: 10, price: '10.00' },
        seller,
      );
      const form = page.getByRole('form', { name: 'Order entry' });
      await form.getByText('buy', { exact: true }).click();
      await form.getByLabel('Type').selectOption('limit');
      await form.getByLabel('Quantity').fill('10');
      await form.getByLabel('Limit price (USD)').fill('10.20');
      await form.getByRole('button', { name: /^Buy / }).click();
      await expect.poll(price, patience).toBe('10.00');
      expect(await volume()).toBe('10');
      await screenshot(page, journey, '01-indicative-at-the-reference');

      // a lower bid leaves a buy surplus below 10.11: the price moves up to where there is none
      await web.sys.trade(
        'POST',
        '/api/v1/orders',
        { ...order, side: 'buy', quantity: 5, price: '10.10' },
        buyer,
      );
      await expect.poll(price, patience).toBe('10.11');
      expect(await volume()).toBe('10');
      expect(await page.getByTestId('indicative-surplus').textContent()).toBe('none');
      // nothing has traded during the call
      expect((await web.sys.trade('GET', `/api/v1/markets/${token.id}/trades`)).data).toEqual([]);
      await screenshot(page, journey, '02-indicative-moved');

      // the random end: the screen shows continuous trading and the auction's trade
      await expect.poll(phase, { timeout: 120_000 }).toBe('Continuous trading');
      expect(await page.getByTestId('indicative').count()).toBe(0);
      const trades = (await web.sys.trade('GET', `/api/v1/markets/${token.id}/trades`)).data;
      expect(trades.map((t: { price: string; quantity: number }) => [t.price, t.quantity])).toEqual(
        [['10.11', 10]],
      );
      await expect.poll(() => page.getByTestId('last-price').textContent(), patience).toBe('10.11');
      await screenshot(page, journey, '03-uncrossed');
    },
  );

  it(
    'lets staff give a token periodic calls and a holiday calendar on the Trading sessions screen, refusing an unknown zone',
    { timeout: 180_000 },
    async () => {
      const token = await web.sys.seeds.token();
      const { symbol } = await web.sys.db
        .selectFrom('tokens')
        .select('symbol')
        .where('id', '=', token.id)
        .executeTakeFirstOrThrow();
      const email = `sam-${newId()}@example.com`;
      const staff = await web.sys.staff(email);
      const context = await web.browser.newContext({ viewport: { width: 1280, height: 1000 } });
      const page = await context.newPage();
      await page.goto(web.sys.url);
      await signIn(page, email, testPassword);
      await menu(page, 'Trading sessions');

      // a holiday calendar first, to be chosen for the token
      const code = `t${newId().slice(0, 8)}`;
      await page.getByText('New calendar').click();
      const calendar = page.getByRole('form', { name: 'New holiday calendar' });
      await calendar.getByLabel('Code').fill(code);
      await calendar.getByLabel('Name', { exact: true }).fill('Test exchange holidays');
      await calendar.getByLabel(/^Holidays, one a line/).fill('2027-12-25 Christmas Day');
      await calendar.getByLabel('Reason for the change').fill('Holidays of the browser test');
      await calendar.getByRole('button', { name: 'Create the calendar' }).click();
      await page.getByText(`Test exchange holidays (${code}) · 1 holidays`).waitFor(patience);

      const path = `/api/v1/admin/tokens/${token.id}/trading-session`;
      const form = page.getByRole('form', { name: `Trading session of ${symbol}` });
      await form.getByLabel('Market model').selectOption('periodic_auction');
      await form.getByLabel('Time zone (IANA)').fill('Mars/Olympus_Mons');
      await form.getByLabel('Monday opens').fill('09:00');
      await form.getByLabel('Monday closes').fill('17:30');
      await form.getByLabel('Holiday calendar').selectOption(code);
      await form.getByLabel('Periodic call (seconds)').fill('120');
      await form.getByLabel('Reason for the change').fill('Illiquid: periodic calls');
      await form.getByRole('button', { name: 'Save the session' }).click();
      await expect
        .poll(() => form.getByRole('alert').textContent(), patience)
        .toContain('Unknown time zone Mars/Olympus_Mons');
      await screenshot(page, journey, '10-staff-session-refused');
      expect((await web.sys.trade('GET', path, undefined, staff)).market_model).toBe('continuous');

      // corrected, the values typed are kept and saved
      await form.getByLabel('Time zone (IANA)').fill('Europe/London');
      await form.getByRole('button', { name: 'Save the session' }).click();
      await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor(patience);
      const saved = await web.sys.trade('GET', path, undefined, staff);
      expect(saved).toMatchObject({
        market_model: 'periodic_auction',
        time_zone: 'Europe/London',
        hours: [{ weekday: 1, opens: '09:00', closes: '17:30' }],
        calendar: code,
        call_seconds: 120,
      });
      await expectFitsPhone(page, journey, '11-staff-sessions-phone');
      await context.close();
    },
  );
});
