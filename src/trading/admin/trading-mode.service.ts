/**
 * Staff switch a live token between the order book and OTC (DECISIONS "Trading"; the rules for
 * what is open at the switch are docs/decisions/compliance.md's). One transaction under the token's row lock:
 * the mode, the audit row with the reason, and, when leaving OTC, every live OTC request cancelled
 * with its lock released. Leaving the book, its orders are cancelled by the book's one writer right
 * after the commit (and by the owner's tick should this process not own the book or crash first):
 * from the commit on, every batch reads the new mode and refuses new orders and amends.
 */
import { recordAudit } from '../../lib/db/audit.queries.js';
import { transaction, type Db } from '../../lib/db/database.js';
import type { TradingMode } from '../../lib/db/schema-issuance.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { OtcService } from '../otc/otc.service.js';
import { lockTokenRow, setTradingMode } from './trading-mode.queries.js';

export type SwitchableMode = Exclude<TradingMode, 'primary_subscription'>;

export interface TradingModeDeps {
  db: Db;
  clock: Clock;
  otc: Pick<OtcService, 'cancelAllOfToken'>;
  /** cancels every live order of the token's book with the reason TRADING_MODE_CHANGED */
  closeBook: (tokenId: string) => Promise<unknown>;
}

export function tradingModeService(deps: TradingModeDeps) {
  const { db, clock } = deps;
  return {
    async change(
      tokenId: string,
      mode: SwitchableMode,
      reason: string,
      actor: { userId: string; ip: string },
    ) {
      const answer = await transaction(db, async (trx) => {
        const token = await lockTokenRow(trx, tokenId);
        if (!token) throw new AppError('NOT_FOUND', 'Unknown token');
        if (token.status !== 'secondary' && token.status !== 'paused') {
          throw new AppError(
            'TOKEN_STATE_CONFLICT',
            `The token is ${token.status}: its trading mode is set at go-live`,
          );
        }
        if (token.trading_mode === mode) {
          throw new AppError('TRADING_MODE_UNCHANGED', `The token already trades in ${mode}`);
        }
        const otcCancelled =
          token.trading_mode === 'fixed_price_otc'
            ? await deps.otc.cancelAllOfToken(trx, tokenId, 'TRADING_MODE_CHANGED')
            : 0;
        await setTradingMode(trx, tokenId, mode, clock.now());
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'token.trading_mode_changed',
          targetType: 'token',
          targetId: tokenId,
          ip: actor.ip,
          details: {
            from: token.trading_mode,
            to: mode,
            reason,
            otc_requests_cancelled: otcCancelled,
          },
        });
        return { token_id: tokenId, trading_mode: mode, otc_requests_cancelled: otcCancelled };
      });
      if (mode === 'fixed_price_otc') await deps.closeBook(tokenId);
      return answer;
    },
  };
}

export type TradingModeService = ReturnType<typeof tradingModeService>;
