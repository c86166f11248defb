/**
 * Shareholder votes over HTTP on the real database, the clerk ticked by the test with its clock
 * moved ahead: a meeting proposed by the issuer and approved by staff; holders of record counted
 * from the register at the record date while others trade after it; split and changed ballots;
 * the result at the close equal to a tally made here from the register at the record date and the
 * ballots sent; its CSV and PDF; and each refusal a problem+json with its code, changing nothing.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHolder, liveToken } from '../../../test/support/dividends.js';
import { parseCsv, pdfRows } from '../../../test/support/pdf-text.js';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { recordTestTrade } from '../../../test/support/settlement.js';
import { treasuryId } from '../../lib/ledger/fiat-ledger.js';
import { Exact } from '../../lib/money.js';
import { insertWallet } from '../portfolio/testing/token-fixture.js';
import { meetingClerk } from './meeting-clerk.js';

const hour = 3_600_000;

describe('shareholder votes', () => {
  let p: TestPlatform;
  let admin: Session;
  let staff: Session;
  let otherStaff: Session;
  let issuer: Session;
  let otherIssuer: Session;
  let ann: Session;
  let bob: Session;
  let dave: Session;
  let carolId: string;
  let tokenId: string;
  /** the platform's and the clerk's time: the system's, moved ahead to close the window */
  let ahead = 0;
  const clock = { now: () => new Date(Date.now() + ahead) };
  const clerk = () => meetingClerk({ db: p.test.db, clock, webUrl: p.config.urls.platform }).tick();
  const recordDate = new Date(Date.now() - hour);
  let meetingId: string;
  let resolutions: { id: string }[];

  const json = (r: LightMyRequestResponse) => r.json<Record<string, any>>();
  const ok = async (pending: Promise<LightMyRequestResponse>, status = 200) => {
    const r = await pending;
    expect(r.statusCode, r.body).toBe(status);
    return json(r);
  };
  /** the refusal's status and code, as problem+json */
  const refused = async (
    pending: Promise<LightMyRequestResponse>,
    status: number,
    code: string,
  ) => {
    const r = await pending;
    expect(r.statusCode, r.body).toBe(status);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(json(r).code).toBe(code);
  };
  /** everything a refusal must leave as it was */
  const state = async () => ({
    meetings: await p.test.db.selectFrom('meetings').selectAll().orderBy('id').execute(),
    votes: await p.test.db.selectFrom('meeting_votes').selectAll().orderBy('id').execute(),
    voters: await p.test.db.selectFrom('meeting_voters').selectAll().orderBy('user_id').execute(),
    audit: (await p.test.db.selectFrom('audit_logs').select('id').execute()).length,
  });
  const ballot = (session: Session, votes: unknown[]) =>
    p.app.inject({
      method: 'PUT',
      url: `/api/v1/meetings/${meetingId}/ballot`,
      payload: { votes },
      headers: { authorization: `Bearer ${session.token}` },
    });
  const proposal = (token = tokenId) => ({
    token_id: token,
    title: 'Annual general meeting 2026',
    record_date: recordDate.toISOString(),
    opens_at: recordDate.toISOString(),
    closes_at: new Date(Date.now() + hour).toISOString(),
    quorum_pct: '50',
    resolutions: [
      { title: 'Approve the accounts', majority: 'simple' },
      {
        title: 'Amend the articles',
        majority: 'two_thirds',
        choices: [
          { label: 'Yes', effect: 'for' },
          { label: 'No', effect: 'against' },
          { label: 'Abstain', effect: 'abstain' },
        ],
      },
    ],
  });

  beforeAll(async () => {
    p = await startTestPlatform({}, { clock });
    admin = await p.admin();
    staff = await p.staff();
    otherStaff = await p.staff('staff2@example.com');
    issuer = await p.user('issuer@example.com', { role: 'issuer' });
    otherIssuer = await p.user('other@example.com', { role: 'issuer' });
    tokenId = await liveToken(p.test.db, issuer.id, 'VOTE');
    ann = await p.user('ann@example.com');
    bob = await p.user('bob@example.com');
    dave = await p.user('dave@example.com');
    const before = new Date(recordDate.getTime() - 2 * hour);
    await insertWallet(p.test.db, ann.id, tokenId, 100, before);
    await insertWallet(p.test.db, bob.id, tokenId, 50, before);
    carolId = await insertHolder(p.test.db, tokenId, 30, before);
    // the issuer's own shares and the treasury's carry no votes
    await insertWallet(p.test.db, issuer.id, tokenId, 500, before);
    const treasury = await p.test.db.transaction().execute((trx) => treasuryId(trx));
    await insertWallet(p.test.db, treasury, tokenId, 50, before);
    // before the record date bob sells 10 to carol; carol's units are frozen since (they vote)
    await recordTestTrade(p.test.db, {
      buyerId: carolId,
      sellerId: bob.id,
      tokenId,
      quantity: 10,
      at: new Date(recordDate.getTime() - hour),
    });
    await p.test.db
      .updateTable('wallets')
      .set({ frozen_quantity: 40 })
      .where('user_id', '=', carolId)
      .where('token_id', '=', tokenId)
      .execute();
    // after it ann sells 40 to dave and bob buys 5 from ann: neither changes a vote
    const after = new Date(recordDate.getTime() + hour / 2);
    await recordTestTrade(p.test.db, {
      buyerId: dave.id,
      sellerId: ann.id,
      tokenId,
      quantity: 40,
      at: after,
    });
    await recordTestTrade(p.test.db, {
      buyerId: bob.id,
      sellerId: ann.id,
      tokenId,
      quantity: 5,
      at: after,
    });
  });
  afterAll(() => p.close());

  it('is proposed by the issuer alone, and four eyes decide it', async () => {
    // another token's issuer: as if the token did not exist
    const before = await state();
    await refused(
      p.call('POST', '/api/v1/meetings', proposal(tokenId), otherIssuer.token),
      404,
      'NOT_FOUND',
    );
    await refused(
      p.call(
        'POST',
        '/api/v1/meetings',
        { ...proposal(), opens_at: new Date(recordDate.getTime() - 1).toISOString() },
        issuer.token,
      ),
      422,
      'MEETING_DATES_INVALID',
    );
    await refused(
      p.call(
        'POST',
        '/api/v1/meetings',
        {
          ...proposal(),
          resolutions: [
            {
              title: 'x',
              majority: 'simple',
              choices: [
                { label: 'Yes', effect: 'for' },
                { label: 'Maybe', effect: 'abstain' },
              ],
            },
          ],
        },
        issuer.token,
      ),
      422,
      'MEETING_RESOLUTIONS_INVALID',
    );
    expect(await state()).toEqual(before);

    const proposed = await ok(p.call('POST', '/api/v1/meetings', proposal(), issuer.token), 201);
    meetingId = proposed.id;
    resolutions = proposed.resolutions;
    expect(proposed).toMatchObject({ status: 'proposed', voting: null, result: null });
    expect(proposed.resolutions[0].choices.map((c: { label: string }) => c.label)).toEqual([
      'For',
      'Against',
      'Abstain',
    ]);
    // nobody votes on a proposed meeting: it is not there for holders yet
    await refused(ballot(ann, []), 404, 'NOT_FOUND');
    await refused(
      p.call('GET', `/api/v1/meetings/${meetingId}`, undefined, ann.token),
      404,
      'NOT_FOUND',
    );
    // an issuer does not decide
    await refused(
      p.call(
        'POST',
        `/api/v1/admin/meetings/${meetingId}/decision`,
        { decision: 'approve' },
        issuer.token,
      ),
      403,
      'FORBIDDEN_ROLE',
    );

    // staff may propose on the issuer's behalf, and then not approve it themselves
    const byStaff = await ok(p.call('POST', '/api/v1/meetings', proposal(), staff.token), 201);
    const held = await state();
    await refused(
      p.call(
        'POST',
        `/api/v1/admin/meetings/${byStaff.id}/decision`,
        { decision: 'approve' },
        staff.token,
      ),
      403,
      'FOUR_EYES_REQUIRED',
    );
    expect(await state()).toEqual(held);
    const rejected = await ok(
      p.call(
        'POST',
        `/api/v1/admin/meetings/${byStaff.id}/decision`,
        { decision: 'reject', note: 'duplicate' },
        otherStaff.token,
      ),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      decided_by: otherStaff.id,
      decision_note: 'duplicate',
    });
    await refused(
      p.call(
        'POST',
        `/api/v1/admin/meetings/${byStaff.id}/decision`,
        { decision: 'approve' },
        admin.token,
      ),
      409,
      'MEETING_NOT_PROPOSED',
    );

    const approved = await ok(
      p.call(
        'POST',
        `/api/v1/admin/meetings/${meetingId}/decision`,
        { decision: 'approve' },
        staff.token,
      ),
    );
    // the record date has passed: the holders are counted at the approval
    expect(approved).toMatchObject({
      status: 'approved',
      voting: 'open',
      holder_count: 3,
      eligible_units: '180',
    });
    const audit = await p.test.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_id'])
      .where('target_id', '=', meetingId)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'meeting.proposed',
      'meeting.approved',
      'meeting.snapshot_taken',
    ]);
    expect(audit[1]!.actor_id).toBe(staff.id);
  });

  it('tells each holder of record, and shows the meeting on their portfolio with their weight', async () => {
    const told = await p.test.db
      .selectFrom('user_notifications')
      .select('user_id')
      .where('kind', '=', 'meeting.convened')
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([ann.id, bob.id, carolId].sort());
    const mailed = await p.test.db
      .selectFrom('outbound_emails')
      .select('to_address')
      .where('kind', '=', 'meeting.convened')
      .execute();
    expect(mailed.map((m) => m.to_address)).toContain('ann@example.com');
    const mine = await ok(p.call('GET', '/api/v1/me/meetings', undefined, ann.token));
    expect(mine.data).toHaveLength(1);
    // ann sold 45 since the record date: she votes the 100 she held then
    expect(mine.data[0].holder).toMatchObject({ weight: '100', votes: [] });
    expect((await ok(p.call('GET', '/api/v1/me/meetings', undefined, dave.token))).data).toEqual(
      [],
    );
  });

  it('takes split ballots up to the weight, changed until the close, and refuses the rest', async () => {
    const [r1, r2] = resolutions.map((r) => r.id);
    await ok(
      ballot(ann, [
        { resolution_id: r1, choice: 0, units: 60 },
        { resolution_id: r1, choice: 1, units: 30 },
        { resolution_id: r2, choice: 1, units: 100 },
      ]),
    );
    // bob votes, then changes his mind
    await ok(ballot(bob, [{ resolution_id: r1, choice: 1, units: 40 }]));
    const changed = await ok(
      ballot(bob, [
        { resolution_id: r1, choice: 0, units: 40 },
        { resolution_id: r2, choice: 0, units: 25 },
        { resolution_id: r2, choice: 2, units: 15 },
      ]),
    );
    expect(changed.holder.votes).toHaveLength(3);

    const before = await state();
    // over the weight on one resolution (bob held 40 at the record date, 45 now)
    await refused(
      ballot(bob, [{ resolution_id: r1, choice: 0, units: 41 }]),
      422,
      'VOTES_EXCEED_WEIGHT',
    );
    await refused(
      ballot(bob, [
        { resolution_id: r1, choice: 0, units: 30 },
        { resolution_id: r1, choice: 2, units: 11 },
      ]),
      422,
      'VOTES_EXCEED_WEIGHT',
    );
    await refused(
      ballot(bob, [{ resolution_id: r1, choice: 5, units: 1 }]),
      422,
      'MEETING_CHOICE_UNKNOWN',
    );
    // dave bought after the record date: no vote
    await refused(
      ballot(dave, [{ resolution_id: r1, choice: 0, units: 1 }]),
      403,
      'NOT_HOLDER_OF_RECORD',
    );
    expect(await state()).toEqual(before);
  });

  it('keeps each ballot secret from other holders and the issuer until the close; staff see them', async () => {
    const asBob = await ok(p.call('GET', `/api/v1/meetings/${meetingId}`, undefined, bob.token));
    expect(asBob.result).toBeNull();
    expect(asBob.holder.weight).toBe('40');
    expect(JSON.stringify(asBob)).not.toContain(ann.id);
    const asIssuer = await ok(
      p.call('GET', `/api/v1/meetings/${meetingId}`, undefined, issuer.token),
    );
    expect(asIssuer).toMatchObject({ result: null, holder: null });
    await refused(
      p.call('GET', `/api/v1/meetings/${meetingId}`, undefined, otherIssuer.token),
      404,
      'NOT_FOUND',
    );
    await refused(
      p.call('GET', `/api/v1/meetings/${meetingId}/results.csv`, undefined, issuer.token),
      409,
      'MEETING_NOT_CLOSED',
    );
    await refused(
      p.call('GET', `/api/v1/admin/meetings/${meetingId}/ballots`, undefined, issuer.token),
      403,
      'FORBIDDEN_ROLE',
    );
    const ballots = await ok(
      p.call('GET', `/api/v1/admin/meetings/${meetingId}/ballots`, undefined, staff.token),
    );
    const annBallot = ballots.data.find((b: { user_id: string }) => b.user_id === ann.id);
    expect(annBallot).toMatchObject({ weight: '100', email: 'ann@example.com' });
    expect(annBallot.votes).toHaveLength(3);
  });

  it('publishes at the close a result equal to a tally from the register at the record date', async () => {
    ahead = 2 * hour;
    // after the close, before the clerk has run: refused all the same
    const before = await state();
    await refused(ballot(ann, []), 409, 'VOTING_CLOSED');
    expect(await state()).toEqual(before);
    expect(await clerk()).toBe(1);
    expect(await clerk()).toBe(0);

    // the independent tally: the register's units at the record date, less issuer and treasury
    const register = await ok(
      p.call(
        'GET',
        `/api/v1/tokens/${tokenId}/register?as_of=${recordDate.toISOString()}`,
        undefined,
        staff.token,
      ),
    );
    const treasury = await p.test.db.transaction().execute((trx) => treasuryId(trx));
    const weights = new Map<string, string>(
      register.holders
        .filter((h: { user_id: string }) => h.user_id !== issuer.id && h.user_id !== treasury)
        .map((h: { user_id: string; units: string }) => [h.user_id, h.units]),
    );
    expect(Object.fromEntries(weights)).toEqual({
      [ann.id]: '100',
      [bob.id]: '40',
      [carolId]: '40',
    });
    const sent = {
      [ann.id]: [
        [60, 30, 0],
        [0, 100, 0],
      ],
      [bob.id]: [
        [40, 0, 0],
        [25, 0, 15],
      ],
    };
    const eligible = [...weights.values()].reduce((s, w) => s.plus(w), new Exact(0));
    const represented = Object.keys(sent).reduce((s, id) => s.plus(weights.get(id)!), new Exact(0));
    const totals = [0, 1].map((r) =>
      [0, 1, 2].map((c) => Object.values(sent).reduce((s, b) => s + b[r]![c]!, 0)),
    );
    const quorumMet = represented.times(100).gte(eligible.times(50));
    // r1 simple: 100 for, 30 against; r2 two thirds: 25 for, 100 against
    const passed = [
      quorumMet && totals[0]![0]! * 2 > totals[0]![0]! + totals[0]![1]!,
      quorumMet && totals[1]![0]! * 3 >= (totals[1]![0]! + totals[1]![1]!) * 2,
    ];

    const closed = await ok(
      p.call('GET', `/api/v1/meetings/${meetingId}`, undefined, issuer.token),
    );
    expect(closed.status).toBe('closed');
    expect(closed.result).toMatchObject({
      eligible_units: eligible.toFixed(),
      represented_units: represented.toFixed(),
      quorum_met: quorumMet,
      turnout_pct: '77.77',
    });
    closed.result.resolutions.forEach(
      (r: { choices: { units: string }[]; passed: boolean }, i: number) => {
        expect(r.choices.map((c) => Number(c.units))).toEqual(totals[i]);
        expect(r.passed).toBe(passed[i]);
      },
    );
    expect(passed).toEqual([true, false]);

    // holders and the issuer are told; a holder reads the result too
    const told = await p.test.db
      .selectFrom('user_notifications')
      .select('user_id')
      .where('kind', '=', 'meeting.results')
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([ann.id, bob.id, carolId, issuer.id].sort());
    expect(
      (await ok(p.call('GET', `/api/v1/meetings/${meetingId}`, undefined, bob.token))).result
        .quorum_met,
    ).toBe(true);

    // the exports carry the same numbers
    const csv = parseCsv(
      (await p.call('GET', `/api/v1/meetings/${meetingId}/results.csv`, undefined, issuer.token))
        .body,
    );
    expect(csv[0]).toEqual([
      'resolution',
      'title',
      'majority',
      'choice',
      'effect',
      'units',
      'pct_of_cast',
      'votes_cast',
      'turnout_pct',
      'passed',
    ]);
    expect(csv.slice(1, 7).map((row) => Number(row[5]))).toEqual(totals.flat());
    expect(csv[1]).toEqual([
      '1',
      'Approve the accounts',
      'simple',
      'For',
      'for',
      '100',
      '76.92',
      '130',
      '72.22',
      'yes',
    ]);
    expect(csv[7]).toEqual([
      'MEETING',
      'Annual general meeting 2026',
      'quorum 50.00%',
      'eligible 180',
      'represented 140',
      '140',
      '',
      '',
      '77.77',
      'quorum met',
    ]);
    const pdf = await p.call(
      'GET',
      `/api/v1/meetings/${meetingId}/results.pdf`,
      undefined,
      bob.token,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfRows(pdf.rawPayload)).map((row) => row.join(' ')).join('\n');
    expect(text).toContain('Eligible votes: 180');
    expect(text).toContain('Represented: 140 (77.77%)');
    expect(text).toMatch(/Amend the articles/);
    expect(text).toContain('NOT PASSED');
    await refused(
      p.call('GET', `/api/v1/meetings/${meetingId}/results.pdf`, undefined, dave.token),
      404,
      'NOT_FOUND',
    );
    const audit = await p.test.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_id', '=', meetingId)
      .where('action', 'in', ['meeting.ballot_cast', 'meeting.closed'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'meeting.ballot_cast',
      'meeting.ballot_cast',
      'meeting.ballot_cast',
      'meeting.closed',
    ]);
  });
});
