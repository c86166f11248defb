/**
 * The platform process is killed (SIGKILL) while it distributes a fiat dividend, then started
 * again: every holder ends paid exactly once, and no money appeared or vanished.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/lib/embedded/ports.js';
import { Exact } from '../../src/lib/money.js';
import { testEnv } from '../support/config.js';
import { fund, insertHolder, liveToken, totalFiat } from '../support/dividends.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';

describe('a platform crash while distributing a dividend', () => {
  let p: TestPlatform;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await p.close();
  });

  async function startPlatformProcess(): Promise<ChildProcess> {
    const env = testEnv({
      DATABASE_URL: p.test.url,
      PLATFORM_PORT: String(await freePort()),
      WORKER_IDLE_MS: '20',
      DIVIDEND_BATCH_SIZE: '4',
    });
    return spawn(process.execPath, ['bin/tessera.js', 'platform'], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
  }
  const statuses = async (id: string) =>
    (
      await p.test.db
        .selectFrom('dividend_payments')
        .select('status')
        .where('dividend_id', '=', id)
        .execute()
    ).map((row) => row.status);
  async function until(check: () => Promise<boolean>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  it('pays every holder exactly once after a restart', async () => {
    const admin = await p.admin();
    const issuer = await p.user('crash@issuer.example', { role: 'issuer' });
    const tokenId = await liveToken(p.test.db, issuer.id, 'KILL');
    const holders: string[] = [];
    for (let i = 0; i < 400; i++) holders.push(await insertHolder(p.test.db, tokenId, 1 + i));
    await fund(p.test.db, issuer.id, '1000000.00');
    const id = (
      await p.call(
        'POST',
        '/api/v1/dividends',
        { token_id: tokenId, dividend_type: 'fiat', per_token_usd: '0.3333', fee_pct: 5 },
        issuer.token,
      )
    ).json<{ id: string }>().id;
    await p.call('POST', `/api/v1/dividends/${id}/submit`, {}, issuer.token);
    await p.call('POST', `/api/v1/admin/dividends/${id}/approve`, {}, admin.token);
    const before = await totalFiat(p.test.db);
    expect(
      (await p.call('POST', `/api/v1/admin/dividends/${id}/distribute`, {}, admin.token))
        .statusCode,
    ).toBe(200);

    child = await startPlatformProcess();
    await until(async () => (await statuses(id)).filter((s) => s === 'paid').length >= 40, 60_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    const atCrash = await statuses(id);
    expect(atCrash.filter((s) => s === 'pending').length).toBeGreaterThan(0);

    child = await startPlatformProcess();
    await until(async () => {
      const d = await p.test.db
        .selectFrom('dividend_declarations')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return d.status === 'distributed';
    }, 90_000);
    child.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));

    expect(await statuses(id)).toEqual(holders.map(() => 'paid'));
    const credits = await p.test.db
      .selectFrom('fiat_ledger')
      .innerJoin('dividend_payments', 'dividend_payments.id', 'fiat_ledger.reference_id')
      .innerJoin('users', 'users.id', 'fiat_ledger.user_id')
      .select([
        'fiat_ledger.user_id',
        'fiat_ledger.amount',
        'dividend_payments.net_amount',
        'users.fiat_balance',
      ])
      .where('dividend_payments.dividend_id', '=', id)
      .execute();
    expect(credits).toHaveLength(holders.length);
    expect(new Set(credits.map((c) => c.user_id)).size).toBe(holders.length);
    expect(credits.every((c) => c.amount === c.net_amount && c.fiat_balance === c.net_amount)).toBe(
      true,
    );
    expect(new Exact(await totalFiat(p.test.db)).eq(before)).toBe(true);
  }, 240_000);
});
