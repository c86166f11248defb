/**
 * A debt token in a real browser (headless Chromium) against the platform and the trading
 * process on a test database: an investor opens the token's debt page (terms, the coupon
 * schedule, the next payment, the interest accrued on a unit today) and the order ticket, which
 * shows the accrued interest a buy of 7 adds to the clean price. Screenshots land in
 * test-results/web-debt/.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, signIn } from '../support/browser.js';
import { testPassword } from '../support/platform.js';
import { webTradingInBrowser } from '../support/web.js';
import { transaction } from '../../src/lib/db/database.js';
import { accruedInterest, dayOf, type DebtTerms } from '../../src/lib/debt/debt-schedule.math.js';
import { Exact } from '../../src/lib/money.js';
import { issueDebt } from '../../src/platform/debt/debt.service.js';

const journey = 'web-debt';
const patience = { timeout: 20_000 };

/** The calendar day `months` from today (UTC), the 15th. */
function dayIn(months: number): string {
  const now = new Date();
  return dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 15)));
}

describe('a debt token in a browser', () => {
  const web = webTradingInBrowser();

  it(
    'shows the schedule, the next coupon and the accrued interest on the order ticket',
    { timeout: 240_000 },
    async () => {
      const { sys } = web;
      const { id: tokenId } = await sys.seeds.token({ price_per_token: '990.00' });
      // semi-annual from 3 months ahead: interest runs from 3 months ago, so some has accrued
      const terms: DebtTerms = {
        faceValue: '1000.00',
        couponRatePct: '5',
        frequency: 'semi_annual',
        dayCount: 'act_365',
        firstCouponDate: dayIn(3),
        maturityDate: dayIn(27),
        recordDays: 1,
      };
      await transaction(sys.db, (trx) => issueDebt(trx, tokenId, terms));
      const investor = await sys.investor('bond-buyer@example.com');
      await sys.seeds.deposit(investor.id, '20000.00');

      const context = await web.browser.newContext({
        viewport: { width: 1280, height: 1100 },
        timezoneId: 'UTC',
      });
      const page = await context.newPage();
      await page.goto(sys.url);
      await signIn(page, investor.email, testPassword);

      await page.goto(`${sys.url}/#/debt/${tokenId}`);
      const schedule = page.getByRole('table', { name: 'Coupon schedule' });
      // five coupons, the last with the face value
      await expect.poll(() => schedule.getByRole('row').count(), patience).toBe(1 + 5);
      await expect
        .poll(() => page.getByTestId('next-payment').textContent(), patience)
        .toContain(`${terms.firstCouponDate}: `);
      const perUnit = accruedInterest(terms, dayOf(new Date()), 1);
      expect(await page.getByTestId('accrued-per-unit').textContent()).toBe(
        `${perUnit} USD per unit`,
      );
      await screenshot(page, journey, '1-debt-page');

      await page.goto(`${sys.url}/#/trade/${tokenId}`);
      const ticket = page.getByRole('form', { name: 'Order entry' });
      await ticket.getByLabel('Quantity').fill('7');
      await ticket.getByLabel('Limit price (USD)').fill('990.00');
      const accrued = accruedInterest(terms, dayOf(new Date()), 7);
      expect(new Exact(accrued).greaterThan(0)).toBe(true);
      const dirty = new Exact('6930.00').plus(accrued).toFixed(2);
      await expect
        .poll(() => ticket.getByTestId('accrued-figures').textContent(), patience)
        .toBe(
          `Accrued interest on 7: ${accrued} USD; clean 6930.00 USD, so you pay ${dirty} USD in all.`,
        );
      await screenshot(page, journey, '2-order-ticket');
      await context.close();
    },
  );
});
