/**
 * Staff and admin accounts by four eyes, on the real database: the only admin grants alone
 * (audited, told to every reviewer); with two admins an account is proposed and exists once the
 * other admin approves; an admin made alone by a proposer cannot approve that proposer's actions
 * (test/integration/agent-actions.int.test.ts has the forced transfer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  testPassword,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';

describe('staff accounts by four eyes', () => {
  let p: TestPlatform;
  let first: Session;
  let second: Session;
  const create = (email: string, role: 'staff' | 'admin', by: Session) =>
    p.call('POST', '/api/v1/admin/users', { email, password: testPassword, role }, by.token);
  const login = (email: string) =>
    p.call('POST', '/api/v1/auth/login', { email, password: testPassword });
  const decide = (id: string, decision: 'approve' | 'reject', by: Session) =>
    p.call('POST', `/api/v1/admin/role-grants/${id}/decision`, { decision }, by.token);
  const count = async (table: 'users' | 'notifications' | 'audit_logs') =>
    Number(
      (
        await p.test.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    p = await startTestPlatform();
    first = await p.admin();
  });
  afterAll(() => p.close());

  it('lets the only admin grant alone, audited and told to the reviewers', async () => {
    const made = await create('second@admin.example', 'admin', first);
    expect(made.statusCode).toBe(201);
    const grants = (await p.call('GET', '/api/v1/admin/role-grants', undefined, first.token)).json<{
      data: { email: string; status: string; proposed_by: string }[];
    }>().data;
    expect(grants[0]).toMatchObject({
      email: 'second@admin.example',
      status: 'granted_alone',
      proposed_by: first.id,
    });
    const notice = await p.test.db
      .selectFrom('notifications')
      .select(['kind', 'message'])
      .where('kind', '=', 'staff.role_granted')
      .executeTakeFirstOrThrow();
    expect(notice.message).toContain('second@admin.example');
    const token = (await login('second@admin.example')).json<{ access_token: string }>()
      .access_token;
    second = await p.enrol({
      id: made.json<{ id: string }>().id,
      email: 'second@admin.example',
      token,
    });
  });

  it('proposes an account while two admins exist; only the other admin may approve it', async () => {
    const users = await count('users');
    const proposed = await create('carol@staff.example', 'staff', first);
    expect(proposed.statusCode).toBe(202);
    const grant = proposed.json<{ id: string; status: string; user_id: string }>();
    expect(grant.status).toBe('proposed');
    expect(await count('users')).toBe(users);
    expect((await login('carol@staff.example')).statusCode).toBe(401);
    // the same email cannot be proposed twice while the first proposal is open
    expect((await create('carol@staff.example', 'admin', second)).json()).toMatchObject({
      code: 'EMAIL_TAKEN',
    });

    const own = await decide(grant.id, 'approve', first);
    expect([own.statusCode, own.json<{ code: string }>().code]).toEqual([
      403,
      'FOUR_EYES_REQUIRED',
    ]);
    expect(await count('users')).toBe(users);

    const approved = await decide(grant.id, 'approve', second);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decided_by: second.id });
    expect((await login('carol@staff.example')).statusCode).toBe(200);
    expect((await decide(grant.id, 'reject', second)).json<{ code: string }>().code).toBe(
      'ROLE_GRANT_NOT_PROPOSED',
    );
    const audit = await p.test.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_id', '=', grant.id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['role_grant.proposed', 'role_grant.approved']);
  });

  it('rejects: no account, and the email is free again', async () => {
    const grant = (await create('dave@staff.example', 'admin', second)).json<{ id: string }>();
    expect((await decide(grant.id, 'reject', first)).json()).toMatchObject({ status: 'rejected' });
    expect((await login('dave@staff.example')).statusCode).toBe(401);
    expect((await create('dave@staff.example', 'staff', second)).statusCode).toBe(202);
  });

  it('is for admins only', async () => {
    const investor = await p.user('ivy@example.com');
    for (const response of [
      await create('x@staff.example', 'staff', investor),
      await p.call('GET', '/api/v1/admin/role-grants', undefined, investor.token),
    ]) {
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN_ROLE' });
    }
  });
});
