/**
 * A real headless Chromium for browser tests: playwright-core driving the binary shipped in the
 * npm package @sparticuz/chromium (no system browser, nothing downloaded at run time).
 */
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import { freshTotpCode, knownSecret, rememberSecret } from './second-factor.js';

/**
 * The package's flags are for serverless functions; these are left out: one process cannot host
 * the several browser contexts (users) a journey needs, and the test wants the browser's real
 * web security (CORS, mixed content) in force.
 */
const leftOut = new Set([
  '--single-process',
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
]);

export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromium.executablePath(),
    args: chromium.args.filter((arg) => !leftOut.has(arg)),
    headless: true,
  });
}

/** Saves a full-page screenshot as test-results/<journey>/<step>.png for review. */
export async function screenshot(page: Page, journey: string, step: string): Promise<void> {
  const dir = path.join('test-results', journey);
  await fs.mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${step}.png`), fullPage: true });
}

/**
 * Looks at the page at a phone's width (390 px) and saves it as `step`: nothing of the page may
 * lie off-screen sideways (a wide table scrolls inside its own box); the viewport is restored.
 */
export async function expectFitsPhone(page: Page, journey: string, step: string): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  await screenshot(page, journey, step);
  if (before) await page.setViewportSize(before);
  expect(width, `${step}: the page's width at 390 px`).toBeLessThanOrEqual(390);
}

/**
 * Signs in on the sign-in screen and waits for the signed-in shell: types the code of the
 * account's authenticator app when asked, and enrols one on the page when a staff account has
 * none yet (its secret read off the page, as a person's app scans it). A screen that must come
 * first (the printed password's change) is left to the test.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel('Authentication code or recovery code');
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await signOut.or(code).waitFor();
  if (await code.isVisible()) {
    const secret = knownSecret(email);
    if (!secret) throw new Error(`${email} has a second factor this test does not know`);
    await code.fill(await freshTotpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await signOut.waitFor();
  }
  const enrol = page.getByTestId('mfa-enrolment-required');
  await page
    .getByRole('navigation', { name: 'Main' })
    .or(enrol)
    .or(page.getByTestId('password-change-required'))
    .waitFor();
  if (await enrol.isVisible()) await enrolOnPage(page, email);
}

/** Enrols an authenticator app on the screen that offers it; the secret is remembered. */
export async function enrolOnPage(page: Page, email: string): Promise<string> {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  rememberSecret(email, secret);
  await page.getByLabel('Authentication code', { exact: true }).fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'I kept them' }).click();
  return secret;
}

/** Answers the step-up dialog an irreversible action opened with a fresh code. */
export async function stepUpOnPage(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog
    .getByLabel('Authentication code or recovery code')
    .fill(await freshTotpCode(knownSecret(email)!));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

/** Follows a link of the main navigation. */
export async function menu(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
}
