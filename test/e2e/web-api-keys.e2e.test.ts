/**
 * The API keys page in a real browser (headless Chromium) against the real platform and trading
 * process on one test database: an investor creates a trading key on the page and reads its
 * secret, shown once; the test then places an order with a request signed by that key, as a
 * program would; the investor revokes the key on the page and the key is refused from then on.
 * Screenshots land in test-results/web-api-keys/.
 */
import { describe, expect, it } from 'vitest';
import { signRequest } from '../../src/lib/auth/request-signing.js';
import { enrolOnPage, menu, screenshot, signIn } from '../support/browser.js';
import { testPassword } from '../support/platform.js';
import { webTradingInBrowser } from '../support/web.js';

const journey = 'web-api-keys';
/** the machine is shared: what the screen shows may take a while under load */
const patience = { timeout: 20_000 };

/** A request signed with the key, as docs/api.md shows it, at the time it is sent. */
async function signed(url: string, key: { access: string; secret: string }, body?: unknown) {
  const { pathname, search } = new URL(url);
  const text = body === undefined ? '' : JSON.stringify(body);
  const method = body === undefined ? 'GET' : 'POST';
  const timestamp = String(Date.now());
  const signature = signRequest(key.secret, {
    timestamp,
    method,
    pathWithQuery: `${pathname}${search}`,
    body: text,
  });
  const response = await fetch(url, {
    method,
    headers: {
      'x-tessera-key': key.access,
      'x-tessera-timestamp': timestamp,
      'x-tessera-signature': signature,
      ...(text ? { 'content-type': 'application/json' } : {}),
    },
    ...(text ? { body: text } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('API keys page in a browser', () => {
  const web = webTradingInBrowser();

  it(
    'creates a key on the page, places an order signed with it, and revokes it',
    { timeout: 240_000 },
    async () => {
      const token = await web.sys.seeds.token();
      const investor = await web.sys.investor('keys@example.com');
      await web.sys.seeds.deposit(investor.id, '1000.00');
      const context = await web.browser.newContext({ viewport: { width: 1280, height: 1000 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: web.sys.url,
      });
      const page = await context.newPage();
      await page.goto(web.sys.url);
      await signIn(page, investor.email, testPassword);
      // a key is made only with a second factor: the investor sets one up first
      await menu(page, 'Security');
      await enrolOnPage(page, investor.email);
      await menu(page, 'API keys');

      const form = page.getByRole('form', { name: 'New API key' });
      await form.getByLabel('Label').fill('market maker');
      await form.getByLabel(/trade:/).check();
      await form.getByRole('button', { name: 'Create key' }).click();
      const secret = (await page.getByTestId('api-key-secret').textContent(patience))!;
      const access = (await page.getByTestId('api-key-access').textContent())!;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      await page.getByRole('button', { name: 'Copy secret' }).click();
      await page.getByRole('button', { name: 'Copied' }).waitFor(patience);
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
      const keys = page.getByRole('table', { name: 'API keys' });
      await expect.poll(() => keys.locator('tbody tr').count(), patience).toBe(1);
      expect(await keys.textContent()).toContain('read, trade');
      await screenshot(page, journey, '1-created');

      // the trading node loads the new key at its next poll (each second)
      const order = {
        token_id: token.id,
        side: 'buy',
        order_type: 'limit',
        quantity: 1,
        price: '10.00',
        client_order_id: 'page-key-1',
      };
      await expect
        .poll(async () => {
          const answer = await signed(
            `${web.sys.tradingUrl}/api/v1/orders`,
            { access, secret },
            order,
          );
          return answer.status === 200 ? answer.body.order.status : answer.body.code;
        }, patience)
        .toBe('open');

      // the use is recorded (last used) off the order's path
      await expect
        .poll(async () => {
          await page.reload();
          return keys.locator('td[data-label="Last used"]').textContent();
        }, patience)
        .not.toBe('never');
      await keys.getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('button', { name: 'Yes, revoke' }).click();
      await page.getByTestId('notice').waitFor(patience);
      // the list is read again after the notice: wait for it rather than read it once
      await expect.poll(() => keys.textContent(), patience).toContain('revoked');
      await screenshot(page, journey, '2-revoked');

      const refused = await signed(`${web.sys.url}/api/v1/me`, { access, secret });
      expect([refused.status, refused.body.code]).toEqual([401, 'INVALID_API_KEY']);
      await context.close();
    },
  );
});
