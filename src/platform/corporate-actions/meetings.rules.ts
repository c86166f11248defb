/**
 * Shareholder votes (pure): what a proposal must hold, four eyes on its decision, when voting is
 * open, what a ballot may hold, and the tally at the close (docs/corporate-actions.md
 * "Shareholder votes"). Units are whole tokens as decimal strings; every sum is exact.
 */
import type { Decimal } from 'decimal.js';
import type { Majority, MeetingChoice } from '../../lib/db/schema-meetings.js';
import { AppError } from '../../lib/errors.js';
import { Exact } from '../../lib/money.js';

export const defaultChoices: MeetingChoice[] = [
  { label: 'For', effect: 'for' },
  { label: 'Against', effect: 'against' },
  { label: 'Abstain', effect: 'abstain' },
];

export interface MeetingDates {
  record_date: Date;
  opens_at: Date;
  closes_at: Date;
}

/** The record date fixes the holders before anyone votes; the window is still to close. */
export function assertDatesFit(dates: MeetingDates, now: Date): void {
  const { record_date, opens_at, closes_at } = dates;
  const fail = (detail: string) => {
    throw new AppError('MEETING_DATES_INVALID', detail, {
      record_date: record_date.toISOString(),
      opens_at: opens_at.toISOString(),
      closes_at: closes_at.toISOString(),
    });
  };
  if (record_date > opens_at) fail('The voting window opens before the record date');
  if (opens_at >= closes_at) fail('The voting window closes before it opens');
  if (closes_at <= now) fail('The voting window has closed already');
}

/** Each resolution's choices: distinct labels, at least one for and one against. */
export function assertChoicesFit(resolutions: readonly { choices: MeetingChoice[] }[]): void {
  resolutions.forEach(({ choices }, index) => {
    const labels = new Set(choices.map((c) => c.label.trim().toLowerCase()));
    const effects = new Set(choices.map((c) => c.effect));
    if (labels.size !== choices.length) {
      throw new AppError('MEETING_RESOLUTIONS_INVALID', `Resolution ${index + 1} repeats a choice`);
    }
    if (!effects.has('for') || !effects.has('against')) {
      throw new AppError(
        'MEETING_RESOLUTIONS_INVALID',
        `Resolution ${index + 1} needs a choice for it and one against it`,
      );
    }
  });
}

/** Four eyes: a member of staff who did not propose the meeting decides it. */
export function assertMayDecide(proposedBy: string, deciderId: string): void {
  if (proposedBy === deciderId) {
    throw new AppError(
      'FOUR_EYES_REQUIRED',
      'You proposed this meeting: another member of staff must approve or reject it',
    );
  }
}

export type VotingState = 'counting' | 'not_open' | 'open' | 'closed';

/** Where voting stands for an approved meeting at `now`. */
export function votingState(
  meeting: MeetingDates & { snapshot_at: Date | null; closed_at: Date | null },
  now: Date,
): VotingState {
  if (meeting.closed_at || now >= meeting.closes_at) return 'closed';
  if (!meeting.snapshot_at) return 'counting';
  return now >= meeting.opens_at ? 'open' : 'not_open';
}

export interface BallotResolution {
  id: string;
  choices: readonly MeetingChoice[];
}

export interface Vote {
  resolution_id: string;
  choice: number;
  units: number | string;
}

/**
 * A ballot names each resolution's choices at most once and gives each resolution no more units
 * than the holder's weight (a holder may split them, or leave some uncast).
 */
export function assertBallotFits(
  resolutions: readonly BallotResolution[],
  weight: string,
  votes: readonly Vote[],
): void {
  const byId = new Map(resolutions.map((r) => [r.id, r]));
  const cast = new Map<string, Decimal>();
  const seen = new Set<string>();
  for (const vote of votes) {
    const resolution = byId.get(vote.resolution_id);
    if (!resolution || vote.choice >= resolution.choices.length) {
      throw new AppError(
        'MEETING_CHOICE_UNKNOWN',
        `No choice ${vote.choice} on resolution ${vote.resolution_id}`,
      );
    }
    const key = `${vote.resolution_id} ${vote.choice}`;
    if (seen.has(key)) {
      throw new AppError('MEETING_CHOICE_UNKNOWN', `Choice ${vote.choice} is given twice`);
    }
    seen.add(key);
    cast.set(vote.resolution_id, (cast.get(vote.resolution_id) ?? new Exact(0)).plus(vote.units));
  }
  for (const [resolutionId, units] of cast) {
    if (units.greaterThan(weight)) {
      throw new AppError(
        'VOTES_EXCEED_WEIGHT',
        `${units.toFixed()} votes on one resolution, and the holding at the record date is ${weight}`,
        { resolution_id: resolutionId, units: units.toFixed(), weight },
      );
    }
  }
}

/** The share of the for and against votes a resolution's for votes must reach (simple: pass). */
const thresholds: Record<Majority, { numerator: number; denominator: number; strictly: boolean }> =
  {
    simple: { numerator: 1, denominator: 2, strictly: true },
    two_thirds: { numerator: 2, denominator: 3, strictly: false },
    three_quarters: { numerator: 3, denominator: 4, strictly: false },
  };

/** Whether `forUnits` out of `decided` (for plus against) carries the majority; none: no. */
export function carries(majority: Majority, forUnits: Decimal, decided: Decimal): boolean {
  if (forUnits.isZero()) return false;
  // compared in integers, for × denominator against decided × numerator: exact
  const { numerator, denominator, strictly } = thresholds[majority];
  const left = forUnits.times(denominator);
  const right = decided.times(numerator);
  return strictly ? left.greaterThan(right) : left.greaterThanOrEqualTo(right);
}

export interface TallyInput {
  eligible_units: string;
  quorum_pct: string;
  resolutions: readonly (BallotResolution & { majority: Majority })[];
  /** every voter's weight */
  voters: readonly { user_id: string; weight: string }[];
  votes: readonly (Vote & { user_id: string })[];
}

export interface ResolutionResult {
  resolution_id: string;
  /** per choice, in the resolution's order */
  totals: string[];
  for_units: string;
  against_units: string;
  abstain_units: string;
  passed: boolean;
}

export interface Tally {
  /** the weight of every holder who voted on anything: present for the quorum */
  represented_units: string;
  quorum_met: boolean;
  resolutions: ResolutionResult[];
}

/**
 * The result: a holder who voted on any resolution is represented with their whole weight, as a
 * shareholder present at a meeting is; the quorum is met when the represented votes reach
 * `quorum_pct` of the eligible ones; a resolution passes when the quorum is met and its for votes
 * carry its majority of the votes for and against (abstentions count for the quorum only).
 */
export function tally(input: TallyInput): Tally {
  const weights = new Map(input.voters.map((v) => [v.user_id, v.weight]));
  const present = new Set(input.votes.map((v) => v.user_id));
  const represented = [...present].reduce(
    (sum, userId) => sum.plus(weights.get(userId) ?? 0),
    new Exact(0),
  );
  const quorumMet = represented
    .times(100)
    .greaterThanOrEqualTo(new Exact(input.eligible_units).times(input.quorum_pct));
  const resolutions = input.resolutions.map((resolution) => {
    const totals = resolution.choices.map(() => new Exact(0));
    for (const vote of input.votes) {
      if (vote.resolution_id === resolution.id) {
        totals[vote.choice] = totals[vote.choice]!.plus(vote.units);
      }
    }
    const byEffect = (effect: string) =>
      totals.reduce(
        (sum, units, i) => (resolution.choices[i]!.effect === effect ? sum.plus(units) : sum),
        new Exact(0),
      );
    const forUnits = byEffect('for');
    const againstUnits = byEffect('against');
    return {
      resolution_id: resolution.id,
      totals: totals.map((t) => t.toFixed()),
      for_units: forUnits.toFixed(),
      against_units: againstUnits.toFixed(),
      abstain_units: byEffect('abstain').toFixed(),
      passed: quorumMet && carries(resolution.majority, forUnits, forUnits.plus(againstUnits)),
    };
  });
  return { represented_units: represented.toFixed(), quorum_met: quorumMet, resolutions };
}

/** `part` as a percentage of `whole` with 2 decimals, rounded down; 0 of nothing is 0. */
export function percentOf(part: string, whole: string): string {
  if (new Exact(whole).isZero()) return '0.00';
  return new Exact(part)
    .times(100)
    .dividedBy(whole)
    .toDecimalPlaces(2, Exact.ROUND_DOWN)
    .toFixed(2);
}
