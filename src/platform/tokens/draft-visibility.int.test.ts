/**
 * Draft tokens are their issuer's until deployed: in the list, by id and through their rounds,
 * only the owner of the token's business and staff and admins see them; anyone else gets
 * nothing (404 by id, no row in the list).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { insertToken } from '../portfolio/testing/token-fixture.js';

describe('draft token visibility', () => {
  let p: TestPlatform;
  let issuer: Session;
  let otherIssuer: Session;
  let investor: Session;
  let staff: Session;
  let admin: Session;
  let draftId: string;
  let liveId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    issuer = await p.user('issuer@example.com', { role: 'issuer' });
    otherIssuer = await p.user('other@example.com', { role: 'issuer' });
    investor = await p.user('investor@example.com');
    staff = await p.staff();
    admin = await p.admin();
    draftId = await insertToken(p.test.db, issuer.id, 'DRFT');
    liveId = await insertToken(p.test.db, otherIssuer.id, 'LIVE');
    await p.test.db
      .updateTable('tokens')
      .set({ status: 'primary' })
      .where('id', '=', liveId)
      .execute();
  });
  afterAll(() => p.close());

  const ids = async (session: Session, query = '') => {
    const response = await p.call('GET', `/api/v1/tokens${query}`, undefined, session.token);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { id: string }[] }>().data.map((token) => token.id);
  };

  it('lists a draft only to its issuer, staff and admins', async () => {
    for (const viewer of [investor, otherIssuer]) {
      expect(await ids(viewer)).toEqual([liveId]);
      expect(await ids(viewer, '?status=draft')).toEqual([]);
    }
    for (const viewer of [issuer, staff, admin]) {
      expect(await ids(viewer, '?status=draft')).toEqual([draftId]);
      expect((await ids(viewer)).sort()).toEqual([draftId, liveId].sort());
    }
    const business = (
      await p.test.db
        .selectFrom('tokens')
        .select('business_id')
        .where('id', '=', draftId)
        .executeTakeFirstOrThrow()
    ).business_id;
    expect(await ids(investor, `?business_id=${business}`)).toEqual([]);
  });

  it('answers 404 for a draft by id, and for its rounds, to anyone else', async () => {
    for (const viewer of [investor, otherIssuer]) {
      const one = await p.call('GET', `/api/v1/tokens/${draftId}`, undefined, viewer.token);
      expect(one.statusCode).toBe(404);
      expect(one.json()).toMatchObject({ code: 'NOT_FOUND' });
      const rounds = await p.call(
        'GET',
        `/api/v1/tokens/${draftId}/rounds`,
        undefined,
        viewer.token,
      );
      expect(rounds.statusCode).toBe(404);
      expect(
        (await p.call('GET', `/api/v1/tokens/${liveId}`, undefined, viewer.token)).statusCode,
      ).toBe(200);
    }
    for (const viewer of [issuer, staff, admin]) {
      const one = await p.call('GET', `/api/v1/tokens/${draftId}`, undefined, viewer.token);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ id: draftId, status: 'draft' });
      expect(
        (await p.call('GET', `/api/v1/tokens/${draftId}/rounds`, undefined, viewer.token)).json(),
      ).toEqual({ data: [] });
    }
  });
});
