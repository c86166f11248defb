/**
 * A real headless Chromium for browser tests: playwright-core driving the binary shipped in the
 * npm package @sparticuz/chromium (no system browser, nothing downloaded at run time).
 */
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import fs from 'node:fs/promises';
import path from 'node:path';

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

/** Signs in on the sign-in screen and waits for the signed-in shell. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Follows a link of the main navigation. */
export async function menu(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
}
