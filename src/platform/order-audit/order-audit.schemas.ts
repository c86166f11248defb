/** The order audit trail's request and response schemas (docs/reports.md). */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime } from '../../lib/http/route-schemas.js';

const range = {
  from: Type.Optional(DateTime('the range starts here (inclusive); default: a day before `to`')),
  to: Type.Optional(DateTime('the range ends here (exclusive); default now; at most 31 days')),
};

export const OrderEventsCsvQuery = Type.Object(range, { additionalProperties: false });

export const OrderEventsQuery = Type.Object(
  {
    ...range,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    cursor: Type.Optional(
      Type.String({
        pattern:
          '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{6}Z~[hr]~[0-9]{1,19}$',
        description: 'next_cursor of the previous page',
      }),
    ),
  },
  { additionalProperties: false },
);

const Text = Type.Union([Type.String(), Type.Null()]);

export const OrderEvent = Type.Object({
  event_id: Type.String({ description: 'h<n>: a status change, r<n>: a refusal' }),
  event_time: Type.String({ description: 'UTC, to the microsecond' }),
  event: Type.String({
    description: 'the order status after the event (open, partially_filled, ...) or refused',
  }),
  outcome: Type.Union([Type.String(), Type.Null()], {
    description: "the refusal's error code, or the reason of a status change",
  }),
  order_id: Text,
  client_order_id: Text,
  user_id: Type.String(),
  token_id: Text,
  side: Text,
  order_type: Text,
  time_in_force: Text,
  price: Text,
  stop_price: Text,
  quantity: Text,
  filled_quantity: Text,
  remaining_quantity: Text,
  book_sequence: Text,
  previous_price: Type.Union([Type.String(), Type.Null()], {
    description: 'an amend: the limit price before it',
  }),
  previous_quantity: Type.Union([Type.String(), Type.Null()], {
    description: 'an amend: the quantity before it',
  }),
});

export const OrderEventsPage = Type.Object({
  data: Type.Array(OrderEvent),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});

export type OrderEventsQuery = Static<typeof OrderEventsQuery>;
export type OrderEventsCsvQuery = Static<typeof OrderEventsCsvQuery>;
export type OrderEvent = Static<typeof OrderEvent>;
