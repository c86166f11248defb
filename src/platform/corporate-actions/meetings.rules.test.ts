import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { Exact } from '../../lib/money.js';
import {
  assertBallotFits,
  assertChoicesFit,
  assertDatesFit,
  carries,
  defaultChoices,
  percentOf,
  tally,
  votingState,
} from './meetings.rules.js';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
};

const at = (iso: string) => new Date(iso);

describe('meeting dates', () => {
  const now = at('2026-06-01T00:00:00Z');
  it('admit a record date at or before the opening and a close still to come', () => {
    const dates = {
      record_date: at('2026-06-02T00:00:00Z'),
      opens_at: at('2026-06-02T00:00:00Z'),
      closes_at: at('2026-06-09T00:00:00Z'),
    };
    expect(code(() => assertDatesFit(dates, now))).toBeUndefined();
    expect(
      code(() => assertDatesFit({ ...dates, opens_at: at('2026-06-01T12:00:00Z') }, now)),
    ).toBe('MEETING_DATES_INVALID');
    expect(code(() => assertDatesFit({ ...dates, closes_at: dates.opens_at }, now))).toBe(
      'MEETING_DATES_INVALID',
    );
    expect(code(() => assertDatesFit(dates, at('2026-06-09T00:00:00Z')))).toBe(
      'MEETING_DATES_INVALID',
    );
  });

  it('say where voting stands', () => {
    const m = {
      record_date: at('2026-06-02T00:00:00Z'),
      opens_at: at('2026-06-03T00:00:00Z'),
      closes_at: at('2026-06-09T00:00:00Z'),
      snapshot_at: null,
      closed_at: null,
    };
    expect(votingState(m, at('2026-06-04T00:00:00Z'))).toBe('counting');
    const counted = { ...m, snapshot_at: at('2026-06-02T00:00:01Z') };
    expect(votingState(counted, at('2026-06-02T12:00:00Z'))).toBe('not_open');
    expect(votingState(counted, at('2026-06-03T00:00:00Z'))).toBe('open');
    expect(votingState(counted, at('2026-06-09T00:00:00Z'))).toBe('closed');
  });
});

describe('choices', () => {
  it('need a for and an against, each label once', () => {
    expect(code(() => assertChoicesFit([{ choices: defaultChoices }]))).toBeUndefined();
    expect(
      code(() =>
        assertChoicesFit([
          {
            choices: [
              { label: 'Yes', effect: 'for' },
              { label: 'Abstain', effect: 'abstain' },
            ],
          },
        ]),
      ),
    ).toBe('MEETING_RESOLUTIONS_INVALID');
    expect(
      code(() =>
        assertChoicesFit([
          {
            choices: [
              { label: 'Yes', effect: 'for' },
              { label: 'yes', effect: 'against' },
            ],
          },
        ]),
      ),
    ).toBe('MEETING_RESOLUTIONS_INVALID');
  });
});

describe('a ballot', () => {
  const resolutions = [
    { id: 'r1', choices: defaultChoices },
    { id: 'r2', choices: defaultChoices },
  ];
  it('splits up to the weight on each resolution', () => {
    const split = [
      { resolution_id: 'r1', choice: 0, units: 60 },
      { resolution_id: 'r1', choice: 1, units: 40 },
      { resolution_id: 'r2', choice: 2, units: 100 },
    ];
    expect(code(() => assertBallotFits(resolutions, '100', split))).toBeUndefined();
    expect(
      code(() =>
        assertBallotFits(resolutions, '100', [
          ...split,
          { resolution_id: 'r1', choice: 2, units: 1 },
        ]),
      ),
    ).toBe('VOTES_EXCEED_WEIGHT');
  });
  it('names choices the meeting has, each once', () => {
    expect(
      code(() =>
        assertBallotFits(resolutions, '9', [{ resolution_id: 'r3', choice: 0, units: 1 }]),
      ),
    ).toBe('MEETING_CHOICE_UNKNOWN');
    expect(
      code(() =>
        assertBallotFits(resolutions, '9', [{ resolution_id: 'r1', choice: 3, units: 1 }]),
      ),
    ).toBe('MEETING_CHOICE_UNKNOWN');
    expect(
      code(() =>
        assertBallotFits(resolutions, '9', [
          { resolution_id: 'r1', choice: 0, units: 1 },
          { resolution_id: 'r1', choice: 0, units: 1 },
        ]),
      ),
    ).toBe('MEETING_CHOICE_UNKNOWN');
  });
});

describe('majorities', () => {
  const d = (n: number) => new Exact(n);
  it('simple needs more than half; two thirds and three quarters at least that share', () => {
    expect(carries('simple', d(50), d(100))).toBe(false);
    expect(carries('simple', d(51), d(100))).toBe(true);
    expect(carries('two_thirds', d(2), d(3))).toBe(true);
    expect(carries('two_thirds', d(666), d(1000))).toBe(false);
    expect(carries('two_thirds', d(667), d(1000))).toBe(true);
    expect(carries('three_quarters', d(3), d(4))).toBe(true);
    expect(carries('three_quarters', d(74), d(99))).toBe(false);
    expect(carries('simple', d(0), d(0))).toBe(false);
  });
});

describe('the tally', () => {
  const resolutions = [
    { id: 'r1', choices: defaultChoices, majority: 'simple' as const },
    { id: 'r2', choices: defaultChoices, majority: 'two_thirds' as const },
  ];
  const voters = [
    { user_id: 'a', weight: '60' },
    { user_id: 'b', weight: '30' },
    { user_id: 'c', weight: '10' },
  ];
  it('counts the represented weight for the quorum and abstentions out of the majority', () => {
    const result = tally({
      eligible_units: '100',
      quorum_pct: '50',
      resolutions,
      voters,
      votes: [
        // a splits: 20 for, 10 against, the rest uncast, on r1; abstains on r2
        { user_id: 'a', resolution_id: 'r1', choice: 0, units: 20 },
        { user_id: 'a', resolution_id: 'r1', choice: 1, units: 10 },
        { user_id: 'a', resolution_id: 'r2', choice: 2, units: 60 },
        { user_id: 'c', resolution_id: 'r2', choice: 0, units: '10' },
      ],
    });
    expect(result.represented_units).toBe('70');
    expect(result.quorum_met).toBe(true);
    expect(result.resolutions[0]).toMatchObject({
      totals: ['20', '10', '0'],
      passed: true,
    });
    expect(result.resolutions[1]).toMatchObject({
      totals: ['10', '0', '60'],
      for_units: '10',
      abstain_units: '60',
      passed: true,
    });
  });
  it('passes nothing without the quorum', () => {
    const result = tally({
      eligible_units: '100',
      quorum_pct: '50',
      resolutions,
      voters,
      votes: [{ user_id: 'b', resolution_id: 'r1', choice: 0, units: 30 }],
    });
    expect(result.quorum_met).toBe(false);
    expect(result.resolutions.map((r) => r.passed)).toEqual([false, false]);
  });
  it('rounds percentages down', () => {
    expect(percentOf('2', '3')).toBe('66.66');
    expect(percentOf('1', '0')).toBe('0.00');
  });
});
