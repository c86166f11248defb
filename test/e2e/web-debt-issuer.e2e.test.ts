/**
 * A debt token's issuer and staff in a real browser (headless Chromium) against the platform with
 * a real chain (anvil, real T-REX contracts): the issuer creates the token with its debt terms on
 * the issuer's creation form and reads the coupon schedule; with the token trading, the issuer
 * asks for an early redemption (call) on the token's debt page; a member of staff approves it on
 * the staff debt calls screen (the issuer asked, so another person decides). Each step is checked
 * on the page and in the database. Then a redemption whose burn failed for good (the chain parted
 * from the register) on the same staff screen: one member of staff asks for the retry, another
 * approves it, and the burn goes through. Screenshots land in test-results/web-debt-issuer/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFitsPhone, launchBrowser, screenshot, signIn } from '../support/browser.js';
import { startIssuanceSystem, type Actor, type IssuanceSystem } from '../support/issuance.js';
import { testPassword } from '../support/platform.js';
import { rememberSecret } from '../support/second-factor.js';
import { chainMover, liveBond, settleDebt } from '../support/debt.js';
import { staffMember } from '../support/splits.js';
import { buildWebClient } from '../support/web.js';
import { dayOf } from '../../src/lib/debt/debt-schedule.math.js';
import { freePort } from '../../src/lib/embedded/ports.js';

const journey = 'web-debt-issuer';
const patience = { timeout: 20_000 };

/** The 15th of the month `months` from today (UTC), as a calendar day. */
function dayIn(months: number): string {
  const now = new Date();
  return dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 15)));
}

describe("a debt token's issuer and staff in a browser", () => {
  let s: IssuanceSystem;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    const [webDir, launched] = await Promise.all([buildWebClient(), launchBrowser()]);
    browser = launched;
    const port = await freePort();
    s = await startIssuanceSystem({ PLATFORM_URL: `http://127.0.0.1:${port}` }, { webDir });
    url = await s.app.listen({ host: '127.0.0.1', port });
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
    'issues a bond on the form, calls it early and has staff approve the call',
    { timeout: 300_000 },
    async () => {
      const { issuer, businessId } = await s.issuerWithBusiness('bond@issuer.example', 0);
      const firstCoupon = dayIn(3);
      const maturity = dayIn(12);

      // (a) the issuer's creation form with the debt terms: quarterly, 6 %, 30/360, a year
      const issuerPage = await signedIn('bond@issuer.example');
      await issuerPage.goto(`${url}/#/issuer`);
      const form = issuerPage.getByRole('form', { name: 'Create a token' });
      await form.getByLabel('Name').fill('Harbour Bond 2027');
      await form.getByLabel('Symbol').fill('HBND');
      await form.getByLabel('Total supply').fill('10000');
      await form.getByLabel('Price per token (USD)').fill('100.00');
      await form.getByLabel('Face value per unit (USD)').fill('100.00');
      await form.getByLabel('Coupon rate (% a year)').fill('6');
      await form.getByLabel('Coupon frequency').selectOption('quarterly');
      await form.getByLabel('Day count').selectOption('30_360');
      await form.getByLabel('First coupon date').fill(firstCoupon);
      await form.getByLabel('Maturity date (a coupon date)').fill(maturity);
      await form.getByRole('button', { name: 'Create token' }).click();
      await issuerPage.getByText('Token created as a draft; staff deploy it.').waitFor(patience);

      const token = await s.test.db
        .selectFrom('tokens')
        .select(['id', 'business_id'])
        .where('symbol', '=', 'HBND')
        .executeTakeFirstOrThrow();
      expect(token.business_id).toBe(businessId);
      const terms = await s.test.db
        .selectFrom('debt_terms')
        .selectAll()
        .where('token_id', '=', token.id)
        .executeTakeFirstOrThrow();
      expect(terms).toMatchObject({
        frequency: 'quarterly',
        day_count: '30_360',
        first_coupon_date: firstCoupon,
        maturity_date: maturity,
        record_days: 1,
      });
      expect(terms.face_value).toMatch(/^100(\.0+)?$/);
      expect(terms.coupon_rate_pct).toMatch(/^6(\.0+)?$/);

      await issuerPage.goto(`${url}/#/debt/${token.id}`);
      const schedule = issuerPage.getByRole('table', { name: 'Coupon schedule' });
      // four quarterly coupons of 100 × 6 % / 4 = 1.50, the last with the face value
      await expect.poll(() => schedule.getByRole('row').count(), patience).toBe(1 + 4);
      const rows = await Promise.all(
        (await schedule.getByRole('row').all())
          .slice(1)
          .map((row) => row.getByRole('cell').allTextContents()),
      );
      expect(rows.map((r) => [r[4], Number(r[5]), Number(r[6])])).toEqual([
        [firstCoupon, 1.5, 0],
        [dayIn(6), 1.5, 0],
        [dayIn(9), 1.5, 0],
        [maturity, 1.5, 100],
      ]);
      await screenshot(issuerPage, journey, '1-schedule');
      await expectFitsPhone(issuerPage, journey, '1-schedule-phone');

      // the token goes through its offering to trading (staff's and investors' part, by the API)
      await s.ok(s.call('POST', `/api/v1/admin/tokens/${token.id}/deploy`, {}, s.admin.token));
      await s.ok(
        s.call(
          'POST',
          `/api/v1/admin/tokens/${token.id}/start-offering`,
          {
            primary_start: new Date(Date.now() - 1000).toISOString(),
            primary_end: new Date(Date.now() + 3_600_000).toISOString(),
          },
          s.admin.token,
        ),
      );
      const investor = await s.verified('bond-holder@example.com');
      await s.deposit(investor, '1000.00');
      const allocation = await s.subscribe(investor, token.id, 5);
      await s.confirm(token.id, [allocation.id]);
      await s.ok(
        s.call('POST', `/api/v1/admin/tokens/${token.id}/enable-secondary`, {}, s.admin.token),
      );
      await s.mintAll();

      // (b) the issuer calls the bond early, inside its first period
      const callDate = dayIn(2);
      await issuerPage.reload();
      const callForm = issuerPage.getByRole('form', { name: 'Call the debt early' });
      await callForm.getByLabel('Call date').fill(callDate);
      await callForm.getByRole('button', { name: 'Ask staff to approve the call' }).click();
      await issuerPage
        .getByText('Call requested: staff will approve or reject it.')
        .waitFor(patience);
      const call = await s.test.db
        .selectFrom('debt_calls')
        .selectAll()
        .where('token_id', '=', token.id)
        .executeTakeFirstOrThrow();
      expect(call).toMatchObject({
        call_date: callDate,
        status: 'pending_approval',
        requested_by: issuer.id,
      });
      await expect
        .poll(() => issuerPage.getByTestId(`call-status-${call.id}`).textContent(), patience)
        .toBe('pending approval');
      await screenshot(issuerPage, journey, '2-call-requested');

      // (c) a member of staff (not the issuer who asked) approves it on the staff calls screen
      const staff = await staffMember(s, 'bond-staff@example.com');
      rememberSecret('bond-staff@example.com', staff.secret!);
      const staffPage = await signedIn('bond-staff@example.com');
      await staffPage.goto(`${url}/#/admin/debt-calls`);
      const row = staffPage
        .getByRole('table', { name: 'Calls' })
        .getByRole('row')
        .filter({ has: staffPage.getByTestId(`call-status-${call.id}`) });
      await row.getByRole('button', { name: 'Approve' }).click();
      await expect
        .poll(() => staffPage.getByTestId(`call-status-${call.id}`).textContent(), patience)
        .toBe('approved');
      await screenshot(staffPage, journey, '3-call-approved');

      const decided = await s.test.db
        .selectFrom('debt_calls')
        .selectAll()
        .where('id', '=', call.id)
        .executeTakeFirstOrThrow();
      expect(decided).toMatchObject({ status: 'approved', decided_by: staff.id });
      // the coupons after the call date are cancelled; the debt is repaid on the call date
      const payments = await s.test.db
        .selectFrom('debt_payments')
        .select(['payment_date', 'status', 'call_id', 'principal_per_unit'])
        .where('token_id', '=', token.id)
        .orderBy('payment_date')
        .orderBy('number')
        .execute();
      expect(payments.filter((p) => p.status !== 'cancelled')).toEqual([
        expect.objectContaining({ payment_date: callDate, call_id: call.id }),
      ]);
      expect(Number(payments.find((p) => p.call_id === call.id)!.principal_per_unit)).toBe(100);
      expect(payments.filter((p) => p.status === 'cancelled').map((p) => p.payment_date)).toEqual([
        firstCoupon,
        dayIn(6),
        dayIn(9),
        maturity,
      ]);
      // the issuer's page shows the call approved
      await issuerPage.reload();
      await expect
        .poll(() => issuerPage.getByTestId(`call-status-${call.id}`).textContent(), patience)
        .toBe('approved');
    },
  );

  const settle = () => settleDebt(s);

  // Runs last: it moves the workers' clock on to the bond's maturity.
  it(
    "retries a redemption's failed burn from the staff screen, asked by one and approved by another",
    { timeout: 300_000 },
    async () => {
      const maturity = dayIn(2);
      // one payment: the face value and a month's coupon at maturity
      const { issuer, investors, tokenId } = await liveBond(
        s,
        'BRNW',
        {
          face_value: '100.00',
          coupon_rate_pct: '6',
          frequency: 'monthly',
          day_count: '30_360',
          first_coupon_date: maturity,
          maturity_date: maturity,
        },
        [10, 20],
        0,
      );
      await s.deposit(issuer, '3100.00');

      // the chain parts from the register: the first holder's 10 units sit with the second on
      // chain, so the burn of 10 from the first reverts at every attempt
      const row = await s.tokenRow(tokenId);
      const move = await chainMover(s, tokenId, investors);
      const [ann, ben] = investors as [Actor, Actor];
      await move(ann, ben, `brnw-away-${tokenId}`);

      // the workers' clock to an hour into the maturity day, then on until the burn fails for good
      const at = new Date(`${maturity}T01:00:00Z`).getTime();
      s.advanceClock(at - s.clock.now().getTime());
      await settle();
      const redemption = await s.test.db
        .selectFrom('debt_payments')
        .select(['id', 'status'])
        .where('token_id', '=', tokenId)
        .executeTakeFirstOrThrow();
      const batches = () =>
        s.test.db
          .selectFrom('debt_burn_batches')
          .select('status')
          .where('payment_id', '=', redemption.id)
          .execute();
      for (let hour = 0; hour < 48 && (await batches())[0]?.status !== 'failed'; hour++) {
        s.advanceClock(3_600_000);
        await settle();
      }
      expect(await batches()).toEqual([{ status: 'failed' }]);
      await settle();

      // the cause mended, one member of staff asks for the retry on the staff screen
      await move(ben, ann, `brnw-back-${tokenId}`);
      const asker = await staffMember(s, 'burn-asker@example.com');
      const approver = await staffMember(s, 'burn-approver@example.com');
      rememberSecret('burn-asker@example.com', asker.secret!);
      rememberSecret('burn-approver@example.com', approver.secret!);
      const failedRow = (page: Page) =>
        page
          .getByRole('table', { name: 'Failed burns' })
          .getByRole('row')
          .filter({ hasText: 'BRNW' });

      const askerPage = await signedIn('burn-asker@example.com');
      await askerPage.goto(`${url}/#/admin/debt-calls`);
      await expect.poll(() => failedRow(askerPage).textContent(), patience).toContain(maturity);
      await failedRow(askerPage).getByRole('button', { name: 'Ask for a retry' }).click();
      await expect
        .poll(() => askerPage.getByTestId(`burn-retry-${redemption.id}`).textContent(), patience)
        .toMatch(/^you, /);
      // the asker is not offered the approval
      expect(await failedRow(askerPage).getByRole('button').count()).toBe(0);
      await screenshot(askerPage, journey, '4-burn-retry-asked');
      const asked = await s.test.db
        .selectFrom('debt_payments')
        .select('burn_retry_requested_by')
        .where('id', '=', redemption.id)
        .executeTakeFirstOrThrow();
      expect(asked.burn_retry_requested_by).toBe(asker.id);

      // another approves it: the failed batch is queued again, and burns
      const approverPage = await signedIn('burn-approver@example.com');
      await approverPage.goto(`${url}/#/admin/debt-calls`);
      await expect
        .poll(() => approverPage.getByTestId(`burn-retry-${redemption.id}`).textContent(), patience)
        .toMatch(/^another member of staff, /);
      await failedRow(approverPage).getByRole('button', { name: 'Approve the retry' }).click();
      await approverPage.getByRole('button', { name: 'Yes, retry the burn' }).click();
      await approverPage.getByText("No redemption's burn has failed.").waitFor(patience);
      await screenshot(approverPage, journey, '5-burn-retry-approved');
      await settle();
      expect(await batches()).toEqual([{ status: 'sent' }]);
      for (const holder of investors) {
        expect(
          await s.holderBalances(
            { id: row.id, contract_address: row.contract_address! },
            holder.id,
          ),
        ).toEqual({ database: 0n, chain: 0n });
      }
    },
  );
});
