import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { approvedClassification } from '../../../test/support/classification.js';

const application = (over: Record<string, unknown> = {}) => ({
  full_name: 'Ann Example',
  nationality: 'AE',
  date_of_birth: '1990-04-01',
  document_type: 'passport',
  document_number: 'P1234567',
  address_line1: '1 Marina Walk',
  city: 'Dubai',
  ...over,
});

describe('manual KYC review (spec B)', () => {
  let p: TestPlatform;
  let staff: Session;

  beforeAll(async () => {
    p = await startTestPlatform();
    staff = await p.staff();
  });
  afterAll(() => p.close());

  const kycStatus = async (userId: string) =>
    await p.test.db
      .selectFrom('users')
      .select(['kyc_status', 'kyc_level', 'accreditation_status', 'fatca_status'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  const count = async (table: 'kyc_applications' | 'audit_logs' | 'notifications') =>
    Number(
      (
        await p.test.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes a submission: pending, encrypted at rest, reviewers notified', async () => {
    const ann = await p.user('ann@example.com');
    const res = await p.call('POST', '/api/v1/kyc', application(), ann.token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      verification_provider: 'manual',
      nationality: 'AE',
      document_type: 'passport',
    });
    expect(res.body).not.toContain('P1234567');
    expect((await kycStatus(ann.id)).kyc_status).toBe('pending');
    const stored = await p.test.db
      .selectFrom('kyc_applications')
      .select(['document_number', 'document_number_key_id'])
      .where('id', '=', res.json<{ id: string }>().id)
      .executeTakeFirstOrThrow();
    expect(stored.document_number).not.toContain('P1234567');
    expect(stored.document_number_key_id).toBe('k1');
    const notes = await p.call('GET', '/api/v1/admin/notifications', undefined, staff.token);
    expect(notes.json<{ data: { subject_id: string; kind: string }[] }>().data[0]).toMatchObject({
      kind: 'kyc.submitted',
      subject_id: res.json<{ id: string }>().id,
    });
  });

  it('refuses bad submissions with 400 and changes nothing', async () => {
    const bob = await p.user('bob@example.com');
    const before = await count('kyc_applications');
    const cases: [Record<string, unknown>, string][] = [
      [application({ document_type: 'library_card' }), 'VALIDATION_FAILED'],
      [application({ nationality: 'XX' }), 'INVALID_COUNTRY'],
      [application({ nationality: 'Dubai' }), 'VALIDATION_FAILED'],
      [application({ full_name: '' }), 'VALIDATION_FAILED'],
      [application({ full_name: '   ' }), 'VALIDATION_FAILED'],
      [application({ date_of_birth: '01/04/1990' }), 'VALIDATION_FAILED'],
      [application({ document_number: 'x'.repeat(51) }), 'VALIDATION_FAILED'],
      [application({ kyc_level: 3 }), 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of cases) {
      const res = await p.call('POST', '/api/v1/kyc', body, bob.token);
      expect({ status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({
        status: 400,
        code,
      });
    }
    expect(await count('kyc_applications')).toBe(before);
    expect((await kycStatus(bob.id)).kyc_status).toBe('none');
  });

  it('allows one open application per user, even under concurrent submissions', async () => {
    const cara = await p.user('cara@example.com');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => p.call('POST', '/api/v1/kyc', application(), cara.token)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      code: 'KYC_ALREADY_PENDING',
    });
  });

  it('keeps reviews and the queue away from investors and issuers', async () => {
    const dan = await p.user('dan@example.com');
    const issuer = await p.user('iss@example.com', { role: 'issuer' });
    for (const token of [dan.token, issuer.token]) {
      expect((await p.call('GET', '/api/v1/admin/kyc', undefined, token)).statusCode).toBe(403);
      const some = (await p.call('GET', '/api/v1/admin/kyc', undefined, staff.token)).json<{
        data: { id: string }[];
      }>().data[0]!;
      const review = await p.call(
        'POST',
        `/api/v1/admin/kyc/${some.id}/review`,
        { decision: 'approve' },
        token,
      );
      expect(review.statusCode).toBe(403);
      expect(review.json()).toMatchObject({ code: 'FORBIDDEN_ROLE' });
    }
  });

  it('lists applications in submission order without document numbers, page by page', async () => {
    const first = await p.call('GET', '/api/v1/admin/kyc?limit=1', undefined, staff.token);
    const page1 = first.json<{ data: { full_name: string; id: string }[]; next_cursor: string }>();
    expect(page1.data).toHaveLength(1);
    expect(first.body).not.toContain('document_number');
    const second = (
      await p.call(
        'GET',
        `/api/v1/admin/kyc?limit=1&cursor=${page1.next_cursor}`,
        undefined,
        staff.token,
      )
    ).json<{ data: { id: string }[] }>();
    expect(second.data[0]!.id > page1.data[0]!.id).toBe(true);
    expect(
      (await p.call('GET', '/api/v1/admin/kyc?limit=1000', undefined, staff.token)).statusCode,
    ).toBe(400);
  });

  it('moves an application to in_review on first access and shows the decrypted document number', async () => {
    const eve = await p.user('eve@example.com');
    const id = (
      await p.call('POST', '/api/v1/kyc', application({ document_number: 'EVE-42' }), eve.token)
    ).json<{ id: string }>().id;
    const detail = await p.call('GET', `/api/v1/admin/kyc/${id}`, undefined, staff.token);
    expect(detail.json()).toMatchObject({
      status: 'in_review',
      document_number: 'EVE-42',
      email: 'eve@example.com',
      city: 'Dubai',
    });
    expect((await kycStatus(eve.id)).kyc_status).toBe('in_review');
    expect(
      (await p.call('GET', `/api/v1/admin/kyc/${id}`, undefined, staff.token)).json(),
    ).toMatchObject({ status: 'in_review' });
    expect(
      (
        await p.call(
          'GET',
          '/api/v1/admin/kyc/0199a3c2-0000-7000-8000-000000000000',
          undefined,
          staff.token,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('approves: user approved with level, accreditation and FATCA in one go, audited', async () => {
    // The accreditation is the lower of the approved classification and the level's tier.
    const cases = [
      {
        email: 'f1@example.com',
        nationality: 'AE',
        level: undefined,
        classified: null,
        expect: { kyc_level: 2, accreditation_status: 'retail', fatca_status: 'clear' },
      },
      {
        email: 'f2@example.com',
        nationality: 'USA',
        level: 3,
        classified: 'institutional',
        expect: { kyc_level: 3, accreditation_status: 'institutional', fatca_status: 'blocked' },
      },
      {
        email: 'f3@example.com',
        nationality: 'gb',
        level: 1,
        classified: 'professional',
        expect: { kyc_level: 1, accreditation_status: 'retail', fatca_status: 'clear' },
      },
      {
        email: 'f4@example.com',
        nationality: 'DE',
        level: 2,
        classified: 'institutional',
        expect: { kyc_level: 2, accreditation_status: 'professional', fatca_status: 'clear' },
      },
    ] as const;
    for (const c of cases) {
      const u = await p.user(c.email);
      if (c.classified) await approvedClassification(p.test.db, u.id, c.classified);
      const id = (
        await p.call('POST', '/api/v1/kyc', application({ nationality: c.nationality }), u.token)
      ).json<{ id: string }>().id;
      const res = await p.call(
        'POST',
        `/api/v1/admin/kyc/${id}/review`,
        {
          decision: 'approve',
          review_notes: 'documents fine',
          ...(c.level ? { kyc_level: c.level } : {}),
        },
        staff.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'approved',
        reviewed_by: staff.id,
        review_notes: 'documents fine',
        kyc_level: c.expect.kyc_level,
      });
      expect(await kycStatus(u.id)).toEqual({ kyc_status: 'approved', ...c.expect });
      const audit = await p.test.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('action', '=', 'kyc.reviewed')
        .where('target_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        actor_id: staff.id,
        details: { decision: 'approve', kyc_level: c.expect.kyc_level },
      });
      const again = await p.call(
        'POST',
        `/api/v1/admin/kyc/${id}/review`,
        { decision: 'reject', rejection_reason: 'x' },
        staff.token,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'APPLICATION_ALREADY_DECIDED' });
      expect((await kycStatus(u.id)).kyc_status).toBe('approved');
    }
  });

  it('rejects only with a reason, then lets the user resubmit', async () => {
    const gus = await p.user('gus@example.com');
    const id = (await p.call('POST', '/api/v1/kyc', application(), gus.token)).json<{
      id: string;
    }>().id;
    const noReason = await p.call(
      'POST',
      `/api/v1/admin/kyc/${id}/review`,
      { decision: 'reject' },
      staff.token,
    );
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ code: 'REJECTION_REASON_REQUIRED' });
    expect((await kycStatus(gus.id)).kyc_status).toBe('pending');
    const rejected = await p.call(
      'POST',
      `/api/v1/admin/kyc/${id}/review`,
      { decision: 'reject', rejection_reason: 'Document expired' },
      staff.token,
    );
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Document expired',
      can_resubmit: true,
    });
    expect((await kycStatus(gus.id)).kyc_status).toBe('rejected');
    const me = (await p.call('GET', '/api/v1/kyc/me', undefined, gus.token)).json();
    expect(me).toMatchObject({
      status: 'rejected',
      can_submit: true,
      application: { rejection_reason: 'Document expired' },
    });
    const again = await p.call(
      'POST',
      '/api/v1/kyc',
      application({ document_number: 'NEW-1' }),
      gus.token,
    );
    expect(again.json()).toMatchObject({ status: 'pending' });
    expect((await kycStatus(gus.id)).kyc_status).toBe('pending');
  });

  it('decides once when two reviewers act at the same time', async () => {
    const hal = await p.user('hal@example.com');
    const id = (await p.call('POST', '/api/v1/kyc', application(), hal.token)).json<{
      id: string;
    }>().id;
    const admin = await p.admin();
    const results = await Promise.all([
      p.call('POST', `/api/v1/admin/kyc/${id}/review`, { decision: 'approve' }, staff.token),
      p.call(
        'POST',
        `/api/v1/admin/kyc/${id}/review`,
        { decision: 'reject', rejection_reason: 'no' },
        admin.token,
      ),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audits = await p.test.db
      .selectFrom('audit_logs')
      .select('id')
      .where('action', '=', 'kyc.reviewed')
      .where('target_id', '=', id)
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('keeps staff and admins out of KYC submission', async () => {
    const res = await p.call('POST', '/api/v1/kyc', application(), staff.token);
    expect(res.statusCode).toBe(403);
  });
});
