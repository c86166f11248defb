/** The statements' request and response schemas. */
import { Type } from '@sinclair/typebox';

export const MonthQuery = Type.Object(
  {
    month: Type.String({
      pattern: '^[12][0-9]{3}-(0[1-9]|1[0-2])$',
      expects: 'a calendar month as YYYY-MM, such as 2026-03',
      description: 'the calendar month (UTC); the month under way gives a statement to date',
    }),
  },
  { additionalProperties: false },
);

export const YearQuery = Type.Object(
  {
    year: Type.String({
      pattern: '^[12][0-9]{3}$',
      expects: 'a calendar year as YYYY, such as 2026',
      description: 'the calendar year (UTC); the year under way gives a summary to date',
    }),
  },
  { additionalProperties: false },
);

const Money = (description?: string) =>
  Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$', ...(description ? { description } : {}) });
const Units = (description: string) => Type.String({ pattern: '^-?[0-9]+$', description });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });

const Header = {
  user: Type.Object({
    id: Type.String({ format: 'uuid' }),
    name: Type.String({ description: "the person's name (their email without one)" }),
    email: Type.String(),
    account_name: Type.String({
      description: "whose account: a corporate investor's or issuer's business, else the person",
    }),
  }),
  period: Type.Object({
    kind: Type.Union([Type.Literal('month'), Type.Literal('year')]),
    label: Type.String(),
    start: Instant,
    end: Instant,
    closing_at: Type.String({
      format: 'date-time',
      description: 'the period end, or the time of the statement for the period under way',
    }),
    complete: Type.Boolean({ description: 'false for the period under way (a statement to date)' }),
  }),
  generated_at: Instant,
};

export const MonthlyStatementView = Type.Object({
  ...Header,
  positions: Type.Array(
    Type.Object({
      token_id: Type.String(),
      symbol: Type.String(),
      name: Type.String(),
      opening_units: Units('units held at the start of the period'),
      closing_units: Units('units held at closing_at'),
      opening_price: Type.String(),
      opening_value: Money(),
      closing_price: Type.String(),
      price_source: Type.Union(
        [Type.Literal('trade'), Type.Literal('nav'), Type.Literal('offering')],
        { description: 'the last trade price, else the last NAV, else the offering price' },
      ),
      priced_at: Nullable(Instant),
      closing_value: Money(),
    }),
  ),
  positions_opening_value: Money(),
  positions_closing_value: Money(),
  trades: Type.Array(
    Type.Object({
      id: Type.String(),
      at: Instant,
      token_id: Type.String(),
      symbol: Type.String(),
      side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
      price: Type.String(),
      quantity: Type.Integer(),
      total: Money(),
      fee: Money('paid by the seller'),
      accrued_interest: Money(
        "a debt token's accrued interest on the trade, paid by the buyer to the seller (0.00 otherwise)",
      ),
      net: Money(
        'what the trade did to cash: minus the total and the accrued interest for a buy; the total less the fee, plus the accrued interest, for a sell',
      ),
    }),
  ),
  subscriptions: Type.Array(
    Type.Object({
      id: Type.String(),
      created_at: Instant,
      token_id: Type.String(),
      symbol: Type.String(),
      quantity: Type.Integer(),
      price_per_token: Type.String(),
      amount: Money(),
      status: Type.String(),
    }),
  ),
  dividends: Type.Array(
    Type.Object({
      id: Type.String(),
      paid_at: Instant,
      token_id: Type.String(),
      symbol: Type.String(),
      dividend_type: Type.String(),
      kind: Type.Union(
        [Type.Literal('dividend'), Type.Literal('coupon'), Type.Literal('redemption')],
        {
          description:
            "a dividend, or a debt token's coupon or redemption (face value and last coupon)",
        },
      ),
      token_balance: Type.Integer(),
      gross_amount: Money(),
      fee_amount: Money(),
      net_amount: Money(),
      quantity: Type.Integer({ description: 'tokens received (token dividends)' }),
      currency: Nullable(Type.String()),
    }),
  ),
  cash_movements: Type.Array(
    Type.Object({
      id: Type.String(),
      at: Instant,
      kind: Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')]),
      amount: Money(),
      status: Type.String(),
    }),
  ),
  cash: Type.Array(
    Type.Object({
      currency: Type.String(),
      opening_balance: Money(),
      lines: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), amount: Money() })),
      closing_balance: Money('the opening balance plus the lines'),
    }),
  ),
});

const YearAmounts = {
  dividends_usd: Money('fiat dividends received, net of fees'),
  dividends_usdc: Money('stablecoin dividends received, net of fees'),
  dividend_units: Units('tokens received as token dividends'),
  dividend_fees: Money('fees withheld from dividends'),
  trading_fees: Money('trading fees paid (the seller pays them)'),
  fees_total: Money(),
};

export const YearlyStatementView = Type.Object({
  ...Header,
  tokens: Type.Array(
    Type.Object({ token_id: Type.String(), symbol: Type.String(), ...YearAmounts }),
  ),
  totals: Type.Object(YearAmounts),
});
