/**
 * The surveillance screen in a real browser (headless Chromium) against the real platform and
 * trading process on one test database. An admin lowers a token's wash-trade threshold on the
 * screen; two investors then trade one lot back and forth through the order API, which fires
 * the rule; staff find the alert by rule and token, read its evidence and close it with a note,
 * which the API then answers; the admin's screen, opened before, is refused a second close. An
 * investor gets 403 from the routes and no staff navigation. Staff then read the session's
 * order audit trail, a refused order included, on its screen, narrow it by range and download it
 * as CSV, each equal to the API. Screenshots land in test-results/web-surveillance/.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { menu, screenshot, signIn } from '../support/browser.js';
import { parseCsv } from '../support/pdf-text.js';
import { testPassword } from '../support/platform.js';
import { adminEmail, callJson, webTradingInBrowser, type Investor } from '../support/web.js';

const journey = 'web-surveillance';
/** the machine is shared: what the screen shows may take a while under load */
const patience = { timeout: 20_000 };

describe('surveillance screen in a browser', () => {
  const web = webTradingInBrowser();

  async function signedIn(email: string, timezoneId?: string): Promise<Page> {
    const context = await web.browser.newContext({
      viewport: { width: 1280, height: 1000 },
      ...(timezoneId ? { timezoneId } : {}),
    });
    const page = await context.newPage();
    await page.goto(web.sys.url);
    await signIn(page, email, testPassword);
    return page;
  }

  /** The screen's alert list filtered to the token's wash-trade alerts, one alert's evidence open. */
  async function openAlert(page: Page, tokenId: string, alertId: string) {
    await menu(page, 'Surveillance');
    const filters = page.getByRole('form', { name: 'Filter alerts' });
    await filters.getByLabel('Token').selectOption(tokenId);
    await filters.getByLabel('Rule').selectOption('wash_trade');
    await filters.getByRole('button', { name: 'Filter' }).click();
    const list = page.getByRole('table', { name: 'Alerts' });
    await expect.poll(() => list.locator('tbody tr').count(), patience).toBe(1);
    await page
      .getByRole('button', { name: `Evidence of wash trade alert ${alertId.slice(0, 8)}` })
      .click();
    return page.getByRole('article', { name: `Alert ${alertId}` });
  }

  const alertPath = (id: string) => `/api/v1/admin/surveillance/alerts/${id}`;

  it(
    'staff find a wash trade by rule, read its evidence and close it once with a note',
    { timeout: 240_000 },
    async () => {
      const token = await web.sys.seeds.token();
      const [a, b] = [
        await web.sys.investor(`wash-a-${newId()}@example.com`),
        await web.sys.investor(`wash-b-${newId()}@example.com`),
      ];
      for (const investor of [a, b]) {
        await web.sys.seeds.deposit(investor.id, '1000.00');
        await web.sys.seeds.giveTokens(investor.id, token.id, 100);
      }
      const staff = await web.sys.staff(`staff-${newId()}@example.com`);
      const [staffPage, adminPage] = await Promise.all([
        signedIn(staff.email),
        signedIn(adminEmail),
      ]);

      // The admin makes one round trip enough for this token (the default is two).
      await menu(adminPage, 'Surveillance');
      await adminPage.getByText('Thresholds per token').click();
      await adminPage.getByLabel('Token of the thresholds').selectOption(token.id);
      const form = adminPage.getByRole('form', { name: /^Surveillance thresholds of / });
      await expect
        .poll(() => adminPage.getByTestId('thresholds-source').textContent(), patience)
        .toContain("platform's defaults");
      await form.getByLabel('Wash trades: round trips').fill('1');
      await form.getByRole('button', { name: 'Save thresholds' }).click();
      await expect
        .poll(() => adminPage.getByTestId('thresholds-source').textContent(), patience)
        .toBe("The token's own.");
      const admin = await web.sys.admin();
      const thresholds = await web.sys.trade(
        'GET',
        `/api/v1/admin/surveillance/thresholds/${token.id}`,
        undefined,
        admin,
      );
      expect(thresholds).toMatchObject({
        token_id: token.id,
        is_default: false,
        wash_min_round_trips: 1,
      });
      await screenshot(adminPage, journey, '01-admin-thresholds');

      // Staff read the thresholds without a form to change them.
      await menu(staffPage, 'Surveillance');
      await staffPage.getByText('Thresholds per token').click();
      await staffPage.getByLabel('Token of the thresholds').selectOption(token.id);
      const shown = staffPage.getByRole('definition').filter({ hasText: /^1$/ });
      await expect.poll(() => shown.count(), patience).toBeGreaterThan(0);
      expect(await staffPage.getByRole('button', { name: 'Save thresholds' }).count()).toBe(0);

      // One lot from a to b and back: a wash trade.
      const place = (investor: Investor, side: 'buy' | 'sell') =>
        web.sys.trade(
          'POST',
          '/api/v1/orders',
          { token_id: token.id, side, order_type: 'limit', quantity: 7, price: '10.00' },
          investor,
        );
      await place(a, 'sell');
      await place(b, 'buy');
      await place(b, 'sell');
      await place(a, 'buy');
      let alertId = '';
      await expect
        .poll(async () => {
          const page = await web.sys.trade(
            'GET',
            `/api/v1/admin/surveillance/alerts?token_id=${token.id}`,
            undefined,
            staff,
          );
          alertId = page.data[0]?.id ?? '';
          return page.data.map((x: { rule: string; user_id: string }) => [x.rule, x.user_id]);
        }, patience)
        .toEqual([['wash_trade', a.id]]);

      // Staff find it by token and rule and read the evidence: four orders, two trades between
      // the two accounts.
      const staffAlert = await openAlert(staffPage, token.id, alertId);
      const evidence = staffAlert.getByRole('table', { name: 'Evidence timeline' });
      await expect.poll(() => evidence.locator('tbody tr').count(), patience).toBe(6);
      // People by email (these accounts gave no name), each a link to their row on Users.
      await expect.poll(() => evidence.innerText(), patience).toContain(`seller ${a.email}`);
      const timeline = await evidence.innerText();
      expect(timeline.match(/\border placed\b/g)).toHaveLength(4);
      expect(timeline.match(/\btrade\b/g)).toHaveLength(2);
      expect(timeline).toContain(`buyer ${b.email}, seller ${a.email}`);
      expect(timeline).toContain(`buyer ${a.email}, seller ${b.email}`);
      expect(timeline).not.toContain(a.id);
      await expect
        .poll(() => staffAlert.getByTestId('alert-summary').textContent(), patience)
        .toContain(`between accounts ${a.email} and ${b.email}`);
      const user = staffAlert.getByTestId('alert-user').getByRole('link');
      expect(await user.textContent()).toBe(a.email);
      expect(await user.getAttribute('href')).toBe(`#/admin/users/${a.id}`);
      expect(await staffAlert.getByRole('heading', { level: 2 }).textContent()).toBe(
        'wash trade · open',
      );
      await screenshot(staffPage, journey, '02-staff-evidence');

      // The admin opens the same alert before staff close it.
      const adminAlert = await openAlert(adminPage, token.id, alertId);
      await adminAlert.getByRole('form', { name: 'Close alert' }).waitFor();

      const note = 'Same household; warned both accounts';
      const close = staffAlert.getByRole('form', { name: 'Close alert' });
      await close.getByLabel('Note (what you found)').fill(note);
      await close.getByRole('button', { name: 'Close alert' }).click();
      await expect
        .poll(() => staffAlert.getByTestId('alert-note').textContent(), patience)
        .toBe(note);
      expect(await staffAlert.getByRole('heading', { level: 2 }).textContent()).toBe(
        'wash trade · closed',
      );
      // the list (open alerts of that rule and token) no longer has it
      await expect.poll(() => staffPage.getByText('No alerts match.').count(), patience).toBe(1);
      // the closer's email comes with the people's refs, read after the close
      await expect
        .poll(
          () => staffAlert.getByRole('definition').filter({ hasText: ' by ' }).innerText(),
          patience,
        )
        .toContain(`by ${staff.email}`);
      await screenshot(staffPage, journey, '03-staff-closed');
      const closed = await web.sys.trade('GET', alertPath(alertId), undefined, staff);
      expect(closed).toMatchObject({ status: 'closed', note, closed_by: staff.id });

      // The admin's screen still offers the close: the API refuses it, the screen says so.
      const stale = adminAlert.getByRole('form', { name: 'Close alert' });
      await stale.getByLabel('Note (what you found)').fill('mine too');
      await stale.getByRole('button', { name: 'Close alert' }).click();
      await expect
        .poll(() => stale.getByRole('alert').textContent(), patience)
        .toContain('ALERT_ALREADY_CLOSED');
      await screenshot(adminPage, journey, '04-second-close-refused');
      expect(await web.sys.trade('GET', alertPath(alertId), undefined, staff)).toMatchObject({
        note,
        closed_by: staff.id,
      });

      // An investor: 403 from every surveillance route, no staff navigation, the screen refused.
      for (const [method, path, body] of [
        ['GET', '/api/v1/admin/surveillance/alerts', undefined],
        ['GET', alertPath(alertId), undefined],
        ['POST', `${alertPath(alertId)}/close`, { note: 'mine' }],
        ['GET', `/api/v1/admin/surveillance/thresholds/${token.id}`, undefined],
      ] as const) {
        const refused = await callJson(`${web.sys.tradingUrl}${path}`, method, body, a.token, 403);
        expect(refused.code).toBe('FORBIDDEN_ROLE');
      }
      const investorPage = await signedIn(a.email);
      const nav = investorPage.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Surveillance' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'KYC queue' }).count()).toBe(0);
      await investorPage.goto(`${web.sys.url}/#/admin/surveillance`);
      await expect
        .poll(() => investorPage.getByRole('alert').first().textContent(), patience)
        .toContain('FORBIDDEN_ROLE');
      expect(await investorPage.getByRole('table', { name: 'Alerts' }).count()).toBe(0);
      await screenshot(investorPage, journey, '05-investor-refused');
    },
  );

  it(
    "staff read the session's order audit trail, refused orders included, narrow it and download it",
    { timeout: 120_000 },
    async () => {
      const token = await web.sys.seeds.token();
      const investor = await web.sys.investor(`audit-${newId()}@example.com`);
      await web.sys.seeds.deposit(investor.id, '100.00');
      await web.sys.seeds.giveTokens(investor.id, token.id, 10);
      const order = { token_id: token.id, order_type: 'limit', price: '10.00' };
      const placed = await web.sys.trade(
        'POST',
        '/api/v1/orders',
        { ...order, side: 'sell', quantity: 3 },
        investor,
      );
      const refused = await callJson(
        `${web.sys.tradingUrl}/api/v1/orders`,
        'POST',
        { ...order, side: 'buy', quantity: 11 },
        investor.token,
        422,
      );
      expect(refused.code).toBe('INSUFFICIENT_FUNDS');
      // an amend: 3 at 10.00 becomes 2 at 10.50
      await web.sys.trade(
        'PATCH',
        `/api/v1/orders/${placed.order.id}`,
        { quantity: 2, price: '10.50' },
        investor,
      );

      const staff = await web.sys.staff(`audit-staff-${newId()}@example.com`);
      const events = async (range: string) =>
        (
          await callJson(
            `${web.sys.url}/api/v1/admin/order-events?${range}&limit=100`,
            'GET',
            undefined,
            staff.token,
          )
        ).data as Record<string, string | null>[];
      const mine = (all: Record<string, string | null>[]) =>
        all.filter((e) => e.user_id === investor.id).map((e) => [e.event, e.outcome]);
      // the refusal is recorded by the book's batch, after the answer
      await expect
        .poll(async () => mine(await events('')), patience)
        .toEqual([
          ['open', null],
          ['refused', 'INSUFFICIENT_FUNDS'],
          ['open', 'AMENDED'],
          // a new price loses time priority: the book records the order again
          ['open', null],
        ]);

      // India has no daylight saving time: UTC+05:30 all year, a half-hour offset to convert.
      const page = await signedIn(staff.email, 'Asia/Kolkata');
      const local = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16);
      await menu(page, 'Order audit');
      const table = page.getByRole('table', { name: 'Order events' });
      const rows = () =>
        table
          .locator('tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText)),
          );
      const all = await events('');
      expect(all.map((e) => e.event_time)).toEqual(all.map((e) => e.event_time).sort());
      // people by email (these accounts gave no name), as GET /admin/user-refs names them
      const ids = [...new Set(all.map((e) => e.user_id!))];
      const refs = await callJson(
        `${web.sys.url}/api/v1/admin/user-refs?${ids.map((id) => `id=${id}`).join('&')}`,
        'GET',
        undefined,
        staff.token,
      );
      const email = new Map<string, string>(
        refs.data.map((u: { id: string; email: string }) => [u.id, u.email]),
      );
      expect(email.get(investor.id)).toBe(investor.email);
      const tokens = await callJson(
        `${web.sys.url}/api/v1/tokens?limit=100`,
        'GET',
        undefined,
        staff.token,
      );
      const symbol = new Map<string, string>(
        tokens.data.map((t: { id: string; symbol: string }) => [t.id, t.symbol]),
      );
      /** A value with what it was before an amend that changed it. */
      const changed = (before: string | null, after: string | null) =>
        before !== null && before !== after ? `${before} → ${after ?? '—'}` : (after ?? '—');
      /** The screen's row of an API event. */
      const shown = (e: Record<string, string | null>) => [
        e.event_time,
        e.event,
        e.outcome ?? '—',
        e.order_id?.slice(-8) ?? '—',
        email.get(e.user_id!),
        e.token_id ? symbol.get(e.token_id) : '—',
        e.side ?? '—',
        e.order_type ?? '—',
        changed(e.previous_price!, e.price!),
        changed(e.previous_quantity!, e.quantity!),
        e.book_sequence ?? '—',
      ];
      // the amend, old and new, on the token's row
      const amended = all.find((e) => e.outcome === 'AMENDED' && e.user_id === investor.id)!;
      expect(shown(amended).slice(5)).toEqual([
        symbol.get(token.id),
        'sell',
        'limit',
        '10.00 → 10.50',
        '3 → 2',
        amended.book_sequence,
      ]);
      await expect.poll(rows, patience).toEqual(all.map(shown));
      const refusedRow = table.locator('tbody tr').filter({ hasText: 'INSUFFICIENT_FUNDS' });
      expect(await refusedRow.getByRole('link').getAttribute('href')).toBe(
        `#/admin/users/${investor.id}`,
      );
      await screenshot(page, journey, '06-staff-order-audit');

      // A range that ends on the minute before the first event holds none of them.
      const form = page.getByRole('form', { name: 'Audit range' });
      const first = new Date(all[0]!.event_time!);
      const minute = new Date(Math.floor(first.getTime() / 60_000) * 60_000);
      await form.getByLabel('From').fill(local(new Date(minute.getTime() - 3_600_000)));
      await form.getByLabel('To').fill(local(minute));
      await form.getByRole('button', { name: 'Show' }).click();
      await expect
        .poll(() => page.getByText('No order event in this range.').count(), patience)
        .toBe(1);
      const before = `from=${new Date(minute.getTime() - 3_600_000).toISOString()}&to=${minute.toISOString()}`;
      expect(await events(before)).toEqual([]);

      // From the refusal's minute to the next hour: the table is the API's for that range.
      const refusal = all.find((e) => e.event === 'refused')!;
      const from = new Date(Math.floor(new Date(refusal.event_time!).getTime() / 60_000) * 60_000);
      const to = new Date(from.getTime() + 3_600_000);
      await form.getByLabel('From').fill(local(from));
      await form.getByLabel('To').fill(local(to));
      await form.getByRole('button', { name: 'Show' }).click();
      const range = `from=${from.toISOString()}&to=${to.toISOString()}`;
      const narrowed = await events(range);
      expect(narrowed.length).toBeGreaterThan(0);
      expect(narrowed.length).toBeLessThanOrEqual(all.length);
      expect(narrowed.every((e) => e.event_time! >= from.toISOString())).toBe(true);
      await expect.poll(rows, patience).toEqual(narrowed.map(shown));

      // The CSV of the range shown, as the API writes it.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const file = await readFile(await download.path(), 'utf8');
      const response = await fetch(`${web.sys.url}/api/v1/admin/order-events.csv?${range}`, {
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(response.status).toBe(200);
      expect(file).toBe(await response.text());
      const [header, ...lines] = parseCsv(file);
      expect(lines.map((line) => line[header!.indexOf('event_id')])).toEqual(
        narrowed.map((e) => e.event_id),
      );
      expect(
        lines
          .filter((line) => line[header!.indexOf('event')] === 'refused')
          .map((line) => [line[header!.indexOf('user_id')], line[header!.indexOf('outcome')]]),
      ).toContainEqual([investor.id, 'INSUFFICIENT_FUNDS']);
    },
  );
});
