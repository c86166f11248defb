/**
 * Issue 40's remaining items in a real browser against the real platform on a test database:
 * an investor's manual KYC with the document's image and a professional classification with its
 * evidence; staff reading the application as facts, its image and its screening, and approving
 * both; the investor's limits said before subscribing (item 10, item 8). A bank account on file
 * (checked) before a withdrawal, and the payout's dialog naming it (item 7). The register's
 * holders counted as the charts and a dividend count them, its CSV carrying the page's columns
 * (item 5). The agent action's person pickers named for what each action does to them.
 * Screenshots land in test-results/web-onboarding/.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrolOnPage,
  launchBrowser,
  menu,
  screenshot,
  signIn as signInAs,
} from '../support/browser.js';
import { approvedKyc } from '../support/compliance.js';
import { fund, insertHolder, liveToken } from '../support/dividends.js';
import { outboxLinkToken, verifyEmailRequest } from '../support/email.js';
import { parseCsv } from '../support/pdf-text.js';
import { testPassword } from '../support/platform.js';
import { insertWallet } from '../../src/platform/portfolio/testing/token-fixture.js';
import { adminEmail, buildWebClient, startWebPlatform, type WebPlatform } from '../support/web.js';

const journey = 'web-onboarding';

describe('issue 40 in a browser: documents, classification, bank account, register', () => {
  let platform: WebPlatform;
  let browser: Browser;
  /** a PNG to upload: a screenshot of the sign-in page */
  let image: Buffer;

  beforeAll(async () => {
    const [webDir, launched] = await Promise.all([buildWebClient(), launchBrowser()]);
    browser = launched;
    platform = await startWebPlatform(webDir);
    const page = await open();
    image = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  async function open(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    await page.goto(platform.url);
    return page;
  }
  const signIn = (page: Page, email: string) => signInAs(page, email, testPassword);

  async function call(method: string, url: string, body?: unknown, token?: string) {
    const response = await fetch(`${platform.url}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }
  const login = async (email: string) =>
    (await call('POST', '/api/v1/auth/login', { email, password: testPassword }))
      .access_token as string;

  /** Registered through the API with the address verified; KYC not started. */
  async function registered(email: string, extra: Record<string, string>) {
    await call('POST', '/api/v1/auth/register', { email, password: testPassword, ...extra });
    const { method, url, body } = verifyEmailRequest(
      await outboxLinkToken(platform.db, email, 'verify-email'),
    );
    await call(method, url, body);
    return (await call('GET', '/api/v1/me', undefined, await login(email))).id as string;
  }

  it("takes an investor's document image and classification evidence to staff, whose approval sets the limits shown before subscribing", async () => {
    const email = 'nina@example.com';
    await registered(email, {
      full_name: 'Nina Novak',
      role: 'investor',
      account_type: 'individual',
    });
    const nina = await open();
    await signIn(nina, email);
    await menu(nina, 'Verification');
    const form = nina.getByRole('form', { name: 'Manual KYC' });
    await form.getByLabel('Full name').fill('Nina Novak');
    await form.getByLabel(/^Nationality/).selectOption({ label: 'Germany' });
    await form.getByLabel('Date of birth').fill('1988-03-14');
    await form.getByLabel('Document number').fill('C01X00T47');
    await form
      .getByLabel('Document image, front')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: image });
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => nina.getByTestId('kyc-page-status').textContent()).toBe('pending');

    // The classification is asked here, with the limits of the tier in force said first.
    const limits = nina.getByTestId('classification-limits');
    await expect
      .poll(() => limits.textContent())
      .toContain('You are classified as a retail investor.');
    expect(await limits.textContent()).toContain(
      'subscribe at most 500 USD per subscription and buy at most 500 USD per order',
    );
    const classification = nina.getByRole('form', { name: 'Classification' });
    await classification.getByRole('radio', { name: /Professional investor/ }).check();
    await classification
      .getByRole('checkbox', { name: /portfolio of cash and securities/ })
      .check();
    await classification
      .getByLabel('Statement (what the evidence shows)')
      .fill('Broker statement of 31 October: 612,000 USD');
    await classification.getByRole('button', { name: 'Send classification' }).click();
    // Without evidence the form does not go: the file field is required.
    expect(await nina.getByTestId('classification-status').count()).toBe(0);
    await classification
      .getByLabel(/^Evidence/)
      .setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: image });
    await classification.getByRole('button', { name: 'Send classification' }).click();
    await expect
      .poll(() => nina.getByTestId('classification-status').textContent())
      .toBe('pending');
    await screenshot(nina, journey, '01-investor-kyc-and-classification-sent');

    const admin = await open();
    await signIn(admin, adminEmail);
    await menu(admin, 'KYC queue');
    await admin.getByRole('button', { name: 'Review Nina Novak' }).click();
    const review = admin.getByRole('article', { name: 'Review' });
    // Facts in words, no raw fields; the image itself; the screening said.
    await review.getByText('Nina Novak <nina@example.com>').waitFor();
    expect(await review.textContent()).not.toContain('can resubmit');
    const shown = review.getByRole('img', { name: 'Identity document, front' });
    await expect
      .poll(() =>
        shown.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBe(320);
    expect(await admin.getByTestId('kyc-screening').textContent()).toContain(
      'Sanctionsnot screened',
    );
    expect(await review.textContent()).toContain('check the name against the sanctions');
    await screenshot(admin, journey, '02-staff-review-with-image-and-screening');
    await review
      .getByRole('form', { name: 'Decision' })
      .getByRole('button', { name: 'Record decision' })
      .click();
    await expect
      .poll(() => admin.getByTestId('notice').textContent())
      .toContain('Approved at KYC level 2');

    const card = admin.getByRole('article', { name: 'Classification of nina@example.com' });
    expect(await card.textContent()).toContain('certifies as a professional investor');
    expect(await card.textContent()).toContain('612,000 USD');
    await card.getByRole('img', { name: 'Evidence' }).waitFor();
    await screenshot(admin, journey, '03-staff-classification-with-evidence');
    await card.getByRole('button', { name: 'Record decision' }).click();
    await expect
      .poll(() => admin.getByTestId('notice').textContent())
      .toBe('Approved: Nina Novak <nina@example.com> is a professional investor.');

    await nina.reload();
    await expect
      .poll(() => nina.getByTestId('classification-limits').textContent())
      .toContain('You are classified as a professional investor.');
    expect(await nina.getByTestId('classification-limits').textContent()).toContain(
      'at most 5000 USD per subscription',
    );
    await screenshot(nina, journey, '04-investor-professional-limits');
    // The API refuses a second request while one waits, and a professional one without evidence.
    const token = await login(email);
    const refused = await fetch(`${platform.url}/api/v1/classification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ tier: 'institutional', criteria: ['regulated_entity'] }),
    });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(((await refused.json()) as { code: string }).code).toBe('CLASSIFICATION_INCOMPLETE');
  }, 120_000);

  it('pays a withdrawal to the bank account on file, checked when given, named in the payout dialog', async () => {
    const email = 'otto@example.com';
    const id = await registered(email, {
      full_name: 'Otto Lind',
      role: 'investor',
      account_type: 'individual',
    });
    await approvedKyc(platform.db, id, 'SE');
    await platform.db
      .updateTable('users')
      .set({ kyc_status: 'approved', kyc_level: 2, fatca_status: 'clear' })
      .where('id', '=', id)
      .execute();
    await fund(platform.db, id, '800.00');
    const otto = await open();
    await signIn(otto, email);
    // money leaving needs a second factor: the investor sets one up first
    await menu(otto, 'Security');
    await enrolOnPage(otto, email);
    await menu(otto, 'Deposits & withdrawals');
    expect(await otto.getByTestId('bank-account').textContent()).toContain(
      'No bank account on file',
    );
    // No account yet: the withdrawal is refused with its code and what to do.
    const withdrawal = otto.getByRole('form', { name: 'Withdrawal' });
    await withdrawal.getByLabel('Withdrawal amount (USD)').fill('120.00');
    await withdrawal.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect
      .poll(() => withdrawal.getByRole('alert').textContent())
      .toContain('BANK_ACCOUNT_REQUIRED');

    const account = otto.getByRole('form', { name: 'Bank account' });
    await account.getByLabel("Account holder's name").fill('Otto Lind');
    await account.getByLabel('IBAN').fill('SE45 5000 0000 0583 9825 7467');
    await account.getByRole('button', { name: 'Save bank account' }).click();
    await expect
      .poll(() => account.locator('.field-error').textContent())
      .toBe('The IBAN check digits do not match: a character is wrong.');
    expect(await account.getByRole('alert').textContent()).toContain('BANK_ACCOUNT_INVALID');
    await screenshot(otto, journey, '05-investor-iban-refused-in-words');
    await account.getByLabel("Account holder's name").fill('Otto Lind');
    await account.getByLabel('IBAN').fill('SE45 5000 0000 0583 9825 7466');
    await account.getByRole('button', { name: 'Save bank account' }).click();
    await expect
      .poll(() => otto.getByTestId('bank-account').textContent())
      .toContain('Withdrawals are paid to Otto Lind, IBAN •••• 7466 (SE).');
    await withdrawal.getByLabel('Withdrawal amount (USD)').fill('120.00');
    await withdrawal.getByRole('button', { name: 'Request withdrawal' }).click();
    const withdrawals = otto.getByRole('table', { name: 'Withdrawals' });
    await withdrawals.getByRole('cell', { name: 'Otto Lind, •••• 7466' }).waitFor();
    await screenshot(otto, journey, '06-investor-withdrawal-to-account-on-file');

    const admin = await open();
    await signIn(admin, adminEmail);
    await menu(admin, 'Fiat requests');
    await admin.getByRole('button', { name: 'Approve payout of 120.00' }).click();
    const dialog = admin.getByRole('alertdialog');
    const said = await dialog.textContent();
    expect(said).toContain('Send 120.00 USD to Otto Lind, SE4550000000058398257466, SE');
    expect(said).toContain(
      "the first payout to it, the holder's name is the investor's verified name",
    );
    await screenshot(admin, journey, '07-staff-payout-dialog-names-the-account');
    await dialog.getByLabel("Bank's reference of the transfer sent").fill('SEB-OUT-99120');
    await dialog.getByRole('button', { name: 'Yes, paid out' }).click();
    await expect
      .poll(() => admin.getByTestId('notice').first().textContent())
      .toContain('Recorded the payout of 120.00 USD to otto@example.com');
    await otto.reload();
    await expect
      .poll(() => otto.getByTestId('bank-account').textContent())
      .toContain('Verified by the first payout');
  }, 120_000);

  it('counts the same holders in the register, its charts and its CSV, which carries the columns of the page', async () => {
    const email = 'ines@example.com';
    const issuerId = await registered(email, { role: 'issuer' });
    const tokenId = await liveToken(platform.db, issuerId, 'REGX');
    // the issuer's own shares, and two investors
    await insertWallet(platform.db, issuerId, tokenId, 900);
    for (const [units, country] of [
      [70, 'DE'],
      [30, 'FR'],
    ] as const) {
      await approvedKyc(platform.db, await insertHolder(platform.db, tokenId, units), country);
    }
    const issuer = await open();
    await signIn(issuer, email);
    await issuer.goto(`${platform.url}/#/register/${tokenId}`);
    const table = issuer.getByRole('table', { name: 'Holders' });
    await table.getByRole('cell', { name: 'issuer (not counted)' }).waitFor();
    expect(await issuer.getByTestId('register-holders').textContent()).toBe('2 holder(s)');
    expect(await issuer.getByTestId('register-counts').textContent()).toContain(
      '(1 account(s), not counted as holders)',
    );
    const headings = await table.locator('thead th').allTextContents();
    await screenshot(issuer, journey, '08-register-holders-and-columns');
    const [csv] = await Promise.all([
      issuer.waitForEvent('download'),
      issuer.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const [header, ...rows] = parseCsv(await readFile(await csv.path(), 'utf8'));
    // the page's columns, in its order, and the user id for machines
    expect(header).toEqual([
      'legal_name',
      'holder',
      'holder_type',
      'country',
      'accreditation',
      'units',
      'pct_of_total_supply',
      'pct_in_circulation',
      'locked_units',
      'frozen_units',
      'locked_up_units',
      'wallet_address',
      'user_id',
    ]);
    expect(headings).toEqual([
      'Legal name',
      'Holder',
      'Type',
      'Country',
      'Accreditation',
      'Units',
      '% of total supply',
      '% in circulation',
      'Locked',
      'Frozen',
      'Locked-up',
      'Wallet',
    ]);
    expect(rows.at(-1)!.slice(0, 2)).toEqual(['TOTAL', '2 investor(s)']);

    // The charts count the same two: the issuer's shares are not a holder there either.
    await issuer.goto(`${platform.url}/#/token/${tokenId}`);
    const caption = issuer.getByTestId('chart-holders-caption');
    await expect.poll(() => caption.textContent()).toContain('2 holder(s)');
    expect(await caption.textContent()).toContain("the issuer and the platform's treasury are not");
    await screenshot(issuer, journey, '09-charts-count-the-register-holders');
  }, 120_000);

  it("names each agent action's person for what it does to them", async () => {
    const admin = await open();
    await signIn(admin, adminEmail);
    await menu(admin, 'Agent actions');
    const form = admin.getByRole('form', { name: 'New agent action' });
    await form.getByLabel(/^Action/).selectOption({ label: 'Revoke verification' });
    await form.getByRole('group', { name: 'Person whose verification is revoked' }).waitFor();
    expect(await form.getByRole('group', { name: /Receiver/ }).count()).toBe(0);
    await screenshot(admin, journey, '10-revocation-names-the-person');
    await form
      .getByLabel(/^Action/)
      .selectOption({ label: 'Forced transfer (court or regulator order)' });
    await form.getByRole('group', { name: 'Sender (loses the tokens)' }).waitFor();
    await form.getByRole('group', { name: 'Receiver (gets the tokens)' }).waitFor();
    await form.getByLabel(/^Action/).selectOption({ label: 'Pause token' });
    await expect.poll(() => form.getByRole('group').count()).toBe(0);
    await screenshot(admin, journey, '11-pause-names-nobody');
  }, 60_000);
});
