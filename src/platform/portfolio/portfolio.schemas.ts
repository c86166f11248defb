import { Type } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const PortfolioView = Type.Object({
  fiat_balance: Type.String({ description: 'available fiat' }),
  fiat_held_withdrawals: Type.String({ description: 'withdrawals held until an admin decides' }),
  fiat_held_subscriptions: Type.String({
    description: 'paid into subscriptions awaiting payment confirmation',
  }),
  trading_fees_paid: Type.String({
    description: "trading fees paid, all time (the seller pays each trade's fee)",
  }),
  wallet_address: Nullable(Type.String()),
  wallet_custody: Type.Union([Type.Literal('custodial'), Type.Literal('self'), Type.Null()]),
  wallets: Type.Array(
    Type.Object({
      token_id: Type.String(),
      symbol: Type.String(),
      name: Type.String(),
      status: Type.String(),
      contract_address: Nullable(Type.String()),
      balance: Type.Integer(),
      locked_balance: Type.Integer(),
      address_frozen: Type.Boolean({
        description: "the token's agent froze the holding: no order to buy or sell it",
      }),
      frozen_quantity: Type.Integer({ description: "units the token's agent froze" }),
    }),
  ),
  allocations: Type.Array(
    Type.Object({
      id: Type.String(),
      token_id: Type.String(),
      symbol: Type.String(),
      allocation_type: Type.String(),
      quantity: Type.Integer(),
      amount: Type.String(),
      price_per_token: Type.String(),
      status: Type.String(),
      on_chain_status: Type.String(),
      on_chain_tx_hash: Nullable(Type.String()),
      on_chain_error: Nullable(Type.String()),
      created_at: Type.String(),
    }),
  ),
  balances: Type.Array(Type.Object({ currency: Type.String(), balance: Type.String() }), {
    description: 'balances in other currencies, e.g. USDC paid by stablecoin dividends',
  }),
  dividends: Type.Array(
    Type.Object({
      id: Type.String(),
      dividend_id: Type.String(),
      token_id: Type.String(),
      symbol: Type.String(),
      dividend_type: Type.String(),
      net_amount: Type.String(),
      quantity: Type.Integer(),
      status: Type.String(),
      paid_at: Nullable(Type.String()),
    }),
    { description: 'your latest 20 dividend payments' },
  ),
});
