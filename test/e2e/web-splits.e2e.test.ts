/**
 * A split in a real browser (headless Chromium) against the platform with a real chain (anvil,
 * the chain process, real T-REX contracts): the issuer proposes a 3:2 split on the token's
 * Splits page, a member of staff approves it on theirs, the split runner (ticked with its clock
 * past the effective moment) halts, scales every holder on chain and ends the halt; the issuer's
 * page follows it to done, and a holder sees their scaled holding on their portfolio and the cash
 * paid for the half token on their money page. Screenshots land in test-results/web-splits/.
 */
import { rememberSecret } from '../support/second-factor.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, menu, screenshot, signIn } from '../support/browser.js';
import { startIssuanceSystem, type IssuanceSystem } from '../support/issuance.js';
import { testPassword } from '../support/platform.js';
import {
  expectCashReconciles,
  expectChainEqualsDatabase,
  liveTokenWithHolders,
  staffMember,
} from '../support/splits.js';
import { buildWebClient } from '../support/web.js';

const journey = 'web-splits';
const patience = { timeout: 20_000 };
/** `datetime-local` with seconds in the browser's time zone (UTC, set on the context). */
const localTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);

describe('a split in a browser', () => {
  let s: IssuanceSystem;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    const [webDir, launched] = await Promise.all([buildWebClient(), launchBrowser()]);
    browser = launched;
    s = await startIssuanceSystem({}, { webDir });
    url = await s.app.listen({ host: '127.0.0.1', port: 0 });
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
