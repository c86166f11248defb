/**
 * FIX sessions in the back office: staff set one up for a user's key, each refusal with its code
 * and nothing written, the audit trail, the list and the disabling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';

let platform: TestPlatform;
let staff: Session;
let investor: Session;
let tradeKey: string;
let readKey: string;

const createKey = async (scopes: string[]) => {
  const response = await platform.call(
    'POST',
    '/api/v1/me/api-keys',
    { label: 'fix', scopes },
    investor.token,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};

/** A read-only key of the staff user's (a venue-wide drop copy logs on with one). */
const staffReadKey = async () => {
  const response = await platform.call(
    'POST',
    '/api/v1/me/api-keys',
    { label: 'venue copy', scopes: ['read'] },
    staff.token,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};

beforeAll(async () => {
  platform = await startTestPlatform();
  staff = await platform.staff();
  // an API key's creation steps up: the investor enrols an authenticator app first
  investor = await platform.enrol(await platform.user('fix-investor@example.com'));
  tradeKey = await createKey(['read', 'trade']);
  readKey = await createKey(['read']);
});
afterAll(() => platform.close());

const body = (extra: Record<string, unknown> = {}) => ({
  user_id: investor.id,
  api_key_id: tradeKey,
  sender_comp_id: 'CLIENT1',
  target_comp_id: 'TESSERA',
  kind: 'order_entry',
  allowed_ips: ['10.0.0.0/8'],
  ...extra,
});

const sessionCount = async () =>
  Number(
    (
      await platform.test.db
        .selectFrom('fix_sessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('FIX sessions', () => {
  it('are for staff only', async () => {
    const response = await platform.call(
      'POST',
      '/api/v1/admin/fix-sessions',
      body(),
      investor.token,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN_ROLE' });
  });

  it("refuse a key without the scope the kind needs, another user's key, a bad allow-list", async () => {
    const cases = [
      [body({ api_key_id: readKey }), 422, 'FIX_API_KEY_NOT_USABLE'],
      [body({ user_id: staff.id }), 422, 'FIX_API_KEY_NOT_USABLE'],
      [body({ allowed_ips: ['not-an-address'] }), 422, 'INVALID_IP_ALLOW_LIST'],
      [body({ sender_comp_id: 'has space' }), 400, 'VALIDATION_FAILED'],
      // the venue's every order: a staff drop copy only
      [
        body({ api_key_id: readKey, kind: 'drop_copy', scope: 'venue' }),
        422,
        'FIX_VENUE_SCOPE_NOT_ALLOWED',
      ],
      [body({ user_id: staff.id, scope: 'venue' }), 422, 'FIX_VENUE_SCOPE_NOT_ALLOWED'],
    ] as const;
    for (const [payload, status, code] of cases) {
      const response = await platform.call(
        'POST',
        '/api/v1/admin/fix-sessions',
        payload,
        staff.token,
      );
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code });
    }
    expect(await sessionCount()).toBe(0);
  });

  it('are created, audited, listed, unique per CompIDs in force, and disabled', async () => {
    const created = await platform.call('POST', '/api/v1/admin/fix-sessions', body(), staff.token);
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json<{ id: string }>();
    expect(session).toMatchObject({
      user_id: investor.id,
      api_key_id: tradeKey,
      sender_comp_id: 'CLIENT1',
      target_comp_id: 'TESSERA',
      kind: 'order_entry',
      scope: 'own',
      allowed_ips: ['10.0.0.0/8'],
      disabled_at: null,
    });
    const audit = await platform.test.db
      .selectFrom('audit_logs')
      .select(['actor_id', 'action', 'details'])
      .where('target_id', '=', session.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ actor_id: staff.id, action: 'fix_session.created' }),
    ]);

    // a drop copy reads only: a read key is enough
    const dropCopy = await platform.call(
      'POST',
      '/api/v1/admin/fix-sessions',
      body({ api_key_id: readKey, sender_comp_id: 'CLIENT1-DC', kind: 'drop_copy' }),
      staff.token,
    );
    expect(dropCopy.statusCode, dropCopy.body).toBe(201);

    // a staff user's drop copy may copy the whole venue; the scope is stored and audited
    const venue = await platform.call(
      'POST',
      '/api/v1/admin/fix-sessions',
      body({
        user_id: staff.id,
        api_key_id: await staffReadKey(),
        sender_comp_id: 'VENUE-DC',
        kind: 'drop_copy',
        scope: 'venue',
      }),
      staff.token,
    );
    expect(venue.statusCode, venue.body).toBe(201);
    const venueId = venue.json<{ id: string; scope: string }>().id;
    expect(venue.json()).toMatchObject({ user_id: staff.id, kind: 'drop_copy', scope: 'venue' });
    const venueAudit = await platform.test.db
      .selectFrom('audit_logs')
      .select('details')
      .where('target_id', '=', venueId)
      .executeTakeFirstOrThrow();
    expect(venueAudit.details).toMatchObject({ scope: 'venue' });

    const again = await platform.call('POST', '/api/v1/admin/fix-sessions', body(), staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'FIX_COMP_IDS_TAKEN' });

    const listed = await platform.call(
      'GET',
      `/api/v1/admin/fix-sessions?user_id=${investor.id}`,
      undefined,
      staff.token,
    );
    expect(listed.json<{ items: { id: string }[] }>().items).toHaveLength(2);

    const disabled = await platform.call(
      'DELETE',
      `/api/v1/admin/fix-sessions/${session.id}`,
      undefined,
      staff.token,
    );
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<{ disabled_at: string | null }>().disabled_at).not.toBeNull();
    // the CompIDs are free again once the session is disabled
    const reused = await platform.call('POST', '/api/v1/admin/fix-sessions', body(), staff.token);
    expect(reused.statusCode, reused.body).toBe(201);
  });

  it('are created once when the same CompIDs are asked for twice at once', async () => {
    const auditCount = async () =>
      (
        await platform.test.db
          .selectFrom('audit_logs')
          .select('id')
          .where('action', '=', 'fix_session.created')
          .execute()
      ).length;
    const [sessionsBefore, auditsBefore] = [await sessionCount(), await auditCount()];
    // a venue-wide drop copy of a staff user's, twice: one is created, the other refused
    const twice = body({
      user_id: staff.id,
      api_key_id: await staffReadKey(),
      sender_comp_id: 'VENUE-TWICE',
      kind: 'drop_copy',
      scope: 'venue',
    });
    const answers = await Promise.all(
      [0, 1].map(() => platform.call('POST', '/api/v1/admin/fix-sessions', twice, staff.token)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ code: 'FIX_COMP_IDS_TAKEN' });
    const created = answers.find((a) => a.statusCode === 201)!.json<{ id: string }>();
    const rows = await platform.test.db
      .selectFrom('fix_sessions')
      .select(['id', 'scope'])
      .where('sender_comp_id', '=', 'VENUE-TWICE')
      .execute();
    expect(rows).toEqual([{ id: created.id, scope: 'venue' }]);
    expect(await sessionCount()).toBe(sessionsBefore + 1);
    expect(await auditCount()).toBe(auditsBefore + 1);
  });
});
