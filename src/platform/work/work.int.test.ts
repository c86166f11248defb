/**
 * The staff's waiting work on the real database: each count moves with the queue it counts, and
 * the queues' default views (`status=waiting`) list exactly what is counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, insertHolder, liveToken } from '../../../test/support/dividends.js';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { newId } from '../../lib/ids.js';
import { createLogger } from '../../lib/logger.js';
import { dividendDistributor } from '../dividends/dividend-distributor.js';

describe('waiting work', () => {
  let p: TestPlatform;
  let admin: Session;
  let staff: Session;
  const post = (url: string, token: string, body: unknown = {}) => p.call('POST', url, body, token);
  const get = <T>(url: string) =>
    p.call('GET', url, undefined, staff.token).then((r) => r.json<T>());
  const work = () => get<Record<string, number>>('/api/v1/admin/work');
  const listed = async (url: string) =>
    (await get<{ data: Array<{ id: string; status: string }> }>(url)).data.map((r) => r.id);

  beforeAll(async () => {
    p = await startTestPlatform();
    admin = await p.admin();
    staff = await p.staff();
  });
  afterAll(() => p.close());

  it('counts KYC applications until they are decided, in review included', async () => {
    expect(await work()).toMatchObject({ kyc: 0, dividends: 0, fiat_requests: 0 });
    const ids: string[] = [];
    for (const name of ['ann', 'bob']) {
      const user = await p.user(`${name}@example.com`);
      const res = await post('/api/v1/kyc', user.token, {
        full_name: name,
        nationality: 'AE',
        date_of_birth: '1990-01-01',
        document_type: 'passport',
        document_number: 'P1234567',
      });
      ids.push(res.json<{ id: string }>().id);
    }
    // The provider's webhook would put one in review: it still waits for a person.
    await p.test.db
      .updateTable('kyc_applications')
      .set({ status: 'in_review' })
      .where('id', '=', ids[1]!)
      .execute();
    expect((await work()).kyc).toBe(2);
    expect(await listed('/api/v1/admin/kyc?status=waiting')).toEqual(ids);

    await post(`/api/v1/admin/kyc/${ids[0]}/review`, staff.token, { decision: 'approve' });
    expect((await work()).kyc).toBe(1);
    expect(await listed('/api/v1/admin/kyc?status=waiting')).toEqual([ids[1]]);
  });

  it('counts a dividend to approve, to distribute, and distributed with a failed payment', async () => {
    const issuer = await p.user('issuer@example.com', { role: 'issuer' });
    const token = await liveToken(p.test.db, issuer.id, 'WORK');
    const lapsed = await insertHolder(p.test.db, token, 20);
    await insertHolder(p.test.db, token, 10);
    await fund(p.test.db, issuer.id, '100.00');
    const id = (
      await post('/api/v1/dividends', issuer.token, {
        token_id: token,
        dividend_type: 'fiat',
        per_token_usd: '1',
        fee_pct: '1',
      })
    ).json<{ id: string }>().id;
    const waiting = async () => ({
      count: (await work()).dividends,
      listed: await listed('/api/v1/admin/dividends?status=waiting'),
    });
    expect(await waiting()).toEqual({ count: 0, listed: [] });

    await post(`/api/v1/dividends/${id}/submit`, issuer.token);
    expect(await waiting()).toEqual({ count: 1, listed: [id] });
    await post(`/api/v1/admin/dividends/${id}/approve`, admin.token);
    expect(await waiting()).toEqual({ count: 1, listed: [id] });
    await post(`/api/v1/admin/dividends/${id}/distribute`, admin.token);
    await p.test.db
      .updateTable('users')
      .set({ kyc_status: 'rejected' })
      .where('id', '=', lapsed)
      .execute();
    const distributor = dividendDistributor({
      db: p.test.db,
      logger: createLogger('test', 'silent'),
      batchSize: 5,
    });
    while ((await distributor.tick()) > 0);
    // Distributed, one payment failed: it waits for staff to retry.
    expect(await waiting()).toEqual({ count: 1, listed: [id] });

    await p.test.db
      .updateTable('users')
      .set({ kyc_status: 'approved' })
      .where('id', '=', lapsed)
      .execute();
    const failed = await get<{ data: Array<{ id: string }> }>(
      `/api/v1/admin/dividends/${id}/payments?status=failed`,
    );
    await post(`/api/v1/admin/dividend-payments/${failed.data[0]!.id}/retry`, staff.token);
    while ((await distributor.tick()) > 0);
    expect(await waiting()).toEqual({ count: 0, listed: [] });
  });

  it('counts agent actions that wait for a second admin or failed on chain', async () => {
    const issuer = await p.user('agent-issuer@example.com', { role: 'issuer' });
    const token = await liveToken(p.test.db, issuer.id, 'FOUR');
    const holder = await insertHolder(p.test.db, token, 10);
    const receiver = await insertHolder(p.test.db, token, 0);
    const staffId = (await p.call('GET', '/api/v1/me', undefined, staff.token)).json<{
      id: string;
    }>().id;
    const action = (status: 'proposed' | 'failed' | 'done') => ({
      id: newId(),
      kind: 'forced_transfer' as const,
      token_id: token,
      user_id: holder,
      to_user_id: receiver,
      quantity: 1,
      reason: 'Court order',
      reference: 'C-1',
      status,
      proposed_by: staffId,
    });
    const rows = [action('proposed'), action('failed'), action('done')];
    await p.test.db.insertInto('agent_actions').values(rows).execute();
    expect((await work()).agent_actions).toBe(2);
    const waiting = [
      ...(await listed('/api/v1/admin/agent-actions?status=proposed')),
      ...(await listed('/api/v1/admin/agent-actions?status=failed')),
    ];
    expect(waiting.sort()).toEqual([rows[0]!.id, rows[1]!.id].sort());
  });

  it('is for staff only', async () => {
    const investor = await p.user('carl@example.com');
    const res = await p.call('GET', '/api/v1/admin/work', undefined, investor.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN_ROLE' });
  });
});
