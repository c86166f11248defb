/**
 * Passkeys in a real browser (headless Chromium with its virtual authenticator over CDP) against
 * the real platform on `localhost`: an investor adds a passkey on the Security page, signs out,
 * signs in with the password and the passkey, and, once that factor is older than the step-up
 * window, confirms a change of the bank account on file with the passkey in the step-up dialog;
 * then removes the passkey and reads the notice the platform sent. A staff account cannot remove
 * its last factor on the page. Screenshots land in test-results/web-passkey/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrolOnPage,
  expectFitsPhone,
  launchBrowser,
  menu,
  screenshot,
} from '../support/browser.js';
import {
  startPasskeyPlatform,
  virtualAuthenticator,
  type PasskeyPlatform,
} from '../support/passkey.js';
import { testPassword } from '../support/platform.js';

const journey = 'web-passkey';
/** the machine is shared: what the screen shows may take a while under load */
const patience = { timeout: 20_000 };

describe('passkeys in a browser', () => {
  let platform: PasskeyPlatform;
  let browser: Browser;

  beforeAll(async () => {
    [platform, browser] = await Promise.all([startPasskeyPlatform(), launchBrowser()]);
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

  async function typePassword(page: Page, email: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

  // first: the passkey test moves the platform's clock an hour ahead, and TOTP codes are
  // computed on the test's wall clock
  it('keeps the last factor of a staff account, refused on the page with its code', async () => {
    const email = 'stu@example.com';
    const id = await platform.register(email);
    await platform.db
      .updateTable('users')
      .set({ role: 'staff', account_type: null })
      .where('id', '=', id)
      .execute();
    const page = await open();
    await typePassword(page, email);
    await page.getByTestId('mfa-enrolment-required').waitFor(patience);
    await enrolOnPage(page, email);
    await mainMenu(page).waitFor(patience);
    await menu(page, 'Security');
    await page.getByRole('button', { name: 'Remove authenticator app' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove the authenticator app?' });
    await confirm.getByRole('button', { name: 'Yes, remove it' }).click();
    await expect
      .poll(() => confirm.getByRole('alert').textContent(), patience)
      .toContain('FACTOR_REQUIRED_FOR_ROLE');
    await screenshot(page, journey, '5-staff-keeps-last-factor');
    expect(await page.getByTestId('factor-status').textContent()).toContain(
      'Authenticator app: on',
    );
  }, 120_000);

  it(
    'adds a passkey, signs in with it, steps up with it for a bank account change, and removes it',
    { timeout: 240_000 },
    async () => {
      const email = 'pia@example.com';
      const id = await platform.register(email);
      // verified as the withdrawal gate wants (verification has its own tests)
      await platform.db
        .updateTable('users')
        .set({ kyc_status: 'approved', kyc_level: 2, fatca_status: 'clear', full_name: 'Pia Berg' })
        .where('id', '=', id)
        .execute();
      const page = await open();
      const authenticator = await virtualAuthenticator(page);
      await typePassword(page, email);
      await mainMenu(page).waitFor(patience);

      await menu(page, 'Security');
      await page.getByTestId('factor-status').waitFor(patience);
      await screenshot(page, journey, '0-security-page');
      const add = page.getByRole('form', { name: 'Add a passkey' });
      await add.getByLabel('Passkey name').fill('Laptop');
      await add.getByRole('button', { name: 'Add a passkey' }).click();
      const codes = page.getByTestId('recovery-codes').locator('li');
      await expect.poll(() => codes.count(), patience).toBe(10);
      await screenshot(page, journey, '1-passkey-added-recovery-codes');
      await expectFitsPhone(page, journey, '1a-recovery-codes-phone');
      await page.getByRole('button', { name: 'I kept them' }).click();
      const status = page.getByTestId('factor-status');
      await expect.poll(() => status.textContent(), patience).toContain('Passkeys: 1');
      expect(await authenticator.credentials()).toEqual([{ rpId: 'localhost', signCount: 1 }]);

      // signed out, the password alone does not sign in: the passkey answers the challenge
      await page.getByRole('button', { name: 'Sign out' }).click();
      await typePassword(page, email);
      const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
      await usePasskey.waitFor(patience);
      await screenshot(page, journey, '2-sign-in-asks-for-the-factor');
      const signOut = page.getByRole('button', { name: 'Sign out' });
      expect(await signOut.count()).toBe(0);
      await usePasskey.click();
      await signOut.waitFor(patience);
      expect(await authenticator.credentials()).toEqual([{ rpId: 'localhost', signCount: 2 }]);

      // the factor of that sign-in grows older than the window: a new payout account asks again
      platform.clock.advance((platform.config.auth.stepUpMaxAgeSeconds + 1) * 1000);
      await menu(page, 'Deposits & withdrawals');
      const account = page.getByRole('form', { name: 'Bank account' });
      await account.getByLabel("Account holder's name").fill('Pia Berg');
      await account.getByLabel('IBAN').fill('GB82 WEST 1234 5698 7654 32');
      await account.getByRole('button', { name: 'Save bank account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
      await dialog.waitFor(patience);
      await screenshot(page, journey, '3-bank-account-step-up');
      expect(
        await platform.db
          .selectFrom('bank_accounts')
          .select('id')
          .where('user_id', '=', id)
          .execute(),
      ).toEqual([]);
      await dialog.getByRole('button', { name: 'Use a passkey' }).click();
      await expect
        .poll(() => page.getByTestId('bank-account').textContent(), patience)
        .toContain('Withdrawals are paid to Pia Berg, IBAN •••• 5432 (GB).');
      expect(await dialog.count()).toBe(0);
      expect(await authenticator.credentials()).toEqual([{ rpId: 'localhost', signCount: 3 }]);

      // removing the passkey (the step-up above is still fresh) says what was sent to the person
      await menu(page, 'Security');
      await page.getByRole('button', { name: 'Remove Laptop' }).click();
      await page
        .getByRole('alertdialog', { name: 'Remove the passkey Laptop?' })
        .getByRole('button', { name: 'Yes, remove it' })
        .click();
      const notice = page.getByTestId('factor-notice');
      await expect
        .poll(() => notice.textContent(), patience)
        .toContain('A second factor was removed from your account.');
      expect(await notice.textContent()).toContain('A passkey named "Laptop" was removed');
      await expect.poll(() => status.textContent(), patience).toContain('Passkeys: 0');
      await screenshot(page, journey, '4-passkey-removed-notice');
      const sent = await platform.db
        .selectFrom('user_notifications')
        .select('body')
        .where('user_id', '=', id)
        .where('kind', '=', 'security.factor_changed')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(await notice.textContent()).toContain(sent.body);
    },
  );
});
