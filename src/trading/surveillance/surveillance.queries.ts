/** The SQL of surveillance: alerts (written by the runner, read and closed by staff) and thresholds. */
import type { Db } from '../../lib/db/database.js';
import type {
  AlertStatus,
  SurveillanceAlert,
  SurveillanceRule,
} from '../../lib/db/schema-market-data.js';
import { newId } from '../../lib/ids.js';
import { evidenceOf, type Finding } from './finding.js';
import type { Thresholds } from './thresholds.js';

export async function insertAlerts(
  db: Db,
  tokenId: string,
  findings: readonly Finding[],
  detectedAt: Date,
): Promise<void> {
  await db
    .insertInto('surveillance_alerts')
    .values(
      findings.map((finding) => ({
        id: newId(),
        token_id: tokenId,
        rule: finding.rule,
        user_id: finding.userId,
        summary: finding.summary,
        evidence: JSON.stringify(evidenceOf(finding)),
        detected_at: detectedAt,
        closed_at: null,
        closed_by: null,
        note: null,
      })),
    )
    .execute();
}

export interface AlertFilter {
  status?: AlertStatus;
  token_id?: string;
  rule?: SurveillanceRule;
}

/** Newest first, one more than `limit` (the page helper cuts it). */
export function listAlerts(
  db: Db,
  filter: AlertFilter,
  limit: number,
  cursor?: string,
): Promise<SurveillanceAlert[]> {
  return db
    .selectFrom('surveillance_alerts')
    .selectAll()
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!))
    .$if(filter.token_id !== undefined, (q) => q.where('token_id', '=', filter.token_id!))
    .$if(filter.rule !== undefined, (q) => q.where('rule', '=', filter.rule!))
    .$if(cursor !== undefined, (q) => q.where('id', '<', cursor!))
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
}

export function findAlert(db: Db, id: string): Promise<SurveillanceAlert | undefined> {
  return db.selectFrom('surveillance_alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Closes an open alert; undefined when it is not open (closed or unknown). */
export function closeAlert(
  db: Db,
  id: string,
  closedBy: string,
  note: string,
  at: Date,
): Promise<SurveillanceAlert | undefined> {
  return db
    .updateTable('surveillance_alerts')
    .set({ status: 'closed', closed_at: at, closed_by: closedBy, note })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

export function tokenThresholds(db: Db, tokenId: string): Promise<Thresholds | undefined> {
  return db
    .selectFrom('surveillance_thresholds')
    .select([
      'spoofing_size_multiple',
      'spoofing_max_lifetime_seconds',
      'layering_min_levels',
      'layering_window_seconds',
      'wash_window_seconds',
      'wash_min_round_trips',
      'wash_price_tolerance_bps',
    ])
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
}

export async function saveThresholds(
  db: Db,
  tokenId: string,
  thresholds: Thresholds,
  by: string,
  at: Date,
): Promise<void> {
  const row = { ...thresholds, updated_by: by, updated_at: at };
  await db
    .insertInto('surveillance_thresholds')
    .values({ token_id: tokenId, ...row })
    .onConflict((oc) => oc.column('token_id').doUpdateSet(row))
    .execute();
}
