/**
 * Staff's hand on a token's trading: its settings (fee, fat-finger, circuit breaker, NAV
 * deviation), a halt by hand and lifting a halt, and NAVs (recorded by the token's issuer or staff). The writer
 * reads the token row at every batch, so a change applies from the next batch on.
 */
import { recordAudit } from '../../lib/db/audit.queries.js';
import { transaction, type Db } from '../../lib/db/database.js';
import type { Role } from '../../lib/db/schema.js';
import type { Token } from '../../lib/db/schema-issuance.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { Exact } from '../../lib/money.js';
import type { Clock } from '../../lib/clock.js';
import {
  endHalt,
  findToken,
  findTokenIssuer,
  haltUntil,
  insertNav,
  liftHalt,
  updateTradingSettings,
} from './token-trading.queries.js';
import type { HaltBody, LiftHaltBody, TradingSettingsBody } from './token-trading.schemas.js';

function settingsView(token: Token) {
  return {
    token_id: token.id,
    fee_bps: token.fee_bps,
    fat_finger_mode: token.fat_finger_mode,
    fat_finger_factor: new Exact(token.fat_finger_factor).toFixed(2),
    circuit_breaker_pct: new Exact(token.circuit_breaker_pct).toFixed(2),
    circuit_breaker_window_seconds: token.circuit_breaker_window_seconds,
    halt_seconds: token.halt_seconds,
    nav_deviation_pct: new Exact(token.nav_deviation_pct).toFixed(2),
    halted_until: token.halted_until?.toISOString() ?? null,
    last_price: token.last_price,
  };
}

export function tokenTradingService(db: Db, clock: Clock) {
  async function token(tokenId: string): Promise<Token> {
    const row = await findToken(db, tokenId);
    if (!row) throw new AppError('NOT_FOUND', 'Unknown token');
    return row;
  }

  return {
    async settings(tokenId: string) {
      return settingsView(await token(tokenId));
    },

    async changeSettings(tokenId: string, changes: TradingSettingsBody) {
      if (changes.fat_finger_factor !== undefined && new Exact(changes.fat_finger_factor).lte(1)) {
        throw new AppError('VALIDATION_FAILED', 'fat_finger_factor must be above 1');
      }
      for (const pct of [changes.circuit_breaker_pct, changes.nav_deviation_pct]) {
        if (pct !== undefined && new Exact(pct).isZero()) {
          throw new AppError('VALIDATION_FAILED', 'Percentages must be above 0');
        }
      }
      const row = await updateTradingSettings(db, tokenId, changes, clock.now());
      if (!row) throw new AppError('NOT_FOUND', 'Unknown token');
      return settingsView(row);
    },

    /** A halt by hand: no order is accepted on the book until it ends or is lifted. */
    async halt(tokenId: string, actor: { userId: string; ip: string }, body: HaltBody) {
      return transaction(db, async (trx) => {
        const now = clock.now();
        const until = new Date(now.getTime() + body.minutes * 60_000);
        const row = await haltUntil(trx, tokenId, until, now);
        if (!row) throw new AppError('NOT_FOUND', 'Unknown token');
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'token.trading_halted',
          targetType: 'token',
          targetId: tokenId,
          ip: actor.ip,
          details: { until: until.toISOString(), minutes: body.minutes, reason: body.reason },
        });
        return settingsView(row);
      });
    },

    /**
     * Lifts a halt. As regulated venues reopen a halted instrument, the book reopens through a
     * call by default: the halt ends now, so a `continuous_with_auctions` book enters its
     * reopening call (docs/auctions.md); `continuous` clears the halt and the book matches at
     * once. Other models resume as scheduled either way. Audited with the choice.
     */
    async liftHalt(tokenId: string, actor: { userId: string; ip: string }, body: LiftHaltBody) {
      await token(tokenId);
      const reopen = body.reopen ?? 'auction';
      return transaction(db, async (trx) => {
        const now = clock.now();
        const row =
          reopen === 'auction'
            ? await endHalt(trx, tokenId, now)
            : await liftHalt(trx, tokenId, now);
        if (!row) throw new AppError('TRADING_NOT_HALTED');
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'token.halt_lifted',
          targetType: 'token',
          targetId: tokenId,
          ip: actor.ip,
          details: { reopen, reason: body.reason ?? null },
        });
        return settingsView(row);
      });
    },

    /** The token's issuer (its business's owner) or staff record a NAV; others get 404. */
    async recordNav(tokenId: string, actor: { userId: string; role: Role }, nav: string) {
      const row = await findTokenIssuer(db, tokenId);
      const staff = actor.role === 'staff' || actor.role === 'admin';
      if (!row || (!staff && row.owner_id !== actor.userId)) {
        throw new AppError('NOT_FOUND', 'Unknown token');
      }
      const created = await insertNav(db, {
        id: newId(),
        token_id: tokenId,
        nav,
        recorded_by: actor.userId,
        created_at: clock.now(),
      });
      return {
        id: created.id,
        token_id: created.token_id,
        nav: new Exact(created.nav).toFixed(2),
        recorded_by: created.recorded_by,
        created_at: created.created_at.toISOString(),
      };
    },
  };
}

export type TokenTradingService = ReturnType<typeof tokenTradingService>;
