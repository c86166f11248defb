/**
 * The trading nodes screen in a real browser (headless Chromium) against the real platform and
 * trading process on one test database. Staff open it from the navigation: the single trading
 * process is the one live node, with the book an order just opened, its epoch and lease times as
 * GET /api/v1/admin/cluster gives them; a node whose heartbeat stopped while a book is still
 * leased to it shows as expired with that book. The screen refreshes by itself: a book opened
 * later appears and the lease ages grow without a reload. An investor has no such link. The
 * screenshot lands in test-results/web-cluster/.
 */
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { menu, screenshot, signIn } from '../support/browser.js';
import { testPassword } from '../support/platform.js';
import { callJson, webTradingInBrowser, type Investor } from '../support/web.js';

const journey = 'web-cluster';
/** the machine is shared: what the screen shows may take a while under load */
const patience = { timeout: 20_000 };

describe('trading nodes screen in a browser', () => {
  const web = webTradingInBrowser();

  async function signedIn(email: string): Promise<Page> {
    const context = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(web.sys.url);
    await signIn(page, email, testPassword);
    return page;
  }

  async function openBook(investor: Investor) {
    const token = await web.sys.seeds.token();
    await web.sys.trade(
      'POST',
      '/api/v1/orders',
      { token_id: token.id, side: 'buy', order_type: 'limit', quantity: 1, price: '10.00' },
      investor,
    );
    return web.sys.db
      .selectFrom('tokens')
      .select(['id', 'symbol'])
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
  }

  it(
    'staff see the nodes, their books and lease ages, refreshed as books open',
    { timeout: 120_000 },
    async () => {
      const investor = await web.sys.investor(`cluster-${newId()}@example.com`);
      await web.sys.seeds.deposit(investor.id, '1000.00');
      const first = await openBook(investor);
      // a node that died with a book still leased to it
      const dead = `dead-${newId().slice(-8)}`;
      const orphan = await web.sys.seeds.token();
      await sql`insert into trading_nodes (id, url, heartbeat_at, expires_at)
        values (${dead}, 'http://10.0.0.9:8081', now() - interval '12 seconds',
          now() - interval '7 seconds')`.execute(web.sys.db);
      await sql`insert into book_leases (token_id, owner_node, epoch, expires_at, acquired_at)
        values (${orphan.id}, ${dead}, 4, now() - interval '7 seconds',
          now() - interval '2 hours')`.execute(web.sys.db);

      const staff = await web.sys.staff(`cluster-staff-${newId()}@example.com`);
      const status = await callJson(
        `${web.sys.tradingUrl}/api/v1/admin/cluster`,
        'GET',
        undefined,
        staff.token,
      );
      const self = status.answered_by as string;
      expect(status.mode).toBe('single');

      const page = await signedIn(staff.email);
      await menu(page, 'Trading nodes');
      await expect
        .poll(() => page.getByTestId('cluster-mode').textContent(), patience)
        .toBe('One trading process owns every book.');
      const cells = (table: string) =>
        page
          .getByRole('table', { name: table })
          .locator('tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText)),
          );
      await expect
        .poll(() => cells('Nodes'), patience)
        .toEqual(
          [
            [dead, 'expired', expect.stringMatching(/^\d+\.\d s ago$/), '1'],
            [self, 'live', '—', '1'],
          ].sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)),
        );
      await expect
        .poll(() => cells(`Books of ${self}`), patience)
        .toEqual([
          [first.symbol, 'held', '1', expect.stringMatching(/ s$/), expect.stringMatching(/^in /)],
        ]);
      const orphanSymbol = (
        await web.sys.db
          .selectFrom('tokens')
          .select('symbol')
          .where('id', '=', orphan.id)
          .executeTakeFirstOrThrow()
      ).symbol;
      expect(await cells(`Books of ${dead}`)).toEqual([
        [orphanSymbol, 'expired', '4', '2 h 0 min', expect.stringMatching(/^\d+\.\d s ago$/)],
      ]);

      // the screen refreshes by itself: the lease age grows, a book opened later appears
      const age = async () => (await cells(`Books of ${self}`))[0]![3];
      const before = await age();
      await expect.poll(age, patience).not.toBe(before);
      const second = await openBook(investor);
      await expect
        .poll(async () => (await cells(`Books of ${self}`)).map((row) => row[0]).sort(), patience)
        .toEqual([first.symbol, second.symbol].sort());
      await expect
        .poll(async () => (await cells('Nodes')).find((row) => row[0] === self)?.[3], patience)
        .toBe('2');
      await screenshot(page, journey, '01-staff-trading-nodes');

      // an investor has no link to it
      const investorPage = await signedIn(investor.email);
      const nav = investorPage.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Marketplace' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Trading nodes' }).count()).toBe(0);
    },
  );
});
