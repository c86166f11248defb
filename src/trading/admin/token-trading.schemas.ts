import { Type, type Static } from '@sinclair/typebox';
import { MultilineText, Percent, Price } from '../../lib/http/route-schemas.js';

/** A multiple of the reference price (fat-finger check): a decimal like a percentage's. */
const Factor = Type.String({ pattern: '^(?:0|[1-9][0-9]{0,2})(?:\\.[0-9]{1,2})?$' });

/** Per-token trading settings staff may change; each field is optional. */
export const TradingSettingsBody = Type.Object(
  {
    fee_bps: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
    fat_finger_mode: Type.Optional(Type.Union([Type.Literal('block'), Type.Literal('confirm')])),
    fat_finger_factor: Type.Optional(Factor),
    circuit_breaker_pct: Type.Optional(
      Percent('percent move within the window that halts trading'),
    ),
    circuit_breaker_window_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 86400 })),
    halt_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 604800 })),
    nav_deviation_pct: Type.Optional(
      Percent('percent an order price may deviate from the NAV before it needs confirming'),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type TradingSettingsBody = Static<typeof TradingSettingsBody>;

/** Staff halt a token's book by hand, for a time, with the reason audited. */
export const HaltBody = Type.Object(
  {
    minutes: Type.Integer({ minimum: 1, maximum: 10080, description: 'how long, at most a week' }),
    reason: MultilineText(500, { minLength: 3, pattern: '\\S', description: 'why (audited)' }),
  },
  { additionalProperties: false },
);
export type HaltBody = Static<typeof HaltBody>;

/**
 * Staff lift a halt: the book reopens through a call (the reopening auction, for a model with
 * calls) unless they choose continuous trading at once; the reason is audited. No body: the call.
 */
export const LiftHaltBody = Type.Object(
  {
    reopen: Type.Optional(
      Type.Union([Type.Literal('auction'), Type.Literal('continuous')], {
        description:
          'auction (default): a continuous_with_auctions book reopens through a call of its opening call length; continuous: it matches at once',
      }),
    ),
    reason: Type.Optional(
      MultilineText(500, { minLength: 3, pattern: '\\S', description: 'why (audited)' }),
    ),
  },
  { additionalProperties: false },
);
export type LiftHaltBody = Static<typeof LiftHaltBody>;

export const TradingSettingsView = Type.Object({
  token_id: Type.String(),
  fee_bps: Type.Integer(),
  fat_finger_mode: Type.String(),
  fat_finger_factor: Type.String(),
  circuit_breaker_pct: Type.String(),
  circuit_breaker_window_seconds: Type.Integer(),
  halt_seconds: Type.Integer(),
  nav_deviation_pct: Type.String(),
  halted_until: Type.Union([Type.String(), Type.Null()]),
  last_price: Type.Union([Type.String(), Type.Null()]),
});

export const NavBody = Type.Object({ nav: Price }, { additionalProperties: false });
export const NavView = Type.Object({
  id: Type.String(),
  token_id: Type.String(),
  nav: Type.String(),
  recorded_by: Type.String(),
  created_at: Type.String(),
});

export const TradingModeBody = Type.Object(
  {
    trading_mode: Type.Union([Type.Literal('full_orderbook'), Type.Literal('fixed_price_otc')]),
    reason: MultilineText(1000, { minLength: 3, description: 'why the mode changes (audited)' }),
  },
  { additionalProperties: false },
);
export type TradingModeBody = Static<typeof TradingModeBody>;

export const TradingModeView = Type.Object({
  token_id: Type.String(),
  trading_mode: Type.String(),
  /** live OTC requests cancelled by leaving OTC (book orders are cancelled by the book's writer) */
  otc_requests_cancelled: Type.Integer(),
});
