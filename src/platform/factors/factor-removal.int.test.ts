/**
 * Removing a second factor: it needs a factor verified in the last few minutes (a stale one is
 * refused STEP_UP_REQUIRED and the factor stays), the answer carries the notice the person was
 * sent, and staff keep at least one factor, even when they remove their last two at once.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { totpCode } from './totp.js';

/** The wall clock, moved ahead by hand: codes follow it (totp.ts). */
let ahead = 0;
const clock = { now: () => new Date(Date.now() + ahead) };
const maxAge = 300;

describe('removing a second factor', () => {
  let p: TestPlatform;

  beforeAll(async () => {
    p = await startTestPlatform({ STEP_UP_MAX_AGE_SECONDS: String(maxAge) }, { clock });
  });
  afterAll(() => p.close());

  /** A passkey on file for the user, as a registration leaves it (its ceremony: passkey.e2e). */
  async function passkeyOf(session: Session, label: string): Promise<string> {
    const id = newId();
    await p.test.db
      .insertInto('passkeys')
      .values({
        id,
        user_id: session.id,
        credential_id: randomBytes(16).toString('base64url'),
        public_key: randomBytes(77),
        counter: 0,
        transports: ['internal'],
        label,
      })
      .execute();
    return id;
  }
  const factorsOf = async (session: Session) =>
    (await p.call('GET', '/api/v1/me/factors', undefined, session.token)).json<{
      totp: { enrolled: boolean };
      passkeys: { id: string }[];
    }>();
  const removeTotp = (session: Session) =>
    p.call('POST', '/api/v1/me/factors/totp/remove', undefined, session.token);
  const removePasskey = (session: Session, id: string) =>
    p.call('POST', `/api/v1/me/factors/passkeys/${id}/remove`, undefined, session.token);

  it('refuses a removal with a stale factor, then removes with a fresh one and says what it sent', async () => {
    ahead = 0;
    const ivy = await p.enrol(await p.user('ivy@example.com'));
    const laptop = await passkeyOf(ivy, 'Laptop');
    ahead += (maxAge + 1) * 1000;
    const stale = await removePasskey(ivy, laptop);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', max_age: maxAge });
    expect((await factorsOf(ivy)).passkeys.map((k) => k.id)).toEqual([laptop]);

    const stepped = await p.call(
      'POST',
      '/api/v1/auth/step-up',
      { code: totpCode(ivy.secret!, clock.now()) },
      ivy.token,
    );
    ivy.token = stepped.json<{ access_token: string }>().access_token;
    const removed = await removePasskey(ivy, laptop);
    expect(removed.statusCode).toBe(200);
    const { notice } = removed.json<{ notice: { title: string; body: string } }>();
    expect(notice.body).toContain('Laptop');
    expect((await factorsOf(ivy)).passkeys).toEqual([]);
    // the notice shown is the one sent, in-app and by email
    const sent = await p.test.db
      .selectFrom('user_notifications')
      .select(['title', 'body'])
      .where('user_id', '=', ivy.id)
      .where('kind', '=', 'security.factor_changed')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(sent).toEqual(notice);
    expect((await removePasskey(ivy, laptop)).json()).toMatchObject({ code: 'FACTOR_NOT_FOUND' });
  });

  it("refuses staff's last factor with a stable code, and keeps one of two removed at once", async () => {
    ahead = 0;
    const staff = await p.staff('sam@example.com');
    const last = await removeTotp(staff);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'FACTOR_REQUIRED_FOR_ROLE' });
    expect((await factorsOf(staff)).totp.enrolled).toBe(true);

    const key = await passkeyOf(staff, 'Security key');
    const both = await Promise.all([removeTotp(staff), removePasskey(staff, key)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      code: 'FACTOR_REQUIRED_FOR_ROLE',
    });
    const left = await factorsOf(staff);
    expect(Number(left.totp.enrolled) + left.passkeys.length).toBe(1);
  });
});
