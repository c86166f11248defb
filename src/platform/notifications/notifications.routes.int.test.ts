/**
 * A user's notifications through the API: the in-app list (newest first, paged, unread only),
 * marking one read (only one's own), and which kinds also come by email (required kinds stay on;
 * a refused change changes nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { transaction } from '../../lib/db/database.js';
import { notifyMany } from './notify.js';
import { dividendPaid, ordersFilled, tokensMinted } from './notices.js';

describe('notification routes', () => {
  let p: TestPlatform;
  let ann: Session;
  let bob: Session;

  beforeAll(async () => {
    p = await startTestPlatform();
    ann = await p.user('ann@notifications.example');
    bob = await p.user('bob@notifications.example');
    await transaction(p.test.db, (trx) =>
      notifyMany(trx, [
        tokensMinted(ann.id, 10, 'ACME'),
        dividendPaid(ann.id, '1.05 USD', 'ACME'),
        ordersFilled(ann.id, [
          { symbol: 'ACME', side: 'buy', fills: 1, quantity: '5', total: '50.00' },
        ]),
        tokensMinted(bob.id, 1, 'ACME'),
      ]),
    );
  });
  afterAll(() => p.close());

  const list = async (user: Session, query = '') => {
    const response = await p.call('GET', `/api/v1/notifications${query}`, undefined, user.token);
    expect(response.statusCode).toBe(200);
    return response.json<{
      data: Array<{ id: string; kind: string; read_at: string | null }>;
      next_cursor: string | null;
    }>();
  };
  const emailKinds = async (user: Session) =>
    (
      await p.test.db
        .selectFrom('outbound_emails')
        .select('kind')
        .where('user_id', '=', user.id)
        .where('kind', 'not like', 'auth.%')
        .orderBy('id')
        .execute()
    ).map((row) => row.kind);

  it('lists one’s own notifications newest first, in pages', async () => {
    const first = await list(ann, '?limit=2');
    expect(first.data.map((n) => n.kind)).toEqual(['order.filled', 'dividend.paid']);
    const second = await list(ann, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((n) => n.kind)).toEqual(['tokens.minted']);
    expect(second.next_cursor).toBeNull();
    expect((await list(bob)).data.map((n) => n.kind)).toEqual(['tokens.minted']);
    expect((await p.call('GET', '/api/v1/notifications')).statusCode).toBe(401);
    const bad = await p.call('GET', '/api/v1/notifications?limit=0', undefined, ann.token);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('marks one read, once, and only the caller’s own', async () => {
    const [newest] = (await list(ann)).data;
    const mark = (user: Session, id: string) =>
      p.call('POST', `/api/v1/notifications/${id}/read`, {}, user.token);
    expect((await mark(ann, newest!.id)).json()).toEqual({ read: true });
    const readAt = (await list(ann)).data[0]!.read_at;
    expect(readAt).not.toBeNull();
    await mark(ann, newest!.id);
    expect((await list(ann)).data[0]!.read_at).toBe(readAt);
    expect((await list(ann, '?unread=true')).data.map((n) => n.kind)).toEqual([
      'dividend.paid',
      'tokens.minted',
    ]);

    const [bobs] = (await list(bob)).data;
    const foreign = await mark(ann, bobs!.id);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await list(bob)).data[0]!.read_at).toBeNull();
    const malformed = await mark(ann, 'not-a-uuid');
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('sends by email the kinds the user keeps on, and always the required ones', async () => {
    const preferences = async (user: Session) =>
      (await p.call('GET', '/api/v1/me/notification-preferences', undefined, user.token)).json<{
        preferences: Array<{ kind: string; email: boolean; required: boolean }>;
      }>().preferences;
    const before = await preferences(ann);
    expect(before.find((x) => x.kind === 'order.filled')).toEqual({
      kind: 'order.filled',
      email: true,
      required: false,
    });
    expect(before.find((x) => x.kind === 'agent_action')).toEqual({
      kind: 'agent_action',
      email: true,
      required: true,
    });
    expect(await emailKinds(ann)).toEqual(['tokens.minted', 'dividend.paid', 'order.filled']);

    const put = (body: unknown) =>
      p.call('PUT', '/api/v1/me/notification-preferences', body, ann.token);
    const changed = await put({ preferences: [{ kind: 'order.filled', email: false }] });
    expect(changed.statusCode).toBe(200);
    expect(
      changed.json().preferences.find((x: { kind: string }) => x.kind === 'order.filled').email,
    ).toBe(false);

    // a required kind in the same request: refused whole, nothing changes
    const refused = await put({
      preferences: [
        { kind: 'dividend.paid', email: false },
        { kind: 'security.new_device', email: false },
      ],
    });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'NOTIFICATION_REQUIRED']);
    expect((await preferences(ann)).find((x) => x.kind === 'dividend.paid')!.email).toBe(true);
    const unknown = await put({ preferences: [{ kind: 'marketing', email: true }] });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'VALIDATION_FAILED']);

    await transaction(p.test.db, (trx) =>
      notifyMany(trx, [
        ordersFilled(ann.id, [
          { symbol: 'ACME', side: 'sell', fills: 2, quantity: '5', total: '55.00' },
        ]),
        dividendPaid(ann.id, '2.10 USD', 'ACME'),
      ]),
    );
    // the digest lands in the app only; the dividend also by email
    expect((await list(ann, '?limit=1')).data[0]!.kind).toBe('dividend.paid');
    expect(await emailKinds(ann)).toEqual([
      'tokens.minted',
      'dividend.paid',
      'order.filled',
      'dividend.paid',
    ]);
    // bob's choices are his own
    expect((await preferences(bob)).find((x) => x.kind === 'order.filled')!.email).toBe(true);
  });
});
