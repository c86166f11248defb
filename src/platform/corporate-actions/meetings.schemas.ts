/** The API shape of shareholder meetings (docs/corporate-actions.md "Shareholder votes"). */
import { Type } from '@sinclair/typebox';
import { choiceEffects, majorities, meetingStatuses } from '../../lib/db/schema-meetings.js';
import { Page, PageQuery } from '../../lib/http/pagination.js';
import { DateTime, MultilineText, Percent, Text } from '../../lib/http/route-schemas.js';

const Uuid = Type.String({ format: 'uuid' });
const Status = Type.Union(meetingStatuses.map((s) => Type.Literal(s)));
const Majority = Type.Union(
  majorities.map((m) => Type.Literal(m)),
  {
    description:
      'the share of the votes for and against that must be for: simple (more than half), ' +
      'two_thirds or three_quarters (at least)',
  },
);
const Effect = Type.Union(choiceEffects.map((e) => Type.Literal(e)));
const Units = Type.String({ pattern: '^[0-9]+$', description: 'whole tokens' });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Choice = Type.Object(
  {
    label: Text(60),
    effect: Effect,
  },
  { additionalProperties: false },
);

export const ProposeMeetingBody = Type.Object(
  {
    token_id: Uuid,
    title: Text(200),
    record_date: DateTime('when the holders of record are counted: the register at this instant'),
    opens_at: DateTime('voting opens (at or after the record date)'),
    closes_at: DateTime('voting closes and the result is published'),
    quorum_pct: Percent('the share of the eligible votes that must be represented', {
      upTo100: true,
      acceptNumber: true,
    }),
    resolutions: Type.Array(
      Type.Object(
        {
          title: Text(500),
          majority: Majority,
          choices: Type.Optional(
            Type.Array(Choice, {
              minItems: 2,
              maxItems: 10,
              description: 'default: For (for), Against (against), Abstain (abstain)',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20 },
    ),
  },
  { additionalProperties: false },
);

export const DecideMeetingBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    note: Type.Optional(MultilineText(2000)),
  },
  { additionalProperties: false },
);

export const BallotBody = Type.Object(
  {
    votes: Type.Array(
      Type.Object(
        {
          resolution_id: Uuid,
          choice: Type.Integer({ minimum: 0, maximum: 9, description: 'the index of the choice' }),
          units: Type.Integer({ minimum: 0, maximum: 1_000_000_000_000_000 }),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 200,
        description: 'the whole ballot: it replaces the one before; an empty list withdraws it',
      },
    ),
  },
  { additionalProperties: false },
);

const Vote = Type.Object({ resolution_id: Uuid, choice: Type.Integer(), units: Units });

export const MeetingView = Type.Object({
  id: Uuid,
  token_id: Uuid,
  symbol: Type.String(),
  token_name: Type.String(),
  title: Type.String(),
  record_date: DateTime(),
  opens_at: DateTime(),
  closes_at: DateTime(),
  quorum_pct: Type.String(),
  status: Status,
  voting: nullable(
    Type.Union(
      ['counting', 'not_open', 'open', 'closed'].map((s) => Type.Literal(s)),
      { description: 'approved and closed meetings: where voting stands now' },
    ),
  ),
  proposed_by: Uuid,
  decided_by: nullable(Uuid),
  decided_at: nullable(DateTime()),
  decision_note: nullable(Type.String()),
  snapshot_at: nullable(DateTime()),
  eligible_units: Units,
  holder_count: Type.Integer(),
  created_at: DateTime(),
  resolutions: Type.Array(
    Type.Object({
      id: Uuid,
      title: Type.String(),
      majority: Majority,
      choices: Type.Array(Type.Object({ label: Type.String(), effect: Effect })),
    }),
  ),
  result: nullable(
    Type.Object({
      closed_at: DateTime(),
      eligible_units: Units,
      represented_units: Units,
      turnout_pct: Type.String(),
      quorum_pct: Type.String(),
      quorum_met: Type.Boolean(),
      resolutions: Type.Array(
        Type.Object({
          resolution_id: Uuid,
          title: Type.String(),
          majority: Majority,
          choices: Type.Array(
            Type.Object({
              label: Type.String(),
              effect: Effect,
              units: Units,
              pct_of_cast: Type.String(),
            }),
          ),
          votes_cast: Units,
          turnout_pct: Type.String(),
          passed: Type.Boolean(),
        }),
      ),
    }),
  ),
  holder: nullable(
    Type.Object({
      weight: Units,
      voted_at: nullable(DateTime()),
      votes: Type.Array(Vote),
    }),
  ),
});

export const MeetingsQuery = Type.Object(
  {
    status: Type.Optional(Status),
    token_id: Type.Optional(Uuid),
    ...PageQuery,
  },
  { additionalProperties: false },
);

export const MeetingPage = Page(MeetingView);
export const MyMeetings = Type.Object({ data: Type.Array(MeetingView) });

export const Ballots = Type.Object({
  data: Type.Array(
    Type.Object({
      user_id: Uuid,
      email: nullable(Type.String()),
      full_name: nullable(Type.String()),
      weight: Units,
      voted_at: nullable(DateTime()),
      votes: Type.Array(Vote),
    }),
  ),
});
