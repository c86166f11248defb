/**
 * Shareholder votes (docs/corporate-actions.md "Shareholder votes"): the issuer (or staff on its
 * behalf) proposes a meeting; a member of staff other than the proposer approves or rejects it;
 * the clerk (meeting-clerk.ts) counts the holders of record and closes the window; each holder of
 * record votes and changes their votes while it is open. Who sees what: staff everything; the
 * token's issuer the meeting and, after the close, the result; a holder of record the meeting,
 * their own votes and the result. Each use case is one transaction; a ballot locks the meeting
 * row for share and the close locks it for update, so no vote lands after the tally.
 */
import type { Clock } from '../../lib/clock.js';
import type { Role } from '../../lib/db/schema.js';
import type { MeetingChoice, MeetingStatus, Majority } from '../../lib/db/schema-meetings.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { toPage } from '../../lib/http/pagination.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { notify } from '../notifications/notify.js';
import { assertNotMadeByProposer } from '../agent-actions/agent-actions.rules.js';
import { soleGranterOf } from '../users/role-grants.queries.js';
import { takeSnapshot } from './meeting-clerk.js';
import { meetingDecided } from './meeting-notices.js';
import {
  findMeeting,
  findVoter,
  holderNames,
  insertMeeting,
  listMeetings,
  meetingForShare,
  meetingForUpdate,
  meetingsOfHolder,
  meetingToken,
  replaceBallot,
  resolutionsOf,
  updateMeeting,
  votersOf,
  votesOf,
  type MeetingToken,
} from './meetings.queries.js';
import {
  assertBallotFits,
  assertChoicesFit,
  assertDatesFit,
  assertMayDecide,
  defaultChoices,
  votingState,
  type Vote,
} from './meetings.rules.js';
import { meetingView, type HolderPart } from './meetings.views.js';

export interface MeetingActor {
  userId: string;
  role: Role;
}

export interface ProposeMeetingInput {
  token_id: string;
  title: string;
  record_date: string;
  opens_at: string;
  closes_at: string;
  quorum_pct: string;
  resolutions: { title: string; majority: Majority; choices?: MeetingChoice[] | undefined }[];
}

const isStaff = (actor: MeetingActor) => actor.role === 'staff' || actor.role === 'admin';

/** The token of the meeting, if `actor` may act for it: staff any, an issuer its own. */
async function tokenFor(db: Db | Trx, actor: MeetingActor, tokenId: string) {
  const token = await meetingToken(db, tokenId);
  if (!token || (!isStaff(actor) && token.owner_id !== actor.userId)) {
    throw new AppError('NOT_FOUND', 'No such token');
  }
  return token;
}

export function meetingsService(deps: { db: Db; clock: Clock; webUrl: string }) {
  const { db, clock, webUrl } = deps;

  async function view(
    db: Db | Trx,
    meeting: NonNullable<Awaited<ReturnType<typeof findMeeting>>>,
    token: MeetingToken,
    holder?: HolderPart,
  ) {
    return meetingView(meeting, await resolutionsOf(db, [meeting.id]), token, clock.now(), holder);
  }

  async function holderPart(db: Db | Trx, meetingId: string, userId: string) {
    const voter = await findVoter(db, meetingId, userId);
    if (!voter) return undefined;
    const votes = await votesOf(db, meetingId, userId);
    return {
      weight: voter.weight,
      voted_at: voter.voted_at,
      votes: votes.map(({ resolution_id, choice, units }) => ({ resolution_id, choice, units })),
    };
  }

  /**
   * The meeting if `actor` may see it: staff any; the token's issuer its own; a holder of record
   * an approved or closed one. Anyone else: NOT_FOUND.
   */
  async function visible(actor: MeetingActor, id: string) {
    const meeting = await findMeeting(db, id);
    if (!meeting) throw new AppError('NOT_FOUND', 'No such meeting');
    const token = (await meetingToken(db, meeting.token_id))!;
    const holder = await holderPart(db, id, actor.userId);
    if (!isStaff(actor) && token.owner_id !== actor.userId && !holder) {
      throw new AppError('NOT_FOUND', 'No such meeting');
    }
    return { meeting, token, holder };
  }

  return {
    async propose(actor: MeetingActor, input: ProposeMeetingInput, ip: string) {
      const dates = {
        record_date: new Date(input.record_date),
        opens_at: new Date(input.opens_at),
        closes_at: new Date(input.closes_at),
      };
      const resolutions = input.resolutions.map((r) => ({
        id: newId(),
        title: r.title,
        majority: r.majority,
        choices: r.choices ?? defaultChoices,
      }));
      return transaction(db, async (trx) => {
        const token = await tokenFor(trx, actor, input.token_id);
        if (token.status === 'draft' || token.status === 'delisted') {
          throw new AppError('TOKEN_STATE_CONFLICT', `A ${token.status} token holds no meetings`, {
            status: token.status,
          });
        }
        assertDatesFit(dates, clock.now());
        assertChoicesFit(resolutions);
        const meeting = await insertMeeting(
          trx,
          {
            id: newId(),
            token_id: token.id,
            title: input.title,
            ...dates,
            quorum_pct: input.quorum_pct,
            status: 'proposed',
            proposed_by: actor.userId,
          },
          resolutions,
        );
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'meeting.proposed',
          targetType: 'meeting',
          targetId: meeting.id,
          ip,
          details: {
            token_id: token.id,
            title: input.title,
            record_date: input.record_date,
            opens_at: input.opens_at,
            closes_at: input.closes_at,
            quorum_pct: input.quorum_pct,
            resolutions: resolutions.map(({ title, majority, choices }) => ({
              title,
              majority,
              choices,
            })),
          },
        });
        return view(trx, meeting, token);
      });
    },

    /**
     * A member of staff other than the proposer approves or rejects a proposed meeting. Approved
     * with its record date passed, its holders are counted (and told) at once.
     */
    async decide(
      actor: MeetingActor,
      id: string,
      decision: { approve: boolean; note?: string | undefined },
      ip: string,
    ) {
      return transaction(db, async (trx) => {
        const meeting = await meetingForUpdate(trx, id);
        if (!meeting) throw new AppError('NOT_FOUND', 'No such meeting');
        if (meeting.status !== 'proposed') {
          throw new AppError('MEETING_NOT_PROPOSED', `The meeting is ${meeting.status}`);
        }
        assertMayDecide(meeting.proposed_by, actor.userId);
        const now = clock.now();
        if (decision.approve) {
          assertNotMadeByProposer(await soleGranterOf(trx, actor.userId), meeting.proposed_by);
          assertDatesFit(meeting, now);
        }
        let decided = await updateMeeting(trx, id, {
          status: decision.approve ? 'approved' : 'rejected',
          decided_by: actor.userId,
          decided_at: now,
          decision_note: decision.note ?? null,
        });
        await recordAudit(trx, {
          actorId: actor.userId,
          action: `meeting.${decision.approve ? 'approved' : 'rejected'}`,
          targetType: 'meeting',
          targetId: id,
          ip,
          details: { title: meeting.title, note: decision.note ?? null },
        });
        const token = (await meetingToken(trx, meeting.token_id))!;
        await notify(
          trx,
          meetingDecided(meeting.proposed_by, meeting, token.symbol, decision.approve),
        );
        if (decision.approve && meeting.record_date <= now) {
          decided = await takeSnapshot(trx, decided, now, webUrl);
        }
        return view(trx, decided, token);
      });
    },

    async get(actor: MeetingActor, id: string) {
      const { meeting, token, holder } = await visible(actor, id);
      return view(db, meeting, token, holder);
    },

    /** Staff: every meeting (by status); an issuer: those of its tokens. */
    async list(
      actor: MeetingActor,
      query: { limit?: number; cursor?: string; status?: MeetingStatus; token_id?: string },
    ) {
      const limit = query.limit ?? 50;
      if (query.token_id) await tokenFor(db, actor, query.token_id);
      const rows = await listMeetings(db, {
        limit,
        cursor: query.cursor,
        status: query.status,
        tokenId: query.token_id,
        ownerId: isStaff(actor) ? undefined : actor.userId,
      });
      const page = toPage(rows, limit, (row) => row);
      const resolutions = await resolutionsOf(
        db,
        page.data.map((m) => m.id),
      );
      const tokens = new Map<string, MeetingToken>();
      for (const m of page.data) {
        if (!tokens.has(m.token_id)) tokens.set(m.token_id, (await meetingToken(db, m.token_id))!);
      }
      const now = clock.now();
      return {
        data: page.data.map((m) =>
          meetingView(
            m,
            resolutions.filter((r) => r.meeting_id === m.id),
            tokens.get(m.token_id)!,
            now,
          ),
        ),
        next_cursor: page.next_cursor,
      };
    },

    /** The meetings where the caller is a holder of record, for their portfolio. */
    async mine(actor: MeetingActor) {
      const rows = await meetingsOfHolder(db, actor.userId);
      const data = [];
      for (const row of rows) {
        const token = (await meetingToken(db, row.token_id))!;
        data.push(await view(db, row, token, await holderPart(db, row.id, actor.userId)));
      }
      return { data };
    },

    /**
     * The holder's ballot, replacing any before it: on each resolution up to their weight, split
     * across choices as they like, while the window is open.
     */
    async vote(actor: MeetingActor, id: string, votes: Vote[], ip: string) {
      return transaction(db, async (trx) => {
        const meeting = await meetingForShare(trx, id);
        if (!meeting || (meeting.status !== 'approved' && meeting.status !== 'closed')) {
          throw new AppError('NOT_FOUND', 'No such meeting');
        }
        const state = votingState(meeting, clock.now());
        if (state === 'closed') {
          throw new AppError(
            'VOTING_CLOSED',
            `Voting closed at ${meeting.closes_at.toISOString()}`,
          );
        }
        if (state !== 'open') {
          throw new AppError(
            'VOTING_NOT_OPEN',
            state === 'counting'
              ? 'The holders of record are being counted'
              : `Voting opens at ${meeting.opens_at.toISOString()}`,
          );
        }
        const token = (await meetingToken(trx, meeting.token_id))!;
        const voter = await findVoter(trx, id, actor.userId);
        if (!voter) {
          throw new AppError(
            'NOT_HOLDER_OF_RECORD',
            `You held no ${token.symbol} at the record date, ${meeting.record_date.toISOString()}`,
          );
        }
        assertBallotFits(await resolutionsOf(trx, [id]), voter.weight, votes);
        await replaceBallot(trx, id, actor.userId, votes, clock.now());
        // who voted and when is audited; what they voted stays in the ballot, which staff read
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'meeting.ballot_cast',
          targetType: 'meeting',
          targetId: id,
          ip,
        });
        return view(trx, meeting, token, await holderPart(trx, id, actor.userId));
      });
    },

    /** Staff: every holder of record with their weight and their votes. */
    async ballots(id: string) {
      const meeting = await findMeeting(db, id);
      if (!meeting) throw new AppError('NOT_FOUND', 'No such meeting');
      const [voters, votes] = await Promise.all([votersOf(db, id), votesOf(db, id)]);
      const names = new Map(
        (
          await holderNames(
            db,
            voters.map((v) => v.user_id),
          )
        ).map((u) => [u.id, u]),
      );
      return {
        data: voters.map((v) => ({
          user_id: v.user_id,
          email: names.get(v.user_id)?.email ?? null,
          full_name: names.get(v.user_id)?.full_name ?? null,
          weight: v.weight,
          voted_at: v.voted_at ? v.voted_at.toISOString() : null,
          votes: votes
            .filter((vote) => vote.user_id === v.user_id)
            .map(({ resolution_id, choice, units }) => ({ resolution_id, choice, units })),
        })),
      };
    },

    /** The published result, for whoever may see the meeting; before the close MEETING_NOT_CLOSED. */
    async results(actor: MeetingActor, id: string) {
      const { meeting, token } = await visible(actor, id);
      if (meeting.status !== 'closed') {
        throw new AppError('MEETING_NOT_CLOSED', `The meeting is ${meeting.status}`);
      }
      const found = await view(db, meeting, token);
      return { ...found, result: found.result!, issuer_name: token.issuer_name };
    },
  };
}

export type MeetingsService = ReturnType<typeof meetingsService>;
export type MeetingResults = Awaited<ReturnType<MeetingsService['results']>>;
