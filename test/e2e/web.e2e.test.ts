/**
 * The web client in a real browser (headless Chromium) against the real platform on a test
 * database: an investor signs up and sees their next verification step, submits the manual KYC
 * form; an admin approves it from the KYC queue; the investor sees the approval and requests a
 * deposit; the admin confirms it; the investor's portfolio shows the cash. Screenshots of each
 * step land in test-results/web-investor/ for review. An issuer registers a business and
 * submits KYB; staff approve and activate it; the issuer lists a token that staff can deploy
 * (test-results/web-issuer/). The issuer's token page and the staff overview draw their charts,
 * each with the numbers of its text alternative equal to the API's (test-results/web-charts/).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrolOnPage,
  launchBrowser,
  menu,
  screenshot,
  signIn as signInAs,
} from '../support/browser.js';
import { approvedKyc } from '../support/compliance.js';
import { insertHolder, liveToken } from '../support/dividends.js';
import { recordTestTrade } from '../support/settlement.js';
import { outboxLinkToken, verifyEmailRequest } from '../support/email.js';
import { testPassword } from '../support/platform.js';
import { fetchSend, signInEnrolled } from '../support/second-factor.js';
import { adminEmail, buildWebClient, startWebPlatform, type WebPlatform } from '../support/web.js';

const journey = 'web-investor';

describe('web client in a browser', () => {
  let platform: WebPlatform;
  let browser: Browser;

  beforeAll(async () => {
    const [webDir, launched] = await Promise.all([buildWebClient(), launchBrowser()]);
    browser = launched;
    platform = await startWebPlatform(webDir);
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

  it('serves the client at / with its policy, and where the trading process is', async () => {
    const index = await fetch(platform.url);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(index.headers.get('content-security-policy')).toContain(
      "connect-src 'self' http://127.0.0.1:8081 ws://127.0.0.1:8081",
    );
    const config = await (await fetch(`${platform.url}/web-config.json`)).json();
    expect(config).toEqual({ trading_url: 'http://127.0.0.1:8081', trading_nodes: [] });
    const missing = await fetch(`${platform.url}/assets/nothing.js`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
  });

  it('ships at most 250 KB of gzipped JavaScript on the first load', async () => {
    const html = await fs.readFile(path.join(platform.webDir, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    let gzipped = 0;
    for (const script of scripts) {
      gzipped += gzipSync(await fs.readFile(path.join(platform.webDir, script))).length;
    }
    expect(gzipped).toBeLessThanOrEqual(250 * 1024);
  });

  it('takes an investor from sign-up through KYC review to a confirmed deposit', async () => {
    const investor = await open();
    const email = 'ada@example.com';

    // Sign-up refusals read as the API's problem: title, detail and code.
    await investor.getByRole('link', { name: 'Create an account' }).click();
    await investor.getByLabel('Full name').fill('Ada Lovelace');
    await investor.getByLabel('Email').fill(email);
    await investor.getByLabel(/^Password/).fill('short');
    await investor.getByRole('button', { name: 'Create account' }).click();
    const refusal = investor.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toContain('WEAK_PASSWORD');
    await screenshot(investor, journey, '01-weak-password');

    await investor.getByLabel(/^Password/).fill(testPassword);
    await investor.getByRole('button', { name: 'Create account' }).click();
    const nextStep = investor.getByTestId('next-step');
    await expect.poll(() => nextStep.textContent()).toContain('Complete identity verification');
    expect(await investor.getByTestId('kyc-status').textContent()).toBe('none');
    // What a blocked action waits for is said in words, not as its code.
    expect(await investor.locator('.permissions').textContent()).toContain(
      'needs approved identity verification (KYC)',
    );
    await screenshot(investor, journey, '02-next-step');
    // The address is verified by the link in the email the sign-up sent.
    expect(await investor.getByTestId('verify-email-banner').textContent()).toContain(
      'Check your email',
    );
    const link = await outboxLinkToken(platform.db, email, 'verify-email');
    await investor.goto(`${platform.url}/#/verify-email/${link}`);
    await investor.getByTestId('email-verified').waitFor();
    await investor.goto(`${platform.url}/#/`);

    // Signing out and in again lands on the same overview.
    await investor.getByRole('button', { name: 'Sign out' }).click();
    await signIn(investor, email);
    await nextStep.waitFor();

    await nextStep.getByRole('link').click();
    const form = investor.getByRole('form', { name: 'Manual KYC' });
    // The nationality is chosen by name; a refusal is a sentence at its field, the code kept.
    await form.getByLabel('Full name').fill('A'.repeat(201));
    await form.getByLabel(/^Nationality/).selectOption({ label: 'United Kingdom' });
    await form.getByLabel('Date of birth').fill('1990-12-10');
    await form.getByLabel('Document number').fill('P1234567');
    // the document's image: a PNG (here, a screenshot of the form itself)
    await form.getByLabel('Document image, front').setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: await form.screenshot(),
    });
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await expect
      .poll(() => form.locator('.field-error').textContent())
      .toBe('Full name must be one line of text, not blank, up to 200 characters.');
    expect(await form.getByRole('alert').textContent()).toContain('VALIDATION_FAILED');
    await screenshot(investor, journey, '02b-kyc-refused-in-words');
    await form.getByLabel('Full name').fill('Ada Lovelace');
    await form.getByRole('button', { name: 'Submit for review' }).click();
    const kycStatus = investor.getByTestId('kyc-page-status');
    await expect.poll(() => kycStatus.textContent()).toBe('pending');
    // A manual application is read by staff: no provider is said to be checking it.
    const stage = investor.getByTestId('kyc-stage');
    await expect.poll(() => stage.textContent()).toContain('our staff review it');
    expect(await stage.textContent()).not.toContain('provider');
    await screenshot(investor, journey, '03-kyc-submitted');

    const admin = await open();
    await signIn(admin, adminEmail);
    // The navigation counts what waits; the decision is answered with what it did.
    await menu(admin, 'KYC queue');
    await expect
      .poll(async () => (await admin.getByTestId('waiting-kyc').textContent())?.trim())
      .toBe('1');
    await admin.getByRole('button', { name: 'Review Ada Lovelace' }).click();
    const decision = admin.getByRole('form', { name: 'Decision' });
    await decision.getByLabel('Notes').fill('Passport checked');
    await screenshot(admin, journey, '04-admin-review');
    await decision.getByRole('button', { name: 'Record decision' }).click();
    await admin.getByText('Nothing in this queue.').waitFor();
    expect(await admin.getByTestId('notice').textContent()).toBe(
      `Approved at KYC level 2: Ada Lovelace <${email}>.`,
    );
    await expect.poll(() => admin.getByTestId('waiting-kyc').count()).toBe(0);
    await screenshot(admin, journey, '04b-admin-decided');

    // The pending page re-reads its status by itself.
    await expect.poll(() => kycStatus.textContent(), { timeout: 10_000 }).toBe('approved');
    await menu(investor, 'Overview');
    await expect.poll(() => nextStep.textContent()).toContain('You are fully verified');
    expect(await investor.getByTestId('kyc-status').textContent()).toBe('approved');
    await screenshot(investor, journey, '05-approved');

    await menu(investor, 'Deposits & withdrawals');
    await investor.getByLabel('Deposit amount (USD)').fill('250.00');
    await investor.getByRole('button', { name: 'Request deposit' }).click();
    await investor.getByTestId('request-status').first().waitFor();
    expect(await investor.getByTestId('request-status').first().textContent()).toBe('requested');
    await screenshot(investor, journey, '06-deposit-requested');

    await menu(admin, 'Fiat requests');
    await admin.getByRole('button', { name: 'Confirm 250.00' }).click();
    const confirmDeposit = admin.getByRole('alertdialog', {
      name: /^Confirm the deposit of 250\.00 USD/,
    });
    await confirmDeposit.getByLabel(/^Bank's reference/).fill('BNK-20261128-0007');
    await confirmDeposit.getByRole('button', { name: 'Yes, confirm' }).click();
    await admin.getByRole('cell', { name: 'confirmed' }).waitFor();
    await screenshot(admin, journey, '07-deposit-confirmed');

    await menu(investor, 'Portfolio');
    await expect.poll(() => investor.getByTestId('fiat-balance').textContent()).toBe('250.00 USD');
    await screenshot(investor, journey, '08-portfolio');
    await investor.setViewportSize({ width: 390, height: 844 });
    await screenshot(investor, journey, '09-portfolio-phone');

    // An expired session says so and, signed in again, returns to the page the user was on.
    await investor.setViewportSize({ width: 1200, height: 900 });
    // The test's tsconfig has no DOM: the page's storage is reached through the page's global.
    await investor.evaluate(() => {
      const storage = (
        globalThis as unknown as {
          localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void };
        }
      ).localStorage;
      const key = 'tessera.session';
      const tokens = JSON.parse(storage.getItem(key) ?? '{}') as Record<string, unknown>;
      storage.setItem(key, JSON.stringify({ ...tokens, access_token: 'x', refresh_token: 'x' }));
    });
    await menu(investor, 'Deposits & withdrawals');
    await investor.getByTestId('session-expired').waitFor();
    await screenshot(investor, journey, '10-session-expired');
    await signIn(investor, email);
    await investor.getByRole('heading', { name: 'Deposits and withdrawals' }).waitFor();
    expect(new URL(investor.url()).hash).toBe('#/fiat');
  }, 90_000);

  /** A JSON call to the platform, for the steps a journey is not about. */
  async function call(method: string, url: string, body?: unknown, token?: string) {
    const response = await fetch(`${platform.url}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Record<string, any>;
  }

  /**
   * An API session per account, kept for the file (an access token lasts 15 minutes): each
   * sign-in of an enrolled account spends a step of its authenticator app, and staff and admins
   * enrol one at their first (signInEnrolled).
   */
  const sessions = new Map<string, Promise<string>>();
  function login(email: string): Promise<string> {
    let token = sessions.get(email);
    if (!token) {
      token = signInEnrolled(fetchSend(platform.url), email, testPassword);
      sessions.set(email, token);
    }
    return token;
  }

  /** Registers through the API and has the admin approve a manual KYC at level 2. */
  async function verifiedUser(email: string, extra: Record<string, string>) {
    await call('POST', '/api/v1/auth/register', { email, password: testPassword, ...extra });
    const { method, url, body } = verifyEmailRequest(
      await outboxLinkToken(platform.db, email, 'verify-email'),
    );
    await call(method, url, body);
    const application = await call(
      'POST',
      '/api/v1/kyc',
      {
        full_name: 'Grace Hopper',
        nationality: 'US',
        date_of_birth: '1980-12-09',
        document_type: 'passport',
        document_number: 'X7654321',
      },
      await login(email),
    );
    await call(
      'POST',
      `/api/v1/admin/kyc/${application.id}/review`,
      { decision: 'approve', kyc_level: 2 },
      await login(adminEmail),
    );
  }

  it('lets a corporate investor submit its company for KYB from the next step', async () => {
    const email = 'treasury@example.com';
    await verifiedUser(email, { role: 'investor', account_type: 'corporate' });
    const investor = await open();
    await signIn(investor, email);
    const nextStep = investor.getByTestId('next-step');
    await expect.poll(() => nextStep.textContent()).toContain('Get your company verified (KYB)');
    await nextStep.getByRole('link').click();
    const kyb = investor.getByRole('form', { name: 'Manual KYB' });
    await kyb.getByLabel('Company name').fill('Northwind Treasury');
    await kyb.getByLabel('Registration number').fill('NW-77');
    await kyb.getByLabel('Country').selectOption('AE');
    const owner = kyb.getByRole('group', { name: 'Owner 1' });
    await owner.getByLabel('First name').fill('Grace');
    await owner.getByLabel('Last name').fill('Hopper');
    await owner.getByLabel('Ownership %').fill('100');
    await owner.getByLabel('Nationality').selectOption('US');
    await kyb.getByRole('button', { name: 'Submit KYB' }).click();
    await investor.getByRole('cell', { name: 'Northwind Treasury' }).waitFor();
    expect(await investor.getByRole('cell', { name: 'pending' }).count()).toBe(1);
    await screenshot(investor, 'web-corporate', '01-kyb-submitted');
  }, 60_000);

  it('has an admin given a printed password choose one before anything else', async () => {
    const admin = await login(adminEmail);
    const email = 'second-admin@example.com';
    await call(
      'POST',
      '/api/v1/admin/users',
      { email, password: testPassword, role: 'admin' },
      admin,
    );
    // the mark set-up puts on a first admin whose password it printed (first-admin-password.int.test.ts)
    await platform.db
      .updateTable('users')
      .set({ password_change_required: true })
      .where('email', '=', email)
      .execute();

    const page = await open();
    await signIn(page, email);
    await page.getByTestId('password-change-required').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await screenshot(page, journey, '11-first-password');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(testPassword);
    await form.getByLabel('New password', { exact: true }).fill('my own long passphrase');
    await form.getByLabel('New password again').fill('my own long passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    // then a second factor, still before anything else (staff and admins always have one)
    await page.getByTestId('mfa-enrolment-required').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await screenshot(page, journey, '12-first-factor');
    await enrolOnPage(page, email);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByTestId('work-waiting').waitFor();
    await screenshot(page, journey, '13-first-password-changed-factor-enrolled');
  }, 60_000);

  it('links a self-custody wallet by a signature of the browser wallet', async () => {
    const email = 'linus@example.com';
    await verifiedUser(email, { role: 'investor', account_type: 'individual' });
    // The browser wallet (an extension's window.ethereum): its key stays in the test process,
    // which signs the exact challenge the page passes (EIP-191), as the extension would.
    const account = privateKeyToAccount(generatePrivateKey());
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    await context.exposeFunction('walletSign', (message: string) =>
      account.signMessage({ message }),
    );
    await context.addInitScript((address: string) => {
      const page = globalThis as unknown as {
        walletSign(message: string): Promise<string>;
        ethereum: unknown;
      };
      page.ethereum = {
        request: async ({ method, params }: { method: string; params?: string[] }) => {
          if (method === 'eth_requestAccounts') return [address];
          if (method === 'personal_sign') return page.walletSign(params![0]!);
          throw new Error(`unsupported ${method}`);
        },
      };
    }, account.address);
    const investor = await context.newPage();
    await investor.goto(platform.url);
    await signIn(investor, email);
    await menu(investor, 'Portfolio');
    const link = investor.getByRole('button', { name: 'Link my own wallet (sign a message)' });
    // Where tokens go needs a second factor: the refusal leads to the security page.
    await link.click();
    const refusal = investor.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toContain('MFA_REQUIRED');
    await screenshot(investor, 'web-wallet', '00-link-needs-a-factor');
    await refusal.getByRole('link', { name: 'Security' }).click();
    await enrolOnPage(investor, email);
    await menu(investor, 'Portfolio');
    await link.click();
    await investor.getByText(`${account.address} (self)`).waitFor();
    expect(
      await investor.getByRole('button', { name: 'Link my own wallet (sign a message)' }).count(),
    ).toBe(0);
    await screenshot(investor, 'web-wallet', '01-self-custody-linked');
  }, 60_000);

  it('offers a wallet to an investor who has none: a custodial one, or their own by a signature pasted from elsewhere', async () => {
    await verifiedUser('cleo@example.com', { role: 'investor', account_type: 'individual' });
    const cleo = await open();
    await signIn(cleo, 'cleo@example.com');
    await menu(cleo, 'Portfolio');
    const wallet = cleo.getByTestId('wallet');
    expect(await wallet.textContent()).toBe('none yet');
    await screenshot(cleo, 'web-wallet', '02-no-wallet-choices');
    await cleo.getByRole('button', { name: 'Get a custodial wallet' }).click();
    await expect.poll(() => wallet.textContent()).toMatch(/^0x[0-9a-fA-F]{40} \(custodial\)$/);
    await screenshot(cleo, 'web-wallet', '03-custodial-assigned');
    // On a phone the cash and the address keep the screen's width: nothing off-screen, the
    // address on a line or two, not a character a line.
    await cleo.setViewportSize({ width: 390, height: 844 });
    const cash = await cleo.getByTestId('fiat-balance').boundingBox();
    expect(cash!.x + cash!.width).toBeLessThanOrEqual(390);
    const address = await wallet.locator('code').boundingBox();
    expect(address!.width).toBeGreaterThan(250);
    expect(address!.x + address!.width).toBeLessThanOrEqual(390);
    expect(address!.height).toBeLessThan(80);
    await screenshot(cleo, 'web-wallet', '04-portfolio-phone');

    // No browser wallet: the message is shown to sign elsewhere, and the signature pasted back.
    await verifiedUser('dov@example.com', { role: 'investor', account_type: 'individual' });
    const dov = await open();
    await signIn(dov, 'dov@example.com');
    await menu(dov, 'Security');
    await enrolOnPage(dov, 'dov@example.com');
    await menu(dov, 'Portfolio');
    await dov.getByText('Link my own wallet by pasting a signature made elsewhere').click();
    await dov.getByRole('button', { name: 'Show the message to sign' }).click();
    const message = (await dov.getByTestId('wallet-challenge').textContent())!;
    expect(message).toContain('Tessera asks you to link this wallet to your account.');
    const elsewhere = privateKeyToAccount(generatePrivateKey());
    const paste = dov.getByRole('form', { name: 'Link a wallet by signature' });
    await paste.getByLabel('Wallet address (0x…)').fill(elsewhere.address);
    await paste.getByLabel('Signature (0x…)').fill(await elsewhere.signMessage({ message }));
    await screenshot(dov, 'web-wallet', '05-signature-pasted');
    await paste.getByRole('button', { name: 'Link this wallet' }).click();
    await expect
      .poll(() => dov.getByTestId('wallet').textContent())
      .toBe(`${elsewhere.address} (self)`);
    expect(await dov.getByTestId('wallet-choices').count()).toBe(0);
    await screenshot(dov, 'web-wallet', '06-self-custody-linked-by-paste');
  }, 60_000);

  it("revokes a verification from the agent actions screen, the person picked by email; the investor reads a neutral message without staff's reason", async () => {
    const email = 'rex@example.com';
    await verifiedUser(email, {
      role: 'investor',
      account_type: 'individual',
      full_name: 'Rex Ray',
    });
    const admin = await open();
    await signIn(admin, adminEmail);
    await menu(admin, 'Agent actions');
    const form = admin.getByRole('form', { name: 'New agent action' });
    await form.getByLabel(/^Action/).selectOption({ label: 'Revoke verification' });
    const holder = form.getByRole('group', { name: 'Person whose verification is revoked' });
    await holder.getByLabel('Find by name, email or wallet').fill('rex@');
    await expect.poll(() => holder.getByRole('combobox').textContent()).toBe(`Rex Ray <${email}>`);
    const reason = 'Passport reported stolen (police ref 77/2026)';
    await form.getByLabel(/^Reason/).fill(reason);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => admin.getByTestId('notice').textContent())
      .toBe(`Revoke verification of Rex Ray <${email}>: done.`);
    const row = admin
      .getByRole('table', { name: 'Agent actions' })
      .getByRole('row', { name: /revoke verification/ });
    expect(await row.textContent()).toContain(`Rex Ray <${email}>`);
    await screenshot(admin, 'web-revocation', '01-staff-revoked-by-email');

    const rex = await open();
    await signIn(rex, email);
    await menu(rex, 'Verification');
    const revoked = rex.getByTestId('kyc-revoked');
    await revoked.waitFor();
    expect(await revoked.textContent()).toContain('Your identity verification is no longer valid.');
    expect(await rex.getByTestId('kyc-page-status').textContent()).toBe('revoked');
    expect(await rex.locator('body').textContent()).not.toContain('Passport reported stolen');
    expect(await rex.locator('body').textContent()).not.toContain('77/2026');
    await screenshot(rex, 'web-revocation', '02-investor-verification-after-revocation');
  }, 60_000);

  it('takes an issuer from KYB to a draft token, with staff reviewing and activating', async () => {
    const email = 'grace@example.com';
    await verifiedUser(email, { role: 'issuer' });

    const issuer = await open();
    await signIn(issuer, email);
    const nextStep = issuer.getByTestId('next-step');
    await expect.poll(() => nextStep.textContent()).toContain('Get your company verified (KYB)');
    await nextStep.getByRole('link').click();
    const register = issuer.getByRole('form', { name: 'Register a business' });
    await register.getByLabel('Company name').fill('Harbour Works');
    await register.getByLabel('Registration number').fill('HW-2026-1');
    await register.getByLabel('Country').selectOption('AE');
    await register.getByRole('button', { name: 'Register' }).click();
    await issuer.getByRole('heading', { name: 'Harbour Works' }).waitFor();

    await issuer.getByText('Verify this company (KYB)').click();
    const kyb = issuer.getByRole('form', { name: 'Manual KYB' });
    const owner = kyb.getByRole('group', { name: 'Owner 1' });
    await owner.getByLabel('First name').fill('Grace');
    await owner.getByLabel('Last name').fill('Hopper');
    await owner.getByLabel('Ownership %').fill('100');
    await owner.getByLabel('Nationality').selectOption('US');
    await kyb.getByRole('button', { name: 'Submit KYB' }).click();
    await issuer.getByText('KYB: pending').waitFor();
    await screenshot(issuer, 'web-issuer', '01-kyb-submitted');

    const admin = await open();
    await signIn(admin, adminEmail);
    await menu(admin, 'Businesses');
    // Activation is offered only once KYB is approved (the API refuses it before).
    const businesses = admin.getByRole('table', { name: 'Businesses' });
    await businesses
      .getByRole('row', { name: /Harbour Works/ })
      .getByText('activation waits for approved KYB')
      .waitFor();
    expect(await admin.getByRole('button', { name: 'Activate Harbour Works' }).count()).toBe(0);
    await screenshot(admin, 'web-issuer', '02a-activation-waits-for-kyb');
    await admin.getByRole('button', { name: 'Review Harbour Works' }).click();
    await admin
      .getByRole('form', { name: 'KYB decision' })
      .getByRole('button', { name: 'Record decision' })
      .click();
    await expect
      .poll(() => admin.getByTestId('notice').textContent())
      .toBe(
        'KYB of Harbour Works approved: activate the business above so its owner may list tokens.',
      );
    await screenshot(admin, 'web-issuer', '02b-kyb-approved-activate-offered');
    await admin.getByRole('button', { name: 'Activate Harbour Works' }).click();
    await admin.getByRole('cell', { name: 'active', exact: true }).waitFor();
    expect(await admin.getByTestId('notice').textContent()).toBe(
      'Harbour Works is active: its owner may now list tokens.',
    );
    await screenshot(admin, 'web-issuer', '02-business-active');

    await issuer.reload();
    const create = issuer.getByRole('form', { name: 'Create a token' });
    await create.getByLabel('Name').fill('Harbour Works Shares');
    await create.getByLabel('Symbol').fill('HRBR');
    await create.getByLabel('Total supply').fill('10000');
    await create.getByLabel('Price per token (USD)').fill('12.50');
    await create.getByRole('button', { name: 'Create token' }).click();
    await issuer.getByRole('link', { name: 'HRBR' }).waitFor();
    // Done, the form is empty for the next token.
    for (const field of ['Name', 'Symbol', 'Total supply', 'Price per token (USD)'])
      expect(await create.getByLabel(field).inputValue()).toBe('');
    await screenshot(issuer, 'web-issuer', '03-token-draft');

    await menu(admin, 'Tokens');
    await admin.getByRole('button', { name: 'Deploy HRBR' }).waitFor();
    await screenshot(admin, 'web-issuer', '04-staff-tokens');
  }, 90_000);

  it("draws the issuer's token charts and staff's last day, each with its numbers in text", async () => {
    const email = 'ida@example.com';
    await verifiedUser(email, { role: 'issuer' });
    const issuerToken = await login(email);
    const me = await call('GET', '/api/v1/me', undefined, issuerToken);
    const tokenId = await liveToken(platform.db, me.id, 'CHRT');
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const holders: Record<string, string> = {};
    for (const [name, units, country] of [
      ['ann', 100, 'DE'],
      ['ben', 60, 'DE'],
      ['cal', 0, 'FR'],
    ] as const) {
      holders[name] = await insertHolder(platform.db, tokenId, units, ago(20));
      await approvedKyc(platform.db, holders[name], country);
    }
    for (const [seller, quantity, price, days] of [
      ['ann', 30, '2.50', 6],
      ['ben', 60, '2.75', 0.1],
    ] as const) {
      await recordTestTrade(platform.db, {
        sellerId: holders[seller]!,
        buyerId: holders.cal!,
        tokenId,
        quantity,
        price,
        at: ago(days),
      });
    }

    const issuer = await open();
    await signIn(issuer, email);
    await issuer.goto(`${platform.url}/#/token/${tokenId}`);
    const drawn = async (id: string) => {
      // drawn once the chart library's chunk has loaded
      const figure = issuer.locator(`[data-testid="chart-${id}"][data-drawn="true"]`);
      await figure.waitFor();
      expect(await figure.locator('canvas').count()).toBeGreaterThan(0);
      return (await issuer.getByTestId(`chart-${id}-caption`).textContent()) ?? '';
    };
    const charts = await call('GET', `/api/v1/tokens/${tokenId}/charts`, undefined, issuerToken);
    const holdersNow = charts.holders.at(-1).holders;
    expect(holdersNow).toBe(2); // ann 70, cal 90; ben sold everything
    expect(await drawn('holders')).toContain(`${holdersNow} holder(s)`);
    expect(await drawn('trading')).toContain('2 trade(s) of 90 units for 240.00 USD');
    expect(charts.trading.reduce((n: number, t: { trades: number }) => n + t.trades, 0)).toBe(2);
    // Holders by country: one bar a line, each with its name beside it, no two names overlapping.
    const countries = issuer.locator('[data-testid="chart-countries"][data-drawn="true"]');
    await countries.waitFor();
    expect(await issuer.getByTestId('chart-countries-caption').textContent()).toContain(
      '2 holder(s) in 2 countries',
    );
    const labels = await countries.locator('.category-label').all();
    expect(await Promise.all(labels.map((l) => l.textContent()))).toEqual(
      charts.countries.map((c: { country: string }) => (c.country === 'DE' ? 'Germany' : 'France')),
    );
    const boxes = await Promise.all(labels.map(async (l) => (await l.boundingBox())!));
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
    }
    const byCountry = issuer.getByRole('table', { name: 'Holders by country' });
    for (const { country, holders: count, units } of charts.countries) {
      const name = country === 'DE' ? 'Germany' : 'France';
      await expect
        .poll(() => byCountry.getByRole('row', { name: new RegExp(name) }).textContent())
        .toBe(`${name}${count}${units}`);
    }
    await screenshot(issuer, 'web-charts', '01-issuer-token-charts');

    // a week by the hour: a bucket with a trade among empty ones still shows its price
    await issuer.getByRole('button', { name: '7 days' }).click();
    await issuer.getByText('at the close of its first hour').waitFor();
    expect(await drawn('trading')).toContain('2 trade(s) of 90 units for 240.00 USD');
    await screenshot(issuer, 'web-charts', '02-issuer-week-by-hour');

    // staff: the overview's last day, its numbers those of the API
    const admin = await open();
    await signIn(admin, adminEmail);
    const activity = await call(
      'GET',
      '/api/v1/admin/activity',
      undefined,
      await login(adminEmail),
    );
    const sum = (key: string) =>
      activity.points.reduce((n: number, p: Record<string, number>) => n + p[key]!, 0);
    const last = activity.points.at(-1);
    const shown = async (id: string) => {
      await admin.getByTestId(`chart-${id}`).locator('canvas').first().waitFor();
    };
    await shown('activity');
    await shown('queues');
    expect(await admin.getByTestId('activity-orders').textContent()).toBe(String(sum('orders')));
    expect(await admin.getByTestId('activity-trades').textContent()).toBe(String(sum('trades')));
    expect(sum('trades')).toBe(1);
    expect(await admin.getByTestId('queue-settlement').textContent()).toBe(
      String(last.settlement_queue),
    );
    expect(last.settlement_queue).toBe(2);
    expect(await admin.getByTestId('queue-verification').textContent()).toBe(
      String(last.verification_queue),
    );
    await screenshot(admin, 'web-charts', '03-staff-last-day');
  }, 90_000);
});
