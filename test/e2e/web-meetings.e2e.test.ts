/**
 * A shareholder vote in a real browser (headless Chromium) against the real platform on a test
 * database: the issuer's meeting, approved by staff, reaches a holder of record, who finds it on
 * their portfolio, splits their votes on its page and changes them; at the close (the clerk ticked
 * with its clock moved past it) the page shows the result. Screenshots land in
 * test-results/web-meetings/.
 */
import { describe, expect, it } from 'vitest';
import { expectFitsPhone, menu, screenshot, signIn } from '../support/browser.js';
import { liveToken } from '../support/dividends.js';
import { testPassword } from '../support/platform.js';
import { callJson, webTradingInBrowser } from '../support/web.js';
import { insertWallet } from '../../src/platform/portfolio/testing/token-fixture.js';
import { meetingClerk } from '../../src/platform/corporate-actions/meeting-clerk.js';

const journey = 'web-meetings';
const patience = { timeout: 20_000 };
const hour = 3_600_000;

describe('shareholder votes in a browser', () => {
  const web = webTradingInBrowser();

  it(
    'lets a holder of record vote from their portfolio and read the result',
    { timeout: 240_000 },
    async () => {
      const { sys } = web;
      const issuer = await sys.investor('issuer-meeting@example.com');
      await sys.db
        .updateTable('users')
        .set({ role: 'issuer' })
        .where('id', '=', issuer.id)
        .execute();
      const { access_token: issuerToken } = await callJson(`${sys.url}/api/v1/auth/login`, 'POST', {
        email: issuer.email,
        password: testPassword,
      });
      const tokenId = await liveToken(sys.db, issuer.id, 'MEET');
      const holder = await sys.investor('holder-meeting@example.com');
      const recordDate = new Date(Date.now() - hour);
      await insertWallet(sys.db, holder.id, tokenId, 120, new Date(recordDate.getTime() - hour));
      const proposed = await callJson(
        `${sys.url}/api/v1/meetings`,
        'POST',
        {
          token_id: tokenId,
          title: 'Extraordinary meeting',
          record_date: recordDate.toISOString(),
          opens_at: recordDate.toISOString(),
          closes_at: new Date(Date.now() + hour).toISOString(),
          quorum_pct: '25',
          resolutions: [
            { title: 'Elect the new board', majority: 'simple' },
            { title: 'Amend the articles', majority: 'two_thirds' },
          ],
        },
        issuerToken,
        201,
      );
      const staff = await sys.staff('staff-meeting@example.com');
      await callJson(
        `${sys.url}/api/v1/admin/meetings/${proposed.id}/decision`,
        'POST',
        { decision: 'approve' },
        staff.token,
      );

      const context = await web.browser.newContext({ viewport: { width: 1200, height: 1000 } });
      const page = await context.newPage();
      await page.goto(sys.url);
      await signIn(page, holder.email, testPassword);
      await menu(page, 'Portfolio');
      const votes = page.getByRole('table', { name: 'Shareholder votes' });
      await votes.getByRole('link', { name: 'Extraordinary meeting' }).click(patience);
      await expect
        .poll(() => page.getByTestId('meeting-weight').textContent(), patience)
        .toBe('120');

      const form = page.getByRole('form', { name: 'Your votes' });
      await form.getByLabel('For: votes on resolution 1').fill('80');
      await form.getByLabel('Against: votes on resolution 1').fill('40');
      await form.getByLabel('For: votes on resolution 2').fill('121');
      await form.getByRole('button', { name: 'Cast my votes' }).click();
      // more than the holding at the record date: refused with its code, nothing recorded
      await form.getByRole('alert').getByText('VOTES_EXCEED_WEIGHT').waitFor(patience);
      await screenshot(page, journey, '1-over-weight');
      await expectFitsPhone(page, journey, '1a-ballot-phone');
      await form.getByLabel('For: votes on resolution 2').fill('90');
      await form.getByLabel('Abstain: votes on resolution 2').fill('30');
      await form.getByRole('button', { name: 'Cast my votes' }).click();
      await page.getByRole('button', { name: 'Change my votes' }).waitFor(patience);
      await screenshot(page, journey, '2-voted');
      const ballots = await callJson(
        `${sys.url}/api/v1/admin/meetings/${proposed.id}/ballots`,
        'GET',
        undefined,
        staff.token,
      );
      expect(ballots.data[0].votes.map((v: { units: string }) => v.units)).toEqual([
        '80',
        '40',
        '90',
        '30',
      ]);

      // the window closes: the clerk tallies, the page shows the result
      const clock = { now: () => new Date(Date.now() + 2 * hour) };
      expect(await meetingClerk({ db: sys.db, clock, webUrl: sys.url }).tick()).toBe(1);
      await page.reload();
      await expect
        .poll(() => page.getByTestId('meeting-turnout').textContent(), patience)
        .toContain('120 of 120 votes represented (100.00%)');
      expect(await page.getByTestId('resolution-verdict').allTextContents()).toEqual([
        'passed',
        'passed',
      ]);
      await screenshot(page, journey, '3-result');
      await context.close();
    },
  );
});
