/**
 * The rows of shareholder meetings: meetings, resolutions, holders of record and their votes.
 * Functions that take `trx` must run in the caller's transaction (they lock or write).
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type {
  Meeting,
  MeetingChoice,
  MeetingResolution,
  MeetingStatus,
  MeetingsTable,
} from '../../lib/db/schema-meetings.js';
import type { Insertable, Updateable } from 'kysely';
import { registerToken } from '../register/register.queries.js';

/** The token a meeting is for, with its issuer (the owner of its business). */
export const meetingToken = registerToken;

export type MeetingToken = NonNullable<Awaited<ReturnType<typeof meetingToken>>>;

export async function insertMeeting(
  trx: Trx,
  meeting: Insertable<MeetingsTable>,
  resolutions: { id: string; title: string; majority: string; choices: MeetingChoice[] }[],
): Promise<Meeting> {
  const row = await trx
    .insertInto('meetings')
    .values(meeting)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('meeting_resolutions')
    .values(
      resolutions.map((r, position) => ({
        id: r.id,
        meeting_id: meeting.id,
        position,
        title: r.title,
        majority: r.majority as MeetingResolution['majority'],
        choices: JSON.stringify(r.choices),
      })),
    )
    .execute();
  return row;
}

export function findMeeting(db: Db | Trx, id: string): Promise<Meeting | undefined> {
  return db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirst();
}

export function meetingForUpdate(trx: Trx, id: string): Promise<Meeting | undefined> {
  return trx.selectFrom('meetings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Held for share by a ballot: the close (for update) waits for it, and it for the close. */
export function meetingForShare(trx: Trx, id: string): Promise<Meeting | undefined> {
  return trx.selectFrom('meetings').selectAll().where('id', '=', id).forShare().executeTakeFirst();
}

export function updateMeeting(
  trx: Trx,
  id: string,
  changes: Updateable<MeetingsTable>,
): Promise<Meeting> {
  return trx
    .updateTable('meetings')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function resolutionsOf(db: Db | Trx, meetingIds: readonly string[]) {
  if (meetingIds.length === 0) return Promise.resolve([] as MeetingResolution[]);
  return db
    .selectFrom('meeting_resolutions')
    .selectAll()
    .where('meeting_id', 'in', meetingIds)
    .orderBy('meeting_id')
    .orderBy('position')
    .execute();
}

export function setResolutionResult(
  trx: Trx,
  id: string,
  result: { totals: string[]; passed: boolean },
): Promise<unknown> {
  return trx
    .updateTable('meeting_resolutions')
    .set({ totals: JSON.stringify(result.totals), passed: result.passed })
    .where('id', '=', id)
    .execute();
}

/** Newest first; by token, by status, or those of the tokens `ownerId`'s businesses issued. */
export function listMeetings(
  db: Db,
  filter: {
    limit: number;
    cursor?: string | undefined;
    status?: MeetingStatus | undefined;
    tokenId?: string | undefined;
    ownerId?: string | undefined;
  },
): Promise<Meeting[]> {
  let query = db
    .selectFrom('meetings')
    .selectAll('meetings')
    .orderBy('meetings.id', 'desc')
    .limit(filter.limit + 1);
  if (filter.cursor) query = query.where('meetings.id', '<', filter.cursor);
  if (filter.status) query = query.where('meetings.status', '=', filter.status);
  if (filter.tokenId) query = query.where('meetings.token_id', '=', filter.tokenId);
  if (filter.ownerId) {
    query = query
      .innerJoin('tokens', 'tokens.id', 'meetings.token_id')
      .innerJoin('businesses', 'businesses.id', 'tokens.business_id')
      .where('businesses.owner_id', '=', filter.ownerId);
  }
  return query.execute();
}

/** The meetings where `userId` is a holder of record, newest first, with their weight. */
export function meetingsOfHolder(db: Db, userId: string) {
  return db
    .selectFrom('meeting_voters as v')
    .innerJoin('meetings as m', 'm.id', 'v.meeting_id')
    .selectAll('m')
    .select(['v.weight', 'v.voted_at'])
    .where('v.user_id', '=', userId)
    .orderBy('m.id', 'desc')
    .limit(100)
    .execute();
}

export function insertVoters(
  trx: Trx,
  meetingId: string,
  voters: readonly { userId: string; weight: string }[],
): Promise<unknown> {
  if (voters.length === 0) return Promise.resolve();
  return trx
    .insertInto('meeting_voters')
    .values(voters.map((v) => ({ meeting_id: meetingId, user_id: v.userId, weight: v.weight })))
    .execute();
}

export function findVoter(db: Db | Trx, meetingId: string, userId: string) {
  return db
    .selectFrom('meeting_voters')
    .selectAll()
    .where('meeting_id', '=', meetingId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function votersOf(db: Db | Trx, meetingId: string) {
  return db
    .selectFrom('meeting_voters')
    .select(['user_id', 'weight', 'voted_at'])
    .where('meeting_id', '=', meetingId)
    .orderBy('user_id')
    .execute();
}

/** Every vote of the meeting, or of one holder. */
export function votesOf(db: Db | Trx, meetingId: string, userId?: string) {
  let query = db
    .selectFrom('meeting_votes')
    .select(['user_id', 'resolution_id', 'choice', 'units'])
    .where('meeting_id', '=', meetingId);
  if (userId) query = query.where('user_id', '=', userId);
  return query.orderBy('user_id').orderBy('resolution_id').orderBy('choice').execute();
}

/** The holder's ballot, replaced whole: the votes given, and when. */
export async function replaceBallot(
  trx: Trx,
  meetingId: string,
  userId: string,
  votes: readonly { resolution_id: string; choice: number; units: number | string }[],
  at: Date,
): Promise<void> {
  await trx
    .deleteFrom('meeting_votes')
    .where('meeting_id', '=', meetingId)
    .where('user_id', '=', userId)
    .execute();
  const cast = votes.filter((v) => Number(v.units) > 0);
  if (cast.length > 0) {
    await trx
      .insertInto('meeting_votes')
      .values(
        cast.map((v) => ({
          meeting_id: meetingId,
          user_id: userId,
          resolution_id: v.resolution_id,
          choice: v.choice,
          units: String(v.units),
        })),
      )
      .execute();
  }
  await trx
    .updateTable('meeting_voters')
    .set({ voted_at: cast.length > 0 ? at : null })
    .where('meeting_id', '=', meetingId)
    .where('user_id', '=', userId)
    .execute();
}

/** Approved meetings whose record date has passed and whose holders are not counted yet. */
export function dueSnapshots(db: Db, now: Date) {
  return db
    .selectFrom('meetings')
    .select('id')
    .where('status', '=', 'approved')
    .where('snapshot_at', 'is', null)
    .where('record_date', '<=', now)
    .orderBy('record_date')
    .execute();
}

/** Approved meetings whose window has closed. */
export function dueClosings(db: Db, now: Date) {
  return db
    .selectFrom('meetings')
    .select('id')
    .where('status', '=', 'approved')
    .where('closes_at', '<=', now)
    .orderBy('closes_at')
    .execute();
}

/** Names and emails of the holders, for staff's view of the ballots. */
export function holderNames(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where('id', 'in', userIds)
    .execute();
}

/** Counts a meeting's voters that have voted (for staff's progress view). */
export async function votedCount(db: Db, meetingId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from meeting_voters
    where meeting_id = ${meetingId} and voted_at is not null`.execute(db);
  return rows[0]!.n;
}
