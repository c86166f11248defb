/**
 * A meeting as the API answers it. The result is there only once the window has closed; a holder
 * of record also gets their weight and their own votes, and nobody else's.
 */
import type { Meeting, MeetingResolution } from '../../lib/db/schema-meetings.js';
import { Exact } from '../../lib/money.js';
import { percentOf, votingState } from './meetings.rules.js';

export interface HolderPart {
  weight: string;
  voted_at: Date | null;
  votes: { resolution_id: string; choice: number; units: string }[];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function resultOf(meeting: Meeting, resolutions: MeetingResolution[]) {
  if (meeting.status !== 'closed') return null;
  return {
    closed_at: iso(meeting.closed_at)!,
    eligible_units: meeting.eligible_units,
    represented_units: meeting.represented_units!,
    turnout_pct: percentOf(meeting.represented_units!, meeting.eligible_units),
    quorum_pct: meeting.quorum_pct,
    quorum_met: meeting.quorum_met!,
    resolutions: resolutions.map((r) => {
      const totals = r.totals ?? r.choices.map(() => '0');
      const cast = totals.reduce((sum, units) => sum.plus(units), new Exact(0)).toFixed();
      return {
        resolution_id: r.id,
        title: r.title,
        majority: r.majority,
        choices: r.choices.map((choice, i) => ({
          ...choice,
          units: totals[i]!,
          pct_of_cast: percentOf(totals[i]!, cast),
        })),
        votes_cast: cast,
        turnout_pct: percentOf(cast, meeting.eligible_units),
        passed: r.passed ?? false,
      };
    }),
  };
}

export function meetingView(
  meeting: Meeting,
  resolutions: MeetingResolution[],
  token: { symbol: string; name: string },
  now: Date,
  holder?: HolderPart,
) {
  const decided = meeting.status === 'approved' || meeting.status === 'closed';
  return {
    id: meeting.id,
    token_id: meeting.token_id,
    symbol: token.symbol,
    token_name: token.name,
    title: meeting.title,
    record_date: meeting.record_date.toISOString(),
    opens_at: meeting.opens_at.toISOString(),
    closes_at: meeting.closes_at.toISOString(),
    quorum_pct: meeting.quorum_pct,
    status: meeting.status,
    voting: decided ? votingState(meeting, now) : null,
    proposed_by: meeting.proposed_by,
    decided_by: meeting.decided_by,
    decided_at: iso(meeting.decided_at),
    decision_note: meeting.decision_note,
    snapshot_at: iso(meeting.snapshot_at),
    eligible_units: meeting.eligible_units,
    holder_count: meeting.holder_count,
    created_at: meeting.created_at.toISOString(),
    resolutions: resolutions.map((r) => ({
      id: r.id,
      title: r.title,
      majority: r.majority,
      choices: r.choices,
    })),
    result: resultOf(meeting, resolutions),
    holder: holder
      ? { weight: holder.weight, voted_at: iso(holder.voted_at), votes: holder.votes }
      : null,
  };
}

export type MeetingView = ReturnType<typeof meetingView>;
