/**
 * Sessions and devices: a user lists their sessions with the device read from the user agent,
 * ends one (its refresh and access tokens stop at once) or all others; staff end all of a
 * user's sessions, audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  testPassword,
  type TestPlatform,
} from '../../../test/support/platform.js';

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';

describe('sessions', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.close());

  const signIn = async (email: string, userAgent: string) => {
    const answer = await p.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: testPassword },
      headers: { 'user-agent': userAgent },
    });
    return answer.json<{ access_token: string; refresh_token: string }>();
  };
  const refresh = (refreshToken: string) =>
    p.call('POST', '/api/v1/auth/refresh', { refresh_token: refreshToken });

  it('lists sessions with their device, and ends one or all others at once', async () => {
    const ann = await p.user('ann@example.com');
    const laptop = await signIn('ann@example.com', firefox);
    const listed = await p.call('GET', '/api/v1/me/sessions', undefined, laptop.access_token);
    const items = listed.json<{ items: { id: string; device: string; current: boolean }[] }>()
      .items;
    expect(items).toHaveLength(2);
    const current = items.find((item) => item.current)!;
    expect(current.device).toBe('Firefox on Linux');

    // the laptop ends the first session: its access token and its refresh token stop at once
    const other = items.find((item) => !item.current)!;
    const ended = await p.call(
      'DELETE',
      `/api/v1/me/sessions/${other.id}`,
      undefined,
      laptop.access_token,
    );
    expect(ended.json()).toEqual({ ended: true });
    const refused = await p.call('GET', '/api/v1/me', undefined, ann.token);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const again = await p.call(
      'DELETE',
      `/api/v1/me/sessions/${other.id}`,
      undefined,
      laptop.access_token,
    );
    expect(again.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });

    const phone = await signIn('ann@example.com', 'curl/8.4.0');
    const others = await p.call(
      'POST',
      '/api/v1/me/sessions/end-others',
      undefined,
      laptop.access_token,
    );
    expect(others.json()).toEqual({ ended: 1 });
    expect((await refresh(phone.refresh_token)).json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
  });

  it('lets staff end every session of a user, audited, after a step-up', async () => {
    await p.user('bob@example.com');
    const bob = await signIn('bob@example.com', firefox);
    const me = (await p.call('GET', '/api/v1/me', undefined, bob.access_token)).json<{
      id: string;
    }>();
    const staff = await p.staff();
    const seen = await p.call(
      'GET',
      `/api/v1/admin/users/${me.id}/sessions`,
      undefined,
      staff.token,
    );
    expect(seen.json<{ items: unknown[] }>().items).toHaveLength(2);
    const ended = await p.call(
      'POST',
      `/api/v1/admin/users/${me.id}/sessions/end`,
      { reason: 'reported a stolen phone' },
      staff.token,
    );
    expect(ended.json()).toEqual({ ended: 2 });
    expect((await refresh(bob.refresh_token)).json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const audit = await p.test.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'auth.sessions_ended_by_staff')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: staff.id, target_id: me.id });
    expect(audit.details).toMatchObject({ sessions_ended: 2, reason: 'reported a stolen phone' });
    // bob is told what was done, by email too, and never staff's reason
    const notices = await p.test.db
      .selectFrom('user_notifications')
      .select(['kind', 'title', 'body'])
      .where('user_id', '=', me.id)
      .where('kind', 'like', 'security.%')
      .orderBy('created_at')
      .execute();
    expect(notices.map((n) => n.kind)).toEqual(['security.new_device', 'security.sessions_ended']);
    expect(notices[0]!.title).toBe('New sign-in from Firefox on Linux');
    expect(notices[1]!.body).toContain('signed out every session of your account');
    expect(JSON.stringify(notices)).not.toMatch(/stolen|phone|reason/i);
    const emails = await p.test.db
      .selectFrom('outbound_emails')
      .select('kind')
      .where('user_id', '=', me.id)
      .where('kind', 'like', 'security.%')
      .execute();
    expect(emails.map((e) => e.kind).sort()).toEqual([
      'security.new_device',
      'security.sessions_ended',
    ]);
  });

  it('tells of a sign-in from a new device, not of the first one nor of a device seen before', async () => {
    const cy = await p.user('cy@example.com');
    const newDevices = async () =>
      (
        await p.test.db
          .selectFrom('user_notifications')
          .select('body')
          .where('user_id', '=', cy.id)
          .where('kind', '=', 'security.new_device')
          .execute()
      ).map((n) => n.body);
    expect(await newDevices()).toEqual([]);
    await signIn('cy@example.com', firefox);
    await signIn('cy@example.com', firefox);
    const told = await newDevices();
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('Firefox on Linux');
  });
});
