/** Staff's side of surveillance: the alerts (list, read, close with a note) and each token's thresholds. */
import type { Db } from '../../lib/db/database.js';
import type { SurveillanceAlert } from '../../lib/db/schema-market-data.js';
import { AppError } from '../../lib/errors.js';
import { toPage } from '../../lib/http/pagination.js';
import type { Clock } from '../../lib/clock.js';
import { assertKnownToken } from '../market-data/markets.queries.js';
import type { Surveillance } from './surveillance.js';
import {
  closeAlert,
  findAlert,
  listAlerts,
  saveThresholds,
  tokenThresholds,
  type AlertFilter,
} from './surveillance.queries.js';
import type { Thresholds } from './thresholds.js';

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function alertView(alert: SurveillanceAlert) {
  return {
    id: alert.id,
    token_id: alert.token_id,
    rule: alert.rule,
    status: alert.status,
    user_id: alert.user_id,
    summary: alert.summary,
    detected_at: alert.detected_at.toISOString(),
    evidence: alert.evidence,
    closed_at: iso(alert.closed_at),
    closed_by: alert.closed_by,
    note: alert.note,
  };
}

export function surveillanceService(deps: {
  db: Db;
  clock: Clock;
  surveillance: Surveillance;
  defaults: Thresholds;
}) {
  const { db, clock } = deps;

  const knownToken = (tokenId: string) => assertKnownToken(db, tokenId);

  async function thresholds(tokenId: string) {
    await knownToken(tokenId);
    const own = await tokenThresholds(db, tokenId);
    return { token_id: tokenId, is_default: own === undefined, ...(own ?? deps.defaults) };
  }

  return {
    async list(filter: AlertFilter, limit: number, cursor?: string) {
      return toPage(await listAlerts(db, filter, limit, cursor), limit, alertView);
    },

    async get(id: string) {
      const alert = await findAlert(db, id);
      if (!alert) throw new AppError('NOT_FOUND', 'No such alert');
      return alertView(alert);
    },

    async close(id: string, staffId: string, note: string) {
      const closed = await closeAlert(db, id, staffId, note, clock.now());
      if (closed) return alertView(closed);
      if (await findAlert(db, id)) throw new AppError('ALERT_ALREADY_CLOSED');
      throw new AppError('NOT_FOUND', 'No such alert');
    },

    thresholds,

    async setThresholds(tokenId: string, values: Thresholds, adminId: string) {
      await knownToken(tokenId);
      await saveThresholds(db, tokenId, values, adminId, clock.now());
      deps.surveillance.thresholdsChanged(tokenId);
      return thresholds(tokenId);
    },
  };
}

export type SurveillanceService = ReturnType<typeof surveillanceService>;
