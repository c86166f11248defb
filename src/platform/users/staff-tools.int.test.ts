/**
 * What staff need at once: the list of users (filters, cursor pages, staff only) and their
 * notifications of deposits awaiting confirmation and of businesses awaiting activation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';

describe('staff tools', () => {
  let p: TestPlatform;
  let admin: Session;
  let staff: Session;
  beforeAll(async () => {
    p = await startTestPlatform();
    admin = await p.admin();
    staff = await p.staff();
  });
  afterAll(() => p.close());

  const approveKyc = (userId: string) =>
    p.test.db
      .updateTable('users')
      .set({ kyc_status: 'approved', kyc_level: 2 })
      .where('id', '=', userId)
      .execute();
  const list = async (query: string, token = staff.token) => {
    const response = await p.call('GET', `/api/v1/admin/users${query}`, undefined, token);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { email: string; role: string }[]; next_cursor: string | null }>();
  };
  const notifications = async (query = '') => {
    const response = await p.call(
      'GET',
      `/api/v1/admin/notifications${query}`,
      undefined,
      staff.token,
    );
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { kind: string; subject_type: string; subject_id: string }[] }>()
      .data;
  };

  it('lists users to staff by role, KYC status and part of the email, in cursor pages', async () => {
    const investors = [];
    for (const name of ['ann', 'bob', 'cy']) investors.push(await p.user(`${name}@list.example`));
    const issuer = await p.user('ceo@issuer.example', { role: 'issuer' });
    await approveKyc(investors[1]!.id);

    const everyone = await list('');
    expect(everyone.data.map((u) => u.email)).toEqual([
      'ceo@issuer.example',
      'cy@list.example',
      'bob@list.example',
      'ann@list.example',
      'staff@example.com',
      'admin@example.com',
    ]);
    expect(everyone.data.map((u) => u.role)).not.toContain('treasury');
    expect((await list('?role=issuer')).data.map((u) => u.email)).toEqual([issuer.email]);
    expect((await list('?kyc_status=approved')).data.map((u) => u.email)).toEqual([
      'bob@list.example',
    ]);
    expect((await list('?email=LIST.EXAMPLE&role=investor')).data).toHaveLength(3);
    expect((await list('?email=%25')).data).toEqual([]);

    const first = await list('?limit=2&email=list.example');
    expect(first.data.map((u) => u.email)).toEqual(['cy@list.example', 'bob@list.example']);
    const second = await list(`?limit=2&email=list.example&cursor=${first.next_cursor}`);
    expect(second.data.map((u) => u.email)).toEqual(['ann@list.example']);
    expect(second.next_cursor).toBeNull();
    expect((await list('', admin.token)).data).toHaveLength(6);
  });

  it('finds a user by id, or by any part of the email or the name', async () => {
    const dora = await p.user('dora@find.example', { full_name: 'Dora Quist' });
    await p.user('eli@find.example', { full_name: 'Eli Marsh' });
    const emails = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).data.map((u) => u.email);
    expect(await emails(dora.id)).toEqual(['dora@find.example']);
    expect(await emails(dora.id.toUpperCase())).toEqual(['dora@find.example']);
    expect(await emails('quist')).toEqual(['dora@find.example']);
    expect(await emails('FIND.example')).toEqual(['eli@find.example', 'dora@find.example']);
    expect(await emails('%')).toEqual([]);
  });

  it('finds a user by the whole or a part of their wallet address, in any case', async () => {
    const hal = await p.user('hal@wallet-find.example');
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    await p.test.db
      .updateTable('users')
      .set({ wallet_address: address, wallet_custody: 'self' })
      .where('id', '=', hal.id)
      .execute();
    const emails = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).data.map((u) => u.email);
    expect(await emails(address.toLowerCase())).toEqual(['hal@wallet-find.example']);
    expect(await emails('98527886e0f7')).toEqual(['hal@wallet-find.example']);
  });

  it('names people by id for screens of other processes, to staff only', async () => {
    const fay = await p.user('fay@refs.example', { full_name: 'Fay Lind' });
    const gus = await p.user('gus@refs.example');
    const refs = async (ids: string[], token = staff.token) =>
      p.call(
        'GET',
        `/api/v1/admin/user-refs?${ids.map((id) => `id=${id}`).join('&')}`,
        undefined,
        token,
      );
    const answer = await refs([fay.id, gus.id, fay.id, '01900000-0000-7000-8000-000000000000']);
    expect(answer.statusCode).toBe(200);
    expect(
      answer
        .json<{ data: unknown[] }>()
        .data.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      { id: fay.id, email: 'fay@refs.example', full_name: 'Fay Lind' },
      { id: gus.id, email: 'gus@refs.example', full_name: null },
    ]);
    expect((await refs([fay.id])).json()).toEqual({
      data: [{ id: fay.id, email: 'fay@refs.example', full_name: 'Fay Lind' }],
    });
    expect((await refs([fay.id], gus.token)).statusCode).toBe(403);
    expect((await refs(['nope'])).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('refuses the list to others and bad filters', async () => {
    const investor = await p.user('nosy@example.com');
    expect((await p.call('GET', '/api/v1/admin/users', undefined, investor.token)).statusCode).toBe(
      403,
    );
    expect((await p.call('GET', '/api/v1/admin/users')).statusCode).toBe(401);
    for (const query of [
      '?role=treasury',
      '?kyc_status=maybe',
      '?limit=0',
      '?cursor=nope',
      '?x=1',
      '?email=a%00b',
      '?q=',
    ]) {
      const bad = await p.call('GET', `/api/v1/admin/users${query}`, undefined, staff.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('tells staff of a deposit awaiting confirmation', async () => {
    const investor = await p.user('depositor@example.com');
    await approveKyc(investor.id);
    const deposit = await p.call(
      'POST',
      '/api/v1/fiat/deposits',
      { amount: '250.00' },
      investor.token,
    );
    expect(deposit.statusCode).toBe(201);
    expect(await notifications('?kind=fiat.deposit_pending')).toEqual([
      expect.objectContaining({
        kind: 'fiat.deposit_pending',
        subject_type: 'fiat_request',
        subject_id: deposit.json().id,
        message: expect.stringMatching(
          /^A deposit of 250\.00 USD awaits confirmation \(reference DEP-[0-9A-F]{10}\)$/,
        ),
      }),
    ]);
  });

  it('tells staff of a business whose KYB passed and that awaits activation', async () => {
    const issuer = await p.user('founder@example.com', { role: 'issuer' });
    await approveKyc(issuer.id);
    const kyb = await p.call(
      'POST',
      '/api/v1/kyb',
      {
        company_name: 'Await Co',
        registration_number: 'AW-1',
        country: 'AE',
        owners: [
          {
            first_name: 'Fay',
            last_name: 'Founder',
            ownership_pct: 100,
            role: 'ubo',
            nationality: 'AE',
          },
        ],
      },
      issuer.token,
    );
    expect(kyb.statusCode).toBe(201);
    const businessId = kyb.json().business_id as string;
    expect(await notifications('?kind=business.awaiting_activation')).toEqual([]);
    const reviewed = await p.call(
      'POST',
      `/api/v1/admin/businesses/${businessId}/kyb-review`,
      { decision: 'approve' },
      staff.token,
    );
    expect(reviewed.statusCode).toBe(200);
    expect(await notifications('?kind=business.awaiting_activation')).toEqual([
      expect.objectContaining({
        kind: 'business.awaiting_activation',
        subject_type: 'business',
        subject_id: businessId,
        message: 'Await Co passed KYB and awaits activation',
      }),
    ]);
    const kinds = (await notifications()).map((n) => n.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'business.awaiting_activation',
        'kyb.submitted',
        'fiat.deposit_pending',
      ]),
    );
    const unknownKind = await p.call(
      'GET',
      '/api/v1/admin/notifications?kind=other',
      undefined,
      staff.token,
    );
    expect(unknownKind.statusCode).toBe(400);
  });
});
