/**
 * The clerk of shareholder meetings: counts a meeting's holders of record once its record date
 * has passed (and tells each of them), and closes its window once it has passed, publishing the
 * result (docs/corporate-actions.md "Shareholder votes"). Each step is one transaction with the
 * meeting locked, and does nothing to a meeting already past that step, so any number of clerks
 * may run and a crash loses nothing. Approval takes the snapshot itself when the record date has
 * passed already.
 */
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { Meeting } from '../../lib/db/schema-meetings.js';
import { treasuryId } from '../../lib/ledger/fiat-ledger.js';
import { Exact } from '../../lib/money.js';
import { recordAudit } from '../audit/audit.queries.js';
import { notifyMany } from '../notifications/notify.js';
import { holdingsAt } from '../register/register.queries.js';
import { meetingConvened, meetingResults } from './meeting-notices.js';
import {
  dueClosings,
  dueSnapshots,
  insertVoters,
  meetingForUpdate,
  meetingToken,
  resolutionsOf,
  setResolutionResult,
  updateMeeting,
  votersOf,
  votesOf,
} from './meetings.queries.js';
import { tally } from './meetings.rules.js';

/** Where a holder reads the meeting: the web app's page of it. */
export const meetingLink = (webUrl: string, id: string) => `${webUrl}/#/meetings/${id}`;

/**
 * The holders of record: the register at the record date, every unit a holder owned then
 * (including units locked in sell orders, under lock-up or frozen by the token's agent), less the
 * issuer (its own shares carry no votes) and the platform's treasury. Each is told of the meeting.
 */
export async function takeSnapshot(
  trx: Trx,
  meeting: Meeting,
  at: Date,
  webUrl: string,
): Promise<Meeting> {
  const token = (await meetingToken(trx, meeting.token_id))!;
  const excluded = [token.owner_id, await treasuryId(trx)];
  const holders = (await holdingsAt(trx, meeting.token_id, meeting.record_date)).filter(
    (h) => !excluded.includes(h.userId) && new Exact(h.units).greaterThan(0),
  );
  await insertVoters(
    trx,
    meeting.id,
    holders.map((h) => ({ userId: h.userId, weight: h.units })),
  );
  const eligible = holders.reduce((sum, h) => sum.plus(h.units), new Exact(0)).toFixed();
  const counted = await updateMeeting(trx, meeting.id, {
    snapshot_at: at,
    eligible_units: eligible,
    holder_count: holders.length,
  });
  await recordAudit(trx, {
    actorId: null,
    action: 'meeting.snapshot_taken',
    targetType: 'meeting',
    targetId: meeting.id,
    details: { holder_count: holders.length, eligible_units: eligible },
  });
  const link = meetingLink(webUrl, meeting.id);
  await notifyMany(
    trx,
    holders.map((h) => meetingConvened(h.userId, meeting, token.symbol, h.units, link)),
  );
  return counted;
}

/** Tallies the votes, writes the result, and tells the holders of record and the issuer. */
async function closeMeeting(trx: Trx, meeting: Meeting, at: Date, webUrl: string): Promise<void> {
  const resolutions = await resolutionsOf(trx, [meeting.id]);
  const voters = await votersOf(trx, meeting.id);
  const result = tally({
    eligible_units: meeting.eligible_units,
    quorum_pct: meeting.quorum_pct,
    resolutions,
    voters,
    votes: await votesOf(trx, meeting.id),
  });
  for (const r of result.resolutions) await setResolutionResult(trx, r.resolution_id, r);
  await updateMeeting(trx, meeting.id, {
    status: 'closed',
    closed_at: at,
    represented_units: result.represented_units,
    quorum_met: result.quorum_met,
  });
  const passed = result.resolutions.filter((r) => r.passed).length;
  await recordAudit(trx, {
    actorId: null,
    action: 'meeting.closed',
    targetType: 'meeting',
    targetId: meeting.id,
    details: {
      represented_units: result.represented_units,
      quorum_met: result.quorum_met,
      passed,
      resolutions: result.resolutions.length,
    },
  });
  const token = (await meetingToken(trx, meeting.token_id))!;
  const link = meetingLink(webUrl, meeting.id);
  await notifyMany(
    trx,
    [...voters.map((v) => v.user_id), token.owner_id].map((userId) =>
      meetingResults(userId, meeting, token.symbol, passed, resolutions.length, link),
    ),
  );
}

export function meetingClerk(deps: { db: Db; clock: Clock; webUrl: string }) {
  const { db, clock, webUrl } = deps;
  return {
    /** Counts the holders of every meeting due and closes every window due; answers how many. */
    async tick(): Promise<number> {
      const now = clock.now();
      let done = 0;
      for (const { id } of await dueSnapshots(db, now)) {
        await transaction(db, async (trx) => {
          const meeting = await meetingForUpdate(trx, id);
          if (meeting?.status !== 'approved' || meeting.snapshot_at) return;
          await takeSnapshot(trx, meeting, now, webUrl);
          done += 1;
        });
      }
      for (const { id } of await dueClosings(db, now)) {
        await transaction(db, async (trx) => {
          let meeting = await meetingForUpdate(trx, id);
          if (meeting?.status !== 'approved' || meeting.closes_at > now) return;
          // a window that closed before any clerk counted its holders: counted first
          if (!meeting.snapshot_at) meeting = await takeSnapshot(trx, meeting, now, webUrl);
          await closeMeeting(trx, meeting, now, webUrl);
          done += 1;
        });
      }
      return done;
    },
  };
}
