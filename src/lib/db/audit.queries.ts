/** The audit log every process writes its staff actions to (table audit_logs). */
import { newId } from '../ids.js';
import type { Db, Trx } from './database.js';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  ip?: string;
}

/** Appends an audit row; pass the use case's transaction so the row commits with the change. */
export async function recordAudit(trx: Db | Trx, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_logs')
    .values({
      id: newId(),
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
    })
    .execute();
}
