/**
 * The reads behind the portfolio dashboard. They run in one read-only REPEATABLE READ transaction
 * (portfolio.service.ts), so the balance, holds and holdings are one consistent snapshot.
 */
import type { Trx } from '../../lib/db/database.js';

export function accountOf(trx: Trx, userId: string) {
  return trx
    .selectFrom('users')
    .select(['fiat_balance', 'wallet_address', 'wallet_custody'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Sums of fiat held outside the balance: withdrawals awaiting payout, unpaid subscriptions. */
export async function heldFiat(trx: Trx, userId: string) {
  const withdrawals = await trx
    .selectFrom('fiat_requests')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'withdrawal')
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  const subscriptions = await trx
    .selectFrom('token_allocations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirstOrThrow();
  return { withdrawals: withdrawals.total, subscriptions: subscriptions.total };
}

export function tokenWallets(trx: Trx, userId: string) {
  return trx
    .selectFrom('wallets')
    .innerJoin('tokens', 'tokens.id', 'wallets.token_id')
    .select([
      'wallets.token_id',
      'tokens.symbol',
      'tokens.name',
      'tokens.status',
      'tokens.contract_address',
      'wallets.balance',
      'wallets.locked_balance',
      'wallets.address_frozen',
      'wallets.frozen_quantity',
    ])
    .where('wallets.user_id', '=', userId)
    .orderBy('tokens.symbol')
    .execute();
}

/** The user's allocations, newest first. */
export function allocations(trx: Trx, userId: string) {
  return trx
    .selectFrom('token_allocations')
    .innerJoin('tokens', 'tokens.id', 'token_allocations.token_id')
    .select([
      'token_allocations.id',
      'token_allocations.token_id',
      'tokens.symbol',
      'token_allocations.allocation_type',
      'token_allocations.quantity',
      'token_allocations.amount',
      'token_allocations.price_per_token',
      'token_allocations.status',
      'token_allocations.on_chain_status',
      'token_allocations.on_chain_tx_hash',
      'token_allocations.on_chain_error',
      'token_allocations.created_at',
    ])
    .where('token_allocations.user_id', '=', userId)
    .orderBy('token_allocations.id', 'desc')
    .execute();
}

/** Balances in other currencies (USDC from stablecoin dividends). */
export function otherBalances(trx: Trx, userId: string) {
  return trx
    .selectFrom('user_balances')
    .select(['currency', 'balance'])
    .where('user_id', '=', userId)
    .orderBy('currency')
    .execute();
}

/** The user's dividend payments with their declaration and token, to select from. */
export function dividendPaymentsOf(trx: Trx, userId: string) {
  return trx
    .selectFrom('dividend_payments')
    .innerJoin('dividend_declarations', 'dividend_declarations.id', 'dividend_payments.dividend_id')
    .innerJoin('tokens', 'tokens.id', 'dividend_declarations.token_id')
    .where('dividend_payments.user_id', '=', userId);
}

/** The latest dividend payments to the user (the full list is GET /api/v1/dividend-payments). */
export function recentDividends(trx: Trx, userId: string) {
  return dividendPaymentsOf(trx, userId)
    .select([
      'dividend_payments.id',
      'dividend_payments.dividend_id',
      'dividend_declarations.token_id',
      'tokens.symbol',
      'dividend_declarations.dividend_type',
      'dividend_payments.net_amount',
      'dividend_payments.quantity',
      'dividend_payments.status',
      'dividend_payments.paid_at',
    ])
    .where('dividend_declarations.status', 'in', ['distributing', 'distributed'])
    .orderBy('dividend_payments.id', 'desc')
    .limit(20)
    .execute();
}

/** Trading fees the user paid: the seller pays each trade's fee (docs/trading.md). */
export async function tradingFeesPaid(trx: Trx, userId: string): Promise<string> {
  const row = await trx
    .selectFrom('trades')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('platform_fee'), eb.val('0')).as('paid'))
    .where('seller_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.paid;
}
