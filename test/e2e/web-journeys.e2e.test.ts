/**
 * The web client in a real browser over the whole running system (`tessera start`: chain,
 * workers, trading process): an issuer takes a token to its offering with staff deploying it and
 * opening the window on their screens; an investor signs up, verifies through the provider's
 * widget, deposits, subscribes and sees the tokens minted on chain in the portfolio, staff
 * confirming the deposit and the payment on theirs; the issuer declares a dividend, staff approve
 * and distribute it, and the investor sees it received; the issuer and staff open the register of
 * holders and download it; the investor opens the month's statement from the portfolio and
 * downloads it, staff open it from the users screen; staff's settlement, halts and users screens
 * against the real trading process; staff's agent actions, a forced transfer awaiting a second
 * admin; a password change by keyboard. Screenshots land in test-results/web-journeys/ (phone width where named).
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, menu, screenshot, signIn } from '../support/browser.js';
import { parseCsv, pdfRows } from '../support/pdf-text.js';
import { e2ePassword } from '../support/e2e-flows.js';
import { startWebSystem, systemAdminEmail, type WebSystem } from '../support/web-system.js';

const journey = 'web-journeys';
const symbol = 'QUAY';
const issuerEmail = 'hana@quay.example';
const investorEmail = 'ivo@example.com';
/** `datetime-local` in the browser's time zone (UTC, set on the context). */
const localTime = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe('web journeys over the running system', () => {
  let web: WebSystem;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let issuer: Page;
  let investor: Page;

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebSystem(), launchBrowser()]);
    admin = await open();
    await signIn(admin, systemAdminEmail, e2ePassword);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  async function open(): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1200, height: 900 },
      timezoneId: 'UTC',
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(web.url);
    return page;
  }

  /** Opens the mail sink's page in `page`, then the link of the newest email `subject` to `to`. */
  async function followEmailLink(page: Page, to: string, subject: string) {
    const email = page
      .locator('article', { hasText: to })
      .filter({ has: page.getByRole('heading', { name: subject }) })
      .first();
    // The page lists what has arrived when it loads: reload until the mail worker has sent it.
    await expect
      .poll(
        async () => {
          await page.goto(web.system.mailUrl());
          return email.count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await screenshot(page, journey, `mail-${subject.toLowerCase().replaceAll(' ', '-')}`);
    await email
      .getByRole('link', { name: /#\/(verify-email|reset-password)\// })
      .first()
      .click();
  }

  /** Walks up to `steps` of the provider's widget; the last one submits for review. */
  async function walkWidget(widget: Page, steps: number) {
    await widget.waitForLoadState();
    for (let step = 0; step < steps; step++) {
      const number = widget.getByLabel('Document number');
      if ((await number.count()) > 0) {
        await number.fill('P-5550123');
        const country = widget.getByLabel(/Issuing country/);
        if (!(await country.inputValue())) await country.fill('ARE');
      }
      const submit = widget.locator('form[method="post"] button[type="submit"]').first();
      if ((await submit.count()) === 0) break;
      const last = (await submit.textContent()) === 'Submit for review';
      await Promise.all([widget.waitForNavigation(), submit.click()]);
      if (last) break;
    }
  }

  /** Reloads `page` until `text` shows (what the system's workers do is not pushed). */
  async function reloadUntil(page: Page, text: string | RegExp, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await page.getByText(text).count()) > 0) return;
      if (Date.now() > deadline) throw new Error(`no ${String(text)} on ${page.url()}`);
      await page.waitForTimeout(500);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
  }

  it('takes an issuer to a token in offering, staff deploying it and opening the window', async () => {
    const adminToken = await web.flow.login(systemAdminEmail);
    const issuerToken = await web.flow.verifiedUser(adminToken, issuerEmail, { role: 'issuer' });
    await web.flow.activeBusiness(adminToken, issuerToken, 'Quay Estates');

    issuer = await open();
    await signIn(issuer, issuerEmail, e2ePassword);
    await menu(issuer, 'Businesses & tokens');
    const create = issuer.getByRole('form', { name: 'Create a token' });
    await create.getByLabel('Name').fill('Quay Estates Shares');
    await create.getByLabel('Symbol').fill(symbol);
    await create.getByLabel('Total supply').fill('100000');
    await create.getByLabel('Price per token (USD)').fill('2.50');
    await create.getByLabel('Blocked countries').fill('kp, ir');
    await create.getByLabel('Maximum holders').fill('500');
    await create.getByRole('button', { name: 'Create token' }).click();
    await issuer.getByRole('link', { name: symbol, exact: true }).waitFor();
    // The token page tells a buyer the rules the issuer gave, in words.
    await issuer.getByRole('link', { name: symbol, exact: true }).click();
    const told = issuer.getByTestId('token-rules');
    await expect
      .poll(() => told.getByRole('listitem').allInnerTexts())
      .toEqual([
        'Investors in KP, IR may not buy.',
        'At most 500 holders: a new buyer may be refused once it is full.',
      ]);
    await screenshot(issuer, journey, '02a-token-rules-told-to-buyers');
    await menu(issuer, 'Businesses & tokens');
    expect(await issuer.getByTestId('go-live').textContent()).toBe('waiting for staff to deploy');

    await menu(admin, 'Tokens');
    // Deploying cannot be undone: it asks first, then answers with the addresses.
    await admin.getByRole('button', { name: `Deploy ${symbol}` }).click();
    const deploy = admin.getByRole('alertdialog', { name: `Deploy ${symbol} on chain?` });
    expect(await deploy.textContent()).toContain('100000 tokens at 2.50 USD');
    await screenshot(admin, journey, '01a-staff-deploy-confirm');
    await deploy.getByRole('button', { name: 'Yes, deploy' }).click();
    await admin.getByRole('cell', { name: 'primary', exact: true }).waitFor({ timeout: 60_000 });
    expect(await admin.getByTestId('notice').textContent()).toMatch(
      new RegExp(
        `^Deployed ${symbol}: token 0x[0-9a-fA-F]{40}, identity registry 0x[0-9a-fA-F]{40}`,
      ),
    );
    // Not before the offering window opens.
    expect(await admin.getByTestId('go-live-waits').textContent()).toBe(
      'go-live waits for the offering window to open',
    );
    await screenshot(admin, journey, '01b-staff-deployed-addresses');
    await admin.getByRole('button', { name: `Offering of ${symbol}` }).click();
    const window = admin.getByRole('form', { name: 'Offering window' });
    await window.getByLabel('Opens').fill(localTime(Date.now() - 60_000));
    await window.getByLabel('Closes').fill(localTime(Date.now() + 86_400_000));
    await window.getByRole('button', { name: 'Open the offering' }).click();
    await admin.getByText('The offering window is set.').waitFor();
    await screenshot(admin, journey, '01-staff-offering-open');

    await issuer.reload();
    await expect
      .poll(() => issuer.getByTestId('go-live').textContent())
      .toMatch(/^offering open until /);
    await screenshot(issuer, journey, '02-issuer-token-in-offering');
  }, 120_000);

  it('takes an investor from sign-up through widget KYC, deposit and subscription to minted tokens', async () => {
    investor = await open();
    await investor.getByRole('link', { name: 'Create an account' }).click();
    await investor.getByLabel('Full name').fill('Ivo Investor');
    await investor.getByLabel('Email').fill(investorEmail);
    await investor.getByLabel(/^Password/).fill(e2ePassword);
    await investor.getByRole('button', { name: 'Create account' }).click();
    // The sign-up asks to check the email; the embedded mail sink shows it, its link verifies.
    await investor.getByTestId('verify-email-banner').waitFor();
    await followEmailLink(investor, investorEmail, 'Verify your email address');
    await investor.getByTestId('email-verified').waitFor();
    await screenshot(investor, journey, '02a-email-verified');
    await investor.goto(web.url);
    await investor.getByTestId('next-step').getByRole('link').click();

    // The applicant's data first; then the provider's page opens in a new tab, where the person
    // walks its steps.
    const provider = investor.getByRole('form', { name: 'Provider KYC' });
    await provider.getByLabel('First name').fill('Ivo');
    await provider.getByLabel('Last name').fill('Investor');
    await provider.getByLabel('Date of birth').fill('1988-03-14');
    await provider.getByLabel(/^Nationality/).selectOption('AE');
    const [first] = await Promise.all([
      investor.context().waitForEvent('page'),
      provider.getByRole('button', { name: 'Continue to the provider' }).click(),
    ]);
    // Nothing given yet: the page says so, not that a review runs.
    const stage = investor.getByTestId('kyc-stage');
    await expect.poll(() => stage.getAttribute('data-stage')).toBe('created');
    expect(await stage.textContent()).toContain('You have not given your documents yet');
    await screenshot(investor, journey, '03a-kyc-documents-not-given');
    // One step, then the tab is closed: the page asks to continue, with the button to do so.
    await walkWidget(first, 1);
    await first.close();
    await expect
      .poll(() => stage.getAttribute('data-stage'), { timeout: 15_000 })
      .toBe('documents_pending');
    expect(await stage.textContent()).toContain('Some steps are still to do');
    await screenshot(investor, journey, '03b-kyc-continue-with-provider');
    const [widget] = await Promise.all([
      investor.context().waitForEvent('page'),
      investor.getByRole('button', { name: 'Continue with the provider' }).click(),
    ]);
    await walkWidget(widget, 8);
    await screenshot(widget, journey, '03-provider-widget-done');
    await widget.close();
    const kycStatus = investor.getByTestId('kyc-page-status');
    await expect
      .poll(
        async () => {
          await investor.reload();
          return kycStatus.textContent();
        },
        { timeout: 30_000 },
      )
      .toBe('approved');
    await screenshot(investor, journey, '04-kyc-approved-by-widget');

    await menu(investor, 'Deposits & withdrawals');
    await investor.getByLabel('Deposit amount (USD)').fill('400.00');
    await investor.getByRole('button', { name: 'Request deposit' }).click();
    await investor.getByTestId('request-status').first().waitFor();
    // The investor is told how to pay: the amount and the reference to quote on the transfer.
    const instructions = investor.getByTestId('payment-instructions');
    await expect
      .poll(() => instructions.textContent())
      .toMatch(/Transfer 400\.00 USD .* quoting the reference DEP-[0-9A-F]{10}/);
    const reference = /DEP-[0-9A-F]{10}/.exec((await instructions.textContent()) ?? '')![0];
    await screenshot(investor, journey, '04a-deposit-payment-instructions');
    await menu(admin, 'Fiat requests');
    // Confirming asks first, with the amount and the investor's reference, for the bank's reference.
    await admin.getByRole('button', { name: 'Confirm 400.00' }).click();
    const confirmDeposit = admin.getByRole('alertdialog', {
      name: `Confirm the deposit of 400.00 USD from ${investorEmail}?`,
    });
    expect(await confirmDeposit.textContent()).toContain(`400.00 USD quoting ${reference}`);
    await confirmDeposit.getByLabel(/^Bank's reference/).fill('BNK-20261128-0042');
    await screenshot(admin, journey, '04b-staff-deposit-bank-reference');
    await confirmDeposit.getByRole('button', { name: 'Yes, confirm' }).click();
    await admin.getByRole('cell', { name: 'confirmed' }).waitFor();
    await admin.getByRole('cell', { name: 'BNK-20261128-0042' }).waitFor();
    await screenshot(admin, journey, '04c-staff-deposit-confirmed-with-reference');

    await menu(investor, 'Marketplace');
    await investor.getByRole('link', { name: symbol, exact: true }).click();
    const subscribe = investor.getByRole('form', { name: 'Subscribe' });
    await subscribe.getByLabel('Quantity (whole tokens)').fill('100');
    await expect.poll(() => subscribe.textContent()).toContain('Cost: 250.00 USD');
    await subscribe.getByRole('button', { name: 'Subscribe' }).click();
    await investor.getByText('Subscribed:').waitFor();
    await screenshot(investor, journey, '05-subscribed');

    // The staff overview and the navigation count the payment waiting; go-live waits for it.
    await menu(admin, 'Overview');
    await expect
      .poll(() => admin.getByTestId('work-waiting').textContent())
      .toContain('1 subscription payment(s) to confirm');
    expect((await admin.getByTestId('waiting-tokens').textContent())?.trim()).toBe('1');
    await screenshot(admin, journey, '05a-staff-overview-work-waiting');
    await menu(admin, 'Tokens');
    expect(await admin.getByTestId('go-live-waits').textContent()).toBe(
      'go-live waits for 1 payment(s) to be confirmed or rejected',
    );
    await admin.getByRole('button', { name: `Offering of ${symbol}` }).click();
    // The subscriber by name, confirmed on their own row.
    const waiting = admin.getByRole('table', { name: 'Allocations waiting for payment' });
    await waiting.getByRole('link', { name: `Ivo Investor <${investorEmail}>` }).waitFor();
    await screenshot(admin, journey, '05b-staff-payment-by-name');
    // Confirming them all asks first, naming each payment and the total.
    await admin.getByRole('button', { name: 'Confirm payment of all 1' }).click();
    const confirmAll = admin.getByRole('alertdialog', {
      name: `Confirm all 1 payments for ${symbol}?`,
    });
    expect(await confirmAll.textContent()).toContain(
      `${investorEmail}: 100 tokens, 250.00 USD. In all 100 tokens for 250.00 USD`,
    );
    await screenshot(admin, journey, '05c-staff-confirm-all-states-amounts');
    await confirmAll.getByRole('button', { name: 'Keep as is' }).click();
    await admin.getByRole('button', { name: `Confirm payment of ${investorEmail}` }).click();
    await admin.getByText('No allocations wait for payment.').waitFor();
    expect(await admin.getByTestId('notice').last().textContent()).toBe(
      `Confirmed the payment of ${investorEmail}: 100 tokens, 250.00 USD.`,
    );
    await screenshot(admin, journey, '06-staff-payment-confirmed');

    await menu(investor, 'Portfolio');
    const allocations = investor.getByRole('table', { name: 'Allocations' });
    await reloadUntil(investor, 'minted');
    expect(await allocations.getByRole('cell', { name: 'minted' }).count()).toBe(1);
    const holdings = investor.getByRole('table', { name: 'Token holdings' });
    const row = holdings.getByRole('row', { name: new RegExp(symbol) });
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('100');
    expect(await investor.getByTestId('fiat-balance').textContent()).toBe('150.00 USD');
    await screenshot(investor, journey, '07-portfolio-minted');
    // 100 of 60,000 offered: the marketplace reads 0.2%, not 0%.
    await menu(investor, 'Marketplace');
    const market = investor.getByRole('table', { name: 'Tokens' });
    await market.getByRole('cell', { name: /0\.2% sold/ }).waitFor();
    await screenshot(investor, journey, '07a-market-progress');
  }, 180_000);

  it('lets the issuer declare a dividend that staff approve and distribute to the investor', async () => {
    await issuer.reload();
    const proceeds = issuer.getByRole('table', { name: 'Subscriptions received' });
    await proceeds.getByRole('cell', { name: '250.00 USD' }).first().waitFor();
    await issuer.getByRole('link', { name: `Dividends of ${symbol}` }).click();
    await issuer.getByText(`No dividends declared for ${symbol}.`).waitFor();
    const declare = issuer.getByRole('form', { name: 'Declare a dividend' });
    // A record date still to come: trading goes on and the holders are counted then; the
    // payment date is later still, and a payment before the record date is refused in words.
    const recordDate = Date.now() + 20_000;
    const paymentDate = recordDate + 45_000;
    const seconds = (ms: number) => new Date(ms).toISOString().slice(0, 19);
    await declare.getByLabel(/^Per token held/).fill('0.105');
    await declare.getByLabel(/^Platform fee/).fill('1');
    await declare.getByLabel(/^Record date/).fill(seconds(recordDate));
    await declare.getByLabel(/^Payment date/).fill(seconds(recordDate - 10_000));
    await declare.getByRole('button', { name: 'Declare' }).click();
    const refused = declare.getByRole('alert');
    await expect
      .poll(() => refused.textContent())
      .toMatch(/The payment date \(.* UTC\) is before the record date \(.* UTC\)/);
    await screenshot(issuer, journey, '08a-dividend-dates-refused-in-words');
    await declare.getByLabel(/^Per token held/).fill('0.105');
    await declare.getByLabel(/^Platform fee/).fill('1');
    await declare.getByLabel(/^Record date/).fill(seconds(recordDate));
    await declare.getByLabel(/^Payment date/).fill(seconds(paymentDate));
    await declare.getByRole('button', { name: 'Declare' }).click();
    const status = issuer.getByTestId('dividend-status');
    await expect.poll(() => status.textContent()).toBe('draft');
    expect(await issuer.getByTestId('dividend-schedule').textContent()).toContain(
      'Holders are counted at the record date',
    );
    await screenshot(issuer, journey, '08b-dividend-record-date-to-come');
    await issuer.getByRole('button', { name: 'Submit for approval' }).click();
    await expect.poll(() => status.textContent()).toBe('pending approval');
    // The record date passes: the holders are counted as they were then.
    await reloadUntil(issuer, '10.50 USD', 90_000);
    // 0.105 x 100 held = 10.50 gross, 1% fee: the exact decimal strings of the API.
    expect(await issuer.getByTestId('dividend-gross').textContent()).toBe('10.50 USD');
    await screenshot(issuer, journey, '08-dividend-submitted');

    // The default view keeps the dividend in sight from approval to distribution.
    await menu(admin, 'Dividends');
    await expect
      .poll(async () => (await admin.getByTestId('waiting-dividends').textContent())?.trim())
      .toBe('1');
    await admin.getByRole('button', { name: `Approve ${symbol} dividend` }).click();
    await expect
      .poll(() => admin.getByTestId('notice').textContent())
      .toMatch(new RegExp(`^Approved the ${symbol} dividend of .* 1 holder`));
    await admin.getByRole('button', { name: `Distribute ${symbol} dividend` }).click();
    const distribute = admin.getByRole('alertdialog', {
      name: `Distribute the ${symbol} dividend?`,
    });
    expect(await distribute.textContent()).toContain(
      '10.50 USD is taken from the issuer now: 10.40 USD paid to 1 holder(s) and 0.10 USD platform fee',
    );
    await screenshot(admin, journey, '09a-staff-distribute-confirm');
    await distribute.getByRole('button', { name: 'Yes, distribute' }).click();
    // polls of 20 s, not the default 5: a loaded CI machine answered later than 5 s
    await expect
      .poll(() => admin.getByTestId('notice').textContent(), { timeout: 20_000 })
      .toContain(`Started distributing the ${symbol} dividend`);
    // Started before its payment date, it is held and paid on the date, not before (looked at
    // only with the poll's 20 s to spare, so the payment cannot come while it waits).
    const adminStatus = admin.getByTestId('dividend-status');
    if (Date.now() < paymentDate - 25_000) {
      await admin.getByLabel('Status').selectOption('distributing');
      // The list of the filter replaces the one on screen when its read comes back.
      await expect.poll(() => adminStatus.textContent(), { timeout: 20_000 }).toBe('distributing');
      expect(await admin.getByTestId('dividend-schedule').textContent()).toContain(
        'holders are paid on',
      );
      await screenshot(admin, journey, '09b-staff-dividend-held-until-payment-date');
    }
    // The distributor pays on its own time: choosing the filter again reads the list again.
    await expect
      .poll(
        async () => {
          await admin.getByLabel('Status').selectOption('draft');
          await admin.getByLabel('Status').selectOption('');
          await adminStatus.waitFor();
          return adminStatus.textContent();
        },
        { timeout: 90_000 },
      )
      .toBe('distributed');
    const adminToken = await web.flow.login(systemAdminEmail);
    const [paid] = (
      await web.flow.call(
        'GET',
        '/api/v1/admin/dividends?status=distributed',
        undefined,
        adminToken,
      )
    ).data as Array<{ id: string }>;
    const payments = await web.flow.call(
      'GET',
      `/api/v1/admin/dividends/${paid!.id}/payments`,
      undefined,
      adminToken,
    );
    for (const payment of payments.data as Array<{ paid_at: string }>) {
      expect(new Date(payment.paid_at).getTime()).toBeGreaterThanOrEqual(paymentDate - 1_000);
    }
    await admin.getByRole('button', { name: 'Payments' }).click();
    await admin.getByRole('cell', { name: '10.40 USD' }).waitFor();
    await screenshot(admin, journey, '09-staff-dividend-distributed');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, journey, '10-staff-dividend-phone');
    await admin.setViewportSize({ width: 1200, height: 900 });
    // The holder is a person, whose link finds them on the users screen by id.
    await admin.getByRole('link', { name: `Ivo Investor <${investorEmail}>` }).click();
    const found = admin.getByRole('table', { name: 'Users' });
    await expect.poll(() => found.getByRole('row').count()).toBe(2);
    await found.getByRole('cell', { name: investorEmail }).waitFor();
    await screenshot(admin, journey, '10a-staff-user-found-by-id');

    await menu(investor, 'Overview');
    await menu(investor, 'Portfolio');
    const received = investor.getByRole('table', { name: 'Dividends received' });
    await received.getByRole('cell', { name: '10.40 USD' }).waitFor();
    expect(await investor.getByTestId('fiat-balance').textContent()).toBe('160.40 USD');
    await investor.setViewportSize({ width: 390, height: 844 });
    await screenshot(investor, journey, '11-portfolio-dividend-phone');
    await investor.setViewportSize({ width: 1200, height: 900 });
  }, 240_000);

  it('opens the register of holders for the issuer and staff, with its downloads', async () => {
    await menu(issuer, 'Businesses & tokens');
    await issuer.getByRole('link', { name: `Register of ${symbol}` }).click();
    const holders = issuer.getByRole('table', { name: 'Holders' });
    await holders.getByRole('cell', { name: 'Ivo Investor' }).waitFor();
    expect(await issuer.getByTestId('register-supply').textContent()).toBe('100');
    // Both shares: of the 100,000 total supply (a maximum-balance rule's base) and of the 100 held.
    await holders.getByRole('cell', { name: '0.1000', exact: true }).waitFor();
    await holders.getByRole('cell', { name: '100.0000', exact: true }).waitFor();
    // a holder is an investor (whom a dividend pays and the charts count); nobody else holds yet
    expect(await issuer.getByTestId('register-holders').textContent()).toBe('1 holder(s)');
    expect(await issuer.getByTestId('register-counts').textContent()).toContain(
      '(0 account(s), not counted as holders)',
    );
    expect(await issuer.getByTestId('register-chain').textContent()).toMatch(
      /^The chain agrees at block \d+\.$/,
    );
    await screenshot(issuer, journey, '11b-issuer-register');
    const [csv] = await Promise.all([
      issuer.waitForEvent('download'),
      issuer.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const rows = (await readFile(await csv.path(), 'utf8')).trim().split('\r\n');
    expect(rows).toHaveLength(3);
    // the page's columns: kind, type, country, accreditation, units, % of total supply, % in
    // circulation, locked, frozen, locked-up, wallet
    expect(rows[1]).toMatch(
      /^Ivo Investor,[^,]*,individual,.*,100,0\.1000,100\.0000,0,0,0,0x[0-9a-fA-F]{40},/,
    );
    const [pdf] = await Promise.all([
      issuer.waitForEvent('download'),
      issuer.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // staff, from the token list, as of a day ago: before anyone held the token
    await menu(admin, 'Tokens');
    await admin.getByRole('link', { name: `Register of ${symbol}` }).click();
    await admin
      .getByRole('table', { name: 'Holders' })
      .getByRole('cell', { name: 'Ivo Investor' })
      .waitFor();
    const picker = admin.getByRole('form', { name: 'Register as of' });
    await picker.getByLabel('As of').fill(`${localTime(Date.now() - 86_400_000)}:00`);
    await picker.getByRole('button', { name: 'Show' }).click();
    await admin.getByText('Nobody held the token then.').waitFor();
    expect(await admin.getByTestId('register-supply').textContent()).toBe('0');
    await screenshot(admin, journey, '11c-staff-register-a-day-ago');
  }, 60_000);

  it("opens the investor's statement from the portfolio, and staff open it from the users screen", async () => {
    // this month: 400.00 deposited, 250.00 paid for 100 QUAY, a 10.40 dividend
    const reconciled = async (page: Page) => {
      await page.getByRole('table', { name: 'Cash USD' }).waitFor();
      const cash = (line: string) => page.getByTestId(`cash-USD-${line}`).textContent();
      expect(await cash('Opening balance')).toBe('0.00');
      expect(await cash('Deposits')).toBe('400.00');
      expect(await cash('Subscriptions paid (less refunds)')).toBe('-250.00');
      expect(await cash('Dividends')).toBe('10.40');
      expect(await cash('Closing balance')).toBe('160.40');
    };
    await menu(investor, 'Portfolio');
    await investor.getByRole('link', { name: 'Statements' }).click();
    await reconciled(investor);
    // The account by its holder's name, not by an id.
    expect(await investor.getByTestId('statement-period').textContent()).toMatch(
      new RegExp(`^Account of Ivo Investor <${investorEmail}>, \\d{4}-\\d{2}`),
    );
    const positions = investor.getByRole('table', { name: 'Positions' });
    expect(await positions.getByRole('row', { name: new RegExp(symbol) }).textContent()).toContain(
      '250.00',
    );
    await screenshot(investor, journey, '11d-investor-statement');
    const month = investor.getByRole('region', { name: 'Month statement' });
    const [csv] = await Promise.all([
      investor.waitForEvent('download'),
      month.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const rows = parseCsv(await readFile(await csv.path(), 'utf8'));
    expect(rows.find((r) => r[0] === 'cash_closing')).toContain('160.40');
    const [pdf] = await Promise.all([
      investor.waitForEvent('download'),
      month.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const lines = await pdfRows(new Uint8Array(await readFile(await pdf.path())));
    expect(lines.find((cells) => cells[0] === 'Closing balance')).toEqual([
      'Closing balance',
      '160.40',
    ]);
    const text = lines.map((cells) => cells.join(' ')).join('\n');
    expect(text).toContain(`Account of Ivo Investor <${investorEmail}>`);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);

    await menu(admin, 'Users');
    await admin
      .getByRole('table', { name: 'Users' })
      .getByRole('row', { name: new RegExp(investorEmail) })
      .getByRole('link', { name: 'Statements' })
      .click();
    await reconciled(admin);
    await screenshot(admin, journey, '11e-staff-investor-statement');
  }, 60_000);

  it('shows staff the settlement, halts and users screens from the real processes', async () => {
    // Go-live through the screen: the confirmation states the fee it takes.
    await menu(admin, 'Tokens');
    await admin.getByRole('button', { name: `Go live: ${symbol}` }).click();
    const goLive = admin.getByRole('alertdialog', { name: `Take ${symbol} live for trading?` });
    expect(await goLive.textContent()).toContain(
      'The success fee of 2.50 USD (1% of 250.00 USD raised) is taken from the issuer',
    );
    // The issuer's team and reserve shares (20 % each of 100,000) and their default year's lock-up.
    expect(await goLive.textContent()).toMatch(
      /20000 team and 20000 reserve tokens go to the issuer's wallet, locked up until \d{4}-\d{2}-\d{2}, and/,
    );
    // It says what becomes of the tokens offered and not sold.
    expect(await goLive.textContent()).toContain(
      'The 59900 unsold tokens of the 60000 offered are not issued: nothing is minted for them',
    );
    await screenshot(admin, journey, '11a-staff-go-live-confirm');
    await goLive.getByRole('button', { name: 'Yes, go live' }).click();
    await expect
      .poll(() => admin.getByTestId('notice').textContent())
      .toBe(
        `${symbol} is live for trading: success fee 2.50 USD taken, 2500 tokens allocated to the platform.`,
      );

    await menu(admin, 'Settlement');
    await admin.getByText('No failed settlements.').waitFor();
    await admin.getByText('No failed minting.').waitFor();
    // The go-live allocation is minted on its own time: until then the totals differ.
    await expect
      .poll(
        async () => {
          await admin.getByRole('button', { name: /^Run (reconciliation|again)$/ }).click();
          return admin.getByTestId('reconciliation-result').textContent();
        },
        { timeout: 30_000 },
      )
      .toMatch(/^Database and chain agree for 1 token\(s\)/);
    // The register after go-live: the issuer's team and reserve shares show as locked up, and
    // the counts say who they include.
    await menu(admin, 'Tokens');
    await admin.getByRole('link', { name: `Register of ${symbol}` }).click();
    const register = admin.getByRole('table', { name: 'Holders' });
    await register.getByRole('cell', { name: '40000' }).first().waitFor();
    expect(await register.getByRole('cell', { name: '40000', exact: true }).count()).toBe(2);
    // the issuer's and the treasury's units are listed, not counted as holders
    expect(await admin.getByTestId('register-holders').textContent()).toBe('1 holder(s)');
    expect(await admin.getByTestId('register-counts').textContent()).toContain(
      '(2 account(s), not counted as holders)',
    );
    await screenshot(admin, journey, '11f-register-locked-up-and-counts');
    await menu(admin, 'Settlement');
    // every trade, filtered (none yet), and the bulk retry of failed ones (none to retry)
    const trades = admin.getByRole('form', { name: 'Filter trades' });
    await trades.getByLabel('Token').selectOption({ label: symbol });
    await trades.getByLabel('Settlement').selectOption('failed');
    await trades.getByRole('button', { name: 'Filter' }).click();
    await admin.getByText('No trade matches.').waitFor();
    const retry = admin.getByRole('form', { name: 'Retry failed settlements' });
    await retry.getByLabel('Token').selectOption({ label: symbol });
    await retry.getByLabel('Error code').fill('CHAIN_UNAVAILABLE');
    await retry.getByRole('button', { name: 'Retry matching failed trades' }).click();
    await retry.getByText('0 trade(s) sent back to settlement.').waitFor();
    await screenshot(admin, journey, '12-staff-settlement');

    await menu(admin, 'Trading halts');
    await expect
      .poll(() => admin.getByTestId('halt-status').textContent())
      .toBe('Trading (not halted)');
    // A halt by hand, with its reason; lifted again before anyone trades.
    const halt = admin.getByRole('form', { name: `Halt ${symbol}` });
    await halt.getByLabel('Halt for (minutes)').fill('30');
    await halt.getByLabel('Reason for the halt').fill('Issuer announcement pending');
    await halt.getByRole('button', { name: `Halt ${symbol} now` }).click();
    await expect
      .poll(() => admin.getByTestId('halt-status').textContent())
      .toMatch(/^Halted until /);
    await screenshot(admin, journey, '13c-staff-manual-halt');
    await admin.getByRole('button', { name: `Lift the halt of ${symbol}` }).click();
    await expect
      .poll(() => admin.getByTestId('halt-status').textContent())
      .toBe('Trading (not halted)');
    await admin.getByText(`Settings of ${symbol}`).click();
    const settings = admin.getByRole('form', { name: `Trading settings of ${symbol}` });
    await settings.getByLabel('Circuit breaker move %').fill('12.345');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    // The API's refusal, next to the form: nothing saved.
    await expect
      .poll(() => settings.getByRole('alert').textContent())
      .toContain('VALIDATION_FAILED');
    await settings.getByLabel('Circuit breaker move %').fill('12.5');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('Saved.').waitFor();
    await screenshot(admin, journey, '13-staff-trading-halts');

    // The trading mode: the confirmation says what the switch cancels; the reason is audited.
    const mode = admin.getByLabel(`Trading mode of ${symbol}`);
    expect(await mode.getByTestId('trading-mode').textContent()).toBe(
      `${symbol} trades on the order book.`,
    );
    await mode.getByLabel('Reason for a switch').fill('Issuer asked for OTC while it restructures');
    await mode.getByRole('button', { name: `Trade ${symbol} over the counter` }).click();
    const switching = admin.getByRole('alertdialog', {
      name: `Switch ${symbol} to trade over the counter?`,
    });
    expect(await switching.textContent()).toContain(
      `Every open order on the ${symbol} book is cancelled and what it holds released`,
    );
    await screenshot(admin, journey, '13a-staff-trading-mode-confirm');
    await switching.getByRole('button', { name: 'Yes, switch' }).click();
    await expect
      .poll(() => mode.getByTestId('trading-mode').textContent())
      .toBe(`${symbol} trades over the counter.`);
    await screenshot(admin, journey, '13b-staff-trading-mode-otc');
    await mode.getByLabel('Reason for a switch').fill('Restructuring done');
    await mode.getByRole('button', { name: `Trade ${symbol} on the order book` }).click();
    await admin.getByRole('button', { name: 'Yes, switch' }).click();
    await expect
      .poll(() => mode.getByTestId('trading-mode').textContent())
      .toBe(`${symbol} trades on the order book.`);

    await menu(admin, 'Users');
    const filter = admin.getByRole('form', { name: 'Filter users' });
    await filter.getByLabel('Role').selectOption('issuer');
    await filter.getByRole('button', { name: 'Filter' }).click();
    const users = admin.getByRole('table', { name: 'Users' });
    await expect.poll(() => users.getByRole('cell', { name: investorEmail }).count()).toBe(0);
    await users.getByRole('cell', { name: issuerEmail }).waitFor();
    await filter.getByLabel('Role').selectOption('');
    await filter.getByLabel('Email contains').fill('ivo@');
    await filter.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => users.getByRole('row').count()).toBe(2);
    await users.getByRole('cell', { name: investorEmail }).waitFor();
    await screenshot(admin, journey, '14-staff-users');

    await menu(issuer, 'Businesses & tokens');
    await expect
      .poll(() => issuer.getByTestId('go-live').textContent())
      .toMatch(/^live for trading/);
    await screenshot(issuer, journey, '15-issuer-token-live');

    // The marketplace reads the live token's offering as over, not as a sale still running.
    await menu(investor, 'Marketplace');
    const market = investor.getByRole('table', { name: 'Tokens' });
    await market.getByRole('cell', { name: /^offering ended: 100 of \d+ sold$/ }).waitFor();
    await market.getByRole('cell', { name: 'trading', exact: true }).waitFor();
    expect(await market.getByRole('cell', { name: /closes/ }).count()).toBe(0);
    await screenshot(investor, journey, '15g-market-live-token');
  }, 120_000);

  it('gives an investor who never subscribed a custodial wallet on the portfolio, then a trade with Ivo that settles on both screens', async () => {
    const adminToken = await web.flow.login(systemAdminEmail);
    const buyerEmail = 'bea@example.com';
    const buyerToken = await web.flow.verifiedUser(adminToken, buyerEmail, {
      role: 'investor',
      account_type: 'individual',
      full_name: 'Bea Buyer',
    });
    await web.flow.deposit(adminToken, buyerToken, '100.00');
    const buyer = await open();
    await signIn(buyer, buyerEmail, e2ePassword);
    const tradeScreen = async (page: Page) => {
      await menu(page, 'Marketplace');
      await page.getByRole('link', { name: symbol, exact: true }).click();
      await page.getByRole('link', { name: `Trade ${symbol}` }).click();
      await expect
        .poll(() => page.getByTestId('feed-status').textContent(), { timeout: 20_000 })
        .toBe('live');
    };
    // The trading screen says what the investor has, and that a wallet is missing.
    await tradeScreen(buyer);
    const position = buyer.getByTestId('my-position');
    await expect.poll(() => position.textContent()).toContain('no wallet yet');
    expect(await buyer.getByTestId('my-cash').textContent()).toBe('100.00 USD');
    await screenshot(buyer, journey, '15h-buyer-without-wallet');
    await position.getByRole('link', { name: 'get or link one' }).click();
    const choices = buyer.getByTestId('wallet-choices');
    await choices.getByRole('button', { name: 'Get a custodial wallet' }).click();
    await expect
      .poll(() => buyer.getByTestId('wallet').textContent())
      .toMatch(/^0x[0-9a-fA-F]{40} \(custodial\)$/);
    await screenshot(buyer, journey, '15i-buyer-custodial-wallet');

    // Ivo sells 10 at 2.50 and Bea buys them on the screen.
    const order = async (page: Page, side: 'buy' | 'sell') => {
      const form = page.getByRole('form', { name: 'Order entry' });
      await form.getByText(side, { exact: true }).click();
      await form.getByLabel('Type').selectOption('limit');
      await form.getByLabel('Quantity').fill('10');
      await form.getByLabel('Limit price (USD)').fill('2.50');
      await form.getByRole('button', { name: side === 'buy' ? /^Buy / : /^Sell / }).click();
      return form;
    };
    await tradeScreen(investor);
    expect(await investor.getByTestId('my-units').textContent()).toBe('100 available');
    const sold = await order(investor, 'sell');
    await expect
      .poll(() => sold.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('Order open: 0 of 10 filled');
    await tradeScreen(buyer);
    const bought = await order(buyer, 'buy');
    await expect
      .poll(() => bought.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('Order filled: 10 of 10 filled in 1 trade(s)');
    // Settled on chain: each screen's fill says so without a reload, the seller's as well.
    for (const page of [buyer, investor]) {
      await expect
        .poll(() => page.getByRole('table', { name: 'Fills' }).innerText(), { timeout: 90_000 })
        .toContain('settled');
    }
    // The seller's answer line follows the order: filled by the buyer since, not still "open".
    await expect
      .poll(() => sold.getByRole('status').textContent())
      .toBe('Order filled: 10 of 10 filled');
    await expect.poll(() => buyer.getByTestId('my-cash').textContent()).toBe('75.00 USD');
    await expect.poll(() => buyer.getByTestId('my-units').textContent()).toBe('10 available');
    await expect.poll(() => investor.getByTestId('my-units').textContent()).toBe('90 available');
    await screenshot(buyer, journey, '15j-buyer-fill-settled');
    await screenshot(investor, journey, '15k-seller-fill-settled');
  }, 180_000);

  it("takes staff through the token agent's actions, people picked by name, email or wallet, a forced transfer awaiting a second admin", async () => {
    const { call, login } = web.flow;
    const token = await login(systemAdminEmail);
    const hana = (
      await call('GET', `/api/v1/admin/users?email=${issuerEmail}`, undefined, token, 200)
    ).data[0] as { wallet_address: string };
    await call(
      'POST',
      '/api/v1/admin/users',
      { email: 'second@tessera.example', password: e2ePassword, role: 'admin' },
      token,
      201,
    );

    await menu(admin, 'Agent actions');
    const form = admin.getByRole('form', { name: 'New agent action' });
    /** Types `find` in the person's search and waits for the one match to be named. */
    const pick = async (group: string, find: string, shown: string) => {
      const box = form.getByRole('group', { name: group });
      await box.getByLabel('Find by name, email or wallet').fill(find);
      await expect.poll(() => box.getByRole('combobox').textContent()).toContain(shown);
      expect(await box.getByRole('combobox').locator('option').count()).toBe(1);
    };
    const enter = async (fields: {
      kind: string;
      holder: [string, string];
      receiver?: [string, string];
      quantity: string;
      reason: string;
      reference?: string;
    }) => {
      await form.getByLabel(/^Action/).selectOption({ label: fields.kind });
      await form.getByLabel(/^Token/).selectOption({ label: `${symbol} (secondary)` });
      // Each kind's picker says what the action does to that person.
      await pick(
        fields.receiver ? 'Sender (loses the tokens)' : 'Holder whose units are frozen',
        ...fields.holder,
      );
      if (fields.receiver) await pick('Receiver (gets the tokens)', ...fields.receiver);
      await form.getByLabel(/^Quantity/).fill(fields.quantity);
      await form.getByLabel(/^Reason/).fill(fields.reason);
      await form.getByLabel(/reference/).fill(fields.reference ?? '');
      await form.getByRole('button', { name: 'Submit' }).click();
    };
    const ivo = `Ivo Investor <${investorEmail}>`;
    await enter({
      kind: 'Freeze units',
      holder: ['Ivo Investor', ivo],
      quantity: '1',
      reason: 'Pending inquiry',
    });
    await expect
      .poll(() => admin.getByTestId('notice').textContent())
      .toBe(`Freeze units 1 ${symbol} of ${ivo}: pending.`);
    // The form is cleared for the next action.
    expect(await form.getByLabel(/^Reason/).inputValue()).toBe('');
    // The system's executor freezes the unit on chain.
    await reloadUntil(admin, /^done$/);
    await screenshot(admin, journey, '15a-staff-agent-freeze');
    // The investor's overview says what is frozen, not that everything is open to them.
    await menu(investor, 'Overview');
    await expect
      .poll(() => investor.getByTestId('frozen-holdings').textContent())
      .toBe(`${symbol}: 1 of 90 units frozen, not for sale`);
    expect(await investor.getByTestId('next-step').textContent()).toContain(
      'froze some of your holdings',
    );
    await screenshot(investor, journey, '15l-investor-overview-frozen');

    // The receiver found by a part of their wallet address.
    await enter({
      kind: 'Forced transfer (court or regulator order)',
      holder: [investorEmail, ivo],
      receiver: [hana.wallet_address.slice(2, 14), issuerEmail],
      quantity: '1',
      reason: 'Court order to return one unit',
      reference: 'DIFC-CFI-042-2026',
    });
    await expect
      .poll(() => admin.getByTestId('notice').textContent())
      .toMatch(
        new RegExp(
          `^Proposed: 1 ${symbol} from ${ivo} to .*${issuerEmail}.* \\(Court order to return one unit; order DIFC-CFI-042-2026\\)\\. An admin other than you must approve it\\.$`,
        ),
      );
    await admin.getByText('awaits another admin').waitFor();
    const actions = admin.getByRole('table', { name: 'Agent actions' });
    const transfer = actions.getByRole('row', { name: /forced transfer/ });
    expect(await transfer.textContent()).toContain(ivo);
    expect(await transfer.textContent()).toContain(issuerEmail);
    expect(await transfer.textContent()).toContain(systemAdminEmail);
    await screenshot(admin, journey, '15b-staff-transfer-proposed');

    const second = await open();
    await signIn(second, 'second@tessera.example', e2ePassword);
    await menu(second, 'Agent actions');
    await second.getByRole('button', { name: 'Approve' }).click();
    const approve = second.getByRole('alertdialog', {
      name: new RegExp(`^Approve the transfer of 1 ${symbol} from ${ivo} to .*${issuerEmail}`),
    });
    const stated = await approve.getByTestId('approval-facts').textContent();
    for (const fact of [
      `Loses the tokens${ivo}`,
      `Units1 ${symbol}`,
      'ReasonCourt order to return one unit',
      'OrderDIFC-CFI-042-2026',
      `Proposed by`,
      systemAdminEmail,
    ])
      expect(stated).toContain(fact);
    expect(stated).toMatch(new RegExp(`Receives them.*${issuerEmail}`));
    await screenshot(second, journey, '15c-second-admin-approve-confirm');
    await approve.getByRole('button', { name: 'Keep as is' }).click();
    await second.getByRole('button', { name: 'Reject' }).click();
    await expect
      .poll(() => second.getByTestId('notice').textContent())
      .toBe('Forced transfer rejected.');
    await second.getByRole('cell', { name: 'rejected' }).waitFor();
    // Who proposed and who decided, by name.
    const decided = second
      .getByRole('table', { name: 'Agent actions' })
      .getByRole('row', { name: /forced transfer/ });
    expect(await decided.textContent()).toContain('second@tessera.example');
    expect(await decided.textContent()).toContain(systemAdminEmail);
    await screenshot(second, journey, '15d-second-admin-rejected');
  }, 120_000);

  it('changes a password with the keyboard only, then signs in with the new one', async () => {
    await menu(investor, 'Account');
    const form = investor.getByRole('form', { name: 'Change password' });
    const newPassword = 'a longer passphrase for ivo';
    await form.getByLabel('Current password').focus();
    await investor.keyboard.type('not my password at all');
    await investor.keyboard.press('Tab');
    await investor.keyboard.type(newPassword);
    await investor.keyboard.press('Tab');
    await investor.keyboard.type(newPassword);
    await investor.keyboard.press('Enter');
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toContain('CURRENT_PASSWORD_WRONG');
    await screenshot(investor, journey, '16-password-refused');

    await form.getByLabel('Current password').fill(e2ePassword);
    await form.getByLabel('Current password').press('Enter');
    await form.getByText('Password changed.').waitFor();
    await investor.getByRole('button', { name: 'Sign out' }).click();
    await investor.getByLabel('Email').fill(investorEmail);
    await investor.getByLabel('Password').fill(e2ePassword);
    await investor.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => investor.getByRole('alert').textContent())
      .toContain('INVALID_CREDENTIALS');
    await investor.getByLabel('Password').fill(newPassword);
    await investor.getByRole('button', { name: 'Sign in' }).click();
    await investor.getByRole('button', { name: 'Sign out' }).waitFor();
    await screenshot(investor, journey, '17-signed-in-with-new-password');
  }, 60_000);

  it('resets a forgotten password from the email, and the old sessions end', async () => {
    const before = await open();
    await signIn(before, investorEmail, 'a longer passphrase for ivo');
    await investor.getByRole('button', { name: 'Sign out' }).click();
    await investor.getByRole('link', { name: 'Forgot your password?' }).click();
    const request = investor.getByRole('form', { name: 'Password reset' });
    await request.getByLabel('Email').fill(investorEmail);
    await request.getByRole('button', { name: 'Email me a reset link' }).click();
    await request.getByText('If an account uses this address').waitFor();
    await followEmailLink(investor, investorEmail, 'Reset your password');
    const form = investor.getByRole('form', { name: 'New password' });
    const newPassword = 'reset from the email for ivo';
    await form.getByLabel(/^New password \(/).fill(newPassword);
    await form.getByLabel('New password again').fill(newPassword);
    await form.getByRole('button', { name: 'Set the new password' }).click();
    await form.getByText('Your password is changed').waitFor();
    await screenshot(investor, journey, '18-password-reset');
    await investor.goto(web.url);
    await signIn(investor, investorEmail, newPassword);
    // the session opened before the reset is over: its next refresh is refused
    await before.reload();
    await before.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
  }, 90_000);
});
