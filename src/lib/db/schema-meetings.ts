/**
 * Table types of shareholder meetings (migration 0062, docs/corporate-actions.md "Shareholder
 * votes"): the meeting an issuer proposes and staff decide, its resolutions, the holders of record
 * with their weight, each holder's votes, and the published totals.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export const meetingStatuses = ['proposed', 'rejected', 'approved', 'closed'] as const;
export type MeetingStatus = (typeof meetingStatuses)[number];

/** The share of the votes cast for and against that a resolution needs to pass. */
export const majorities = ['simple', 'two_thirds', 'three_quarters'] as const;
export type Majority = (typeof majorities)[number];

/** How a choice counts: for or against the resolution, or present but abstaining. */
export const choiceEffects = ['for', 'against', 'abstain'] as const;
export type ChoiceEffect = (typeof choiceEffects)[number];

export interface MeetingChoice {
  label: string;
  effect: ChoiceEffect;
}

export interface MeetingsTable {
  id: string;
  token_id: string;
  title: string;
  record_date: Date;
  opens_at: Date;
  closes_at: Date;
  /** NUMERIC(5,2): the share of the eligible votes that must be represented */
  quorum_pct: string;
  status: MeetingStatus;
  proposed_by: string;
  decided_by: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  /** when the holders of record were counted; null until then */
  snapshot_at: Date | null;
  /** NUMERIC whole tokens: the votes of every holder of record */
  eligible_units: ColumnType<string, string | undefined, string>;
  holder_count: ColumnType<number, number | undefined, number>;
  /** NUMERIC: the votes of the holders who voted on anything (set at the close) */
  represented_units: string | null;
  quorum_met: boolean | null;
  closed_at: Date | null;
  created_at: CreatedAt;
}

export interface MeetingResolutionsTable {
  id: string;
  meeting_id: string;
  position: number;
  title: string;
  majority: Majority;
  choices: ColumnType<MeetingChoice[], string, never>;
  /** per choice, the units cast for it (set at the close) */
  totals: ColumnType<string[] | null, never, string>;
  passed: boolean | null;
}

export interface MeetingVotersTable {
  meeting_id: string;
  user_id: string;
  /** NUMERIC whole tokens: the holding in the register at the record date */
  weight: string;
  /** last change of the holder's ballot; null while they have not voted */
  voted_at: Date | null;
}

export interface MeetingVotesTable {
  id: Generated<number>;
  meeting_id: string;
  resolution_id: string;
  user_id: string;
  choice: number;
  /** NUMERIC whole tokens, above 0 */
  units: string;
}

export interface MeetingTables {
  meetings: MeetingsTable;
  meeting_resolutions: MeetingResolutionsTable;
  meeting_voters: MeetingVotersTable;
  meeting_votes: MeetingVotesTable;
}

export type Meeting = Selectable<MeetingsTable>;
export type MeetingResolution = Selectable<MeetingResolutionsTable>;
export type MeetingVoter = Selectable<MeetingVotersTable>;
