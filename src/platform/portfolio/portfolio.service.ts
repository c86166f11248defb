import { readSnapshot, type Db } from '../../lib/db/database.js';
import { toMoney } from '../../lib/money.js';
import {
  accountOf,
  allocations,
  heldFiat,
  otherBalances,
  recentDividends,
  tokenWallets,
  tradingFeesPaid,
} from './portfolio.queries.js';

export function portfolioService(db: Db) {
  return {
    /** The caller's money, holdings, allocations and latest dividends, read as one snapshot. */
    portfolio(userId: string) {
      return readSnapshot(db, async (trx) => {
        const account = await accountOf(trx, userId);
        const held = await heldFiat(trx, userId);
        return {
          fiat_balance: account.fiat_balance,
          fiat_held_withdrawals: toMoney(held.withdrawals),
          fiat_held_subscriptions: toMoney(held.subscriptions),
          trading_fees_paid: toMoney(await tradingFeesPaid(trx, userId)),
          wallet_address: account.wallet_address,
          wallet_custody: account.wallet_custody,
          wallets: await tokenWallets(trx, userId),
          allocations: (await allocations(trx, userId)).map((row) => ({
            ...row,
            created_at: row.created_at.toISOString(),
          })),
          balances: await otherBalances(trx, userId),
          dividends: (await recentDividends(trx, userId)).map((row) => ({
            ...row,
            paid_at: row.paid_at?.toISOString() ?? null,
          })),
        };
      });
    },
  };
}

export type PortfolioService = ReturnType<typeof portfolioService>;
