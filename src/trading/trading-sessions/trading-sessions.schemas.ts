/** Request and response schemas of trading sessions, calendars and the market phase. */
import { Type, type Static } from '@sinclair/typebox';
import { marketModels } from '../../lib/db/schema-sessions.js';
import { MultilineText, Text } from '../../lib/http/route-schemas.js';
import { phases } from './market-phase.js';

/** A local time of day, 00:00 to 24:00. */
const Clock = Type.String({
  pattern: '^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]|24:00)$',
  expects: 'a local time HH:MM, 00:00 to 24:00',
});
const Seconds = (description: string) => Type.Integer({ minimum: 0, maximum: 86_400, description });
const CalendarCode = Type.String({
  pattern: '^[a-z0-9][a-z0-9_-]{0,31}$',
  expects: 'lower-case letters, digits, - and _, up to 32',
});
const Reason = MultilineText(1000, { minLength: 3, description: 'why it changes (audited)' });

export const SessionHours = Type.Object(
  {
    weekday: Type.Integer({ minimum: 1, maximum: 7, description: 'ISO: 1 Monday ... 7 Sunday' }),
    opens: Clock,
    closes: Clock,
  },
  { additionalProperties: false },
);

const sessionFields = {
  market_model: Type.Union(marketModels.map((m) => Type.Literal(m))),
  time_zone: Text(64, { description: 'IANA time zone, e.g. Europe/Berlin' }),
  hours: Type.Array(SessionHours, {
    maxItems: 7,
    description: 'weekly hours; none: around the clock',
  }),
  calendar: Type.Union([CalendarCode, Type.Null()], { description: 'holiday calendar' }),
  opening_call_seconds: Seconds('continuous_with_auctions: the opening (and reopening) call'),
  closing_call_seconds: Seconds('continuous_with_auctions: the closing call'),
  call_seconds: Seconds('periodic_auction: the length of each call'),
  random_end_seconds: Seconds('the window after a call’s scheduled end in which it ends at random'),
};

export const SessionBody = Type.Object(
  { ...sessionFields, reason: Reason },
  { additionalProperties: false },
);
export type SessionBody = Static<typeof SessionBody>;

export const SessionView = Type.Object({ token_id: Type.String(), ...sessionFields });
export type SessionView = Static<typeof SessionView>;

const Holiday = Type.Object(
  { date: Type.String({ format: 'date' }), name: Text(100) },
  { additionalProperties: false },
);

export const CalendarParams = Type.Object({ code: CalendarCode });

export const CalendarBody = Type.Object(
  { name: Text(100), holidays: Type.Array(Holiday, { maxItems: 1000 }), reason: Reason },
  { additionalProperties: false },
);
export type CalendarBody = Static<typeof CalendarBody>;

export const CalendarView = Type.Object({
  code: Type.String(),
  name: Type.String(),
  holidays: Type.Array(Type.Object({ date: Type.String(), name: Type.String() })),
  updated_at: Type.String(),
});
export type CalendarView = Static<typeof CalendarView>;

export const PhaseView = Type.Object({
  token_id: Type.String(),
  market_model: Type.String(),
  time_zone: Type.String(),
  phase: Type.Union(phases.map((p) => Type.Literal(p))),
  /** the scheduled end; a call ends at a random moment within the window after it */
  scheduled_end: Type.Union([Type.String(), Type.Null()]),
  random_end_window_seconds: Type.Union([Type.Integer(), Type.Null()]),
  /** during a call: the price it would uncross at now, the volume and the surplus */
  indicative: Type.Union([
    Type.Object({
      price: Type.Union([Type.String(), Type.Null()]),
      volume: Type.Integer(),
      surplus_side: Type.Union([Type.Literal('buy'), Type.Literal('sell'), Type.Null()]),
      surplus: Type.Integer(),
    }),
    Type.Null(),
  ]),
  at: Type.String(),
});
export type PhaseView = Static<typeof PhaseView>;
