import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/config.js';
import {
  startSandbox,
  temporaryStateDirectory,
  WebhookReceiver,
  type RunningSandbox,
} from './test-harness.js';

const kyc = 'platform-individual-kyc';

async function until(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('webhook retries and restarts', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of cleanup.splice(0).reverse()) await stop();
  });

  /** A state folder of the test's own, removed after every sandbox on it has stopped. */
  function stateFolder(): string {
    const folder = temporaryStateDirectory();
    cleanup.unshift(() => fs.promises.rm(folder, { recursive: true, force: true }));
    return folder;
  }

  async function receiverAnswering(status: (attempt: number) => number) {
    const receiver = new WebhookReceiver();
    receiver.status = status;
    await receiver.start();
    cleanup.push(() => receiver.stop());
    return receiver;
  }

  async function sandboxFor(
    receiver: WebhookReceiver,
    env: Record<string, string>,
    stateDirectory = stateFolder(),
  ) {
    const sandbox = await startSandbox(
      testConfig({
        PROVIDER_SANDBOX_WEBHOOK_URL: receiver.url,
        PROVIDER_SANDBOX_DECISION_DELAY_MS: '20',
        ...env,
      }),
      { stateDirectory },
    );
    cleanup.push(() => sandbox.stop());
    return sandbox;
  }

  const create = (sandbox: RunningSandbox, externalUserId: string) =>
    sandbox.call('POST', `/resources/applicants?levelName=${kyc}`, {
      externalUserId,
      fixedInfo: { firstName: 'Ada', lastName: 'Lovelace' },
    });

  it("retries a webhook the receiver refused twice, keeping the applicant's order", async () => {
    const receiver = await receiverAnswering((attempt) => (attempt <= 2 ? 500 : 200));
    const sandbox = await sandboxFor(receiver, { PROVIDER_SANDBOX_RETRY_DELAYS_MS: '50,50,50' });
    const id = (await create(sandbox, 'flaky')).json.id as string;
    await sandbox.call('POST', `/resources/applicants/${id}/status/pending`);
    await receiver.waitFor(() => receiver.of(id).length === 3);
    expect(receiver.attemptCount).toBe(5);
    expect(receiver.of(id).map((w) => w.type)).toEqual([
      'applicantCreated',
      'applicantPending',
      'applicantReviewed',
    ]);
  });

  it('gives up after the last retry and shows the failure on the operator page', async () => {
    const receiver = await receiverAnswering(() => 503);
    const sandbox = await sandboxFor(receiver, { PROVIDER_SANDBOX_RETRY_DELAYS_MS: '20,20' });
    await create(sandbox, 'unreachable');
    await until(() => receiver.attemptCount === 3);
    const operator = `Basic ${Buffer.from(`op:${sandbox.config.provider.appToken}`).toString('base64')}`;
    const page = async () =>
      (await fetch(`${sandbox.url}/operator`, { headers: { authorization: operator } })).text();
    let html = await page();
    // The last attempt's outcome is recorded just after the receiver answered it.
    for (let tries = 0; !html.includes('1 failed') && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      html = await page();
    }
    expect(html).toContain('1 failed');
    expect(html).toContain('HTTP 503');
    expect(receiver.attemptCount).toBe(3);
  });

  it('keeps applicants across a restart, resuming webhooks and automatic decisions', async () => {
    const stateDirectory = stateFolder();
    const receiver = await receiverAnswering((attempt) => (attempt === 1 ? 500 : 200));
    const first = await sandboxFor(
      receiver,
      { PROVIDER_SANDBOX_RETRY_DELAYS_MS: '300', PROVIDER_SANDBOX_DECISION_DELAY_MS: '60000' },
      stateDirectory,
    );
    const id = (await create(first, 'survivor')).json.id as string;
    await first.call('POST', `/resources/applicants/${id}/status/pending`);
    await until(() => receiver.attemptCount >= 1);
    await first.stop();

    // Long enough to see the applicant still pending right after the restart.
    const second = await sandboxFor(
      receiver,
      { PROVIDER_SANDBOX_DECISION_DELAY_MS: '300' },
      stateDirectory,
    );
    expect((await second.call('GET', `/resources/applicants/${id}/one`)).json).toMatchObject({
      externalUserId: 'survivor',
      review: { reviewStatus: 'pending' },
    });
    expect((await create(second, 'survivor')).status).toBe(409);
    await receiver.waitFor(() => receiver.of(id).length === 3);
    expect(receiver.of(id).map((w) => w.type)).toEqual([
      'applicantCreated',
      'applicantPending',
      'applicantReviewed',
    ]);
  });
});
