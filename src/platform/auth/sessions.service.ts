/**
 * A user's sessions (one per sign-in): listed with their device, and ended one by one, all but
 * the current one, or (by staff, audited) all of them. Ending one revokes its refresh tokens,
 * which also ends its access tokens at once (the guard checks the session on every request).
 */
import { transaction, type Db } from '../../lib/db/database.js';
import type { SessionRow } from '../../lib/db/schema-factors.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.queries.js';
import { findUserById } from '../users/users.queries.js';
import { sessionsEndedByStaff } from '../notifications/notices.js';
import { notify } from '../notifications/notify.js';
import { deviceOf } from './device.js';
import {
  findSession,
  openSessions,
  revokeAllSessions,
  revokeFamily,
  revokeOtherSessions,
} from './sessions.queries.js';

function view(session: SessionRow, currentId?: string) {
  return {
    id: session.id,
    device: deviceOf(session.user_agent),
    user_agent: session.user_agent,
    ip: session.ip,
    amr: session.amr,
    created_at: session.created_at.toISOString(),
    last_seen_at: session.last_seen_at.toISOString(),
    current: session.id === currentId,
  };
}

export function sessionsService(db: Db) {
  return {
    async list(userId: string, currentId?: string) {
      return (await openSessions(db, userId)).map((session) => view(session, currentId));
    },

    async end(userId: string, sessionId: string, ip: string): Promise<void> {
      const session = await findSession(db, sessionId);
      if (!session || session.user_id !== userId || session.ended_at) {
        throw new AppError('SESSION_NOT_FOUND');
      }
      await transaction(db, async (trx) => {
        await revokeFamily(trx, sessionId);
        await recordAudit(trx, {
          actorId: userId,
          action: 'auth.session_ended',
          targetType: 'session',
          targetId: sessionId,
          ip,
        });
      });
    },

    async endOthers(userId: string, currentId: string, ip: string): Promise<number> {
      return transaction(db, async (trx) => {
        const ended = await revokeOtherSessions(trx, userId, currentId);
        await recordAudit(trx, {
          actorId: userId,
          action: 'auth.other_sessions_ended',
          targetType: 'user',
          targetId: userId,
          ip,
          details: { sessions_ended: ended },
        });
        return ended;
      });
    },

    /** Staff end every session of a user (a stolen account, a departure); audited. */
    async endAllByStaff(staffId: string, userId: string, reason: string, ip: string) {
      return transaction(db, async (trx) => {
        if (!(await findUserById(trx, userId))) throw new AppError('NOT_FOUND', 'No such user');
        const ended = await revokeAllSessions(trx, userId);
        await recordAudit(trx, {
          actorId: staffId,
          action: 'auth.sessions_ended_by_staff',
          targetType: 'user',
          targetId: userId,
          ip,
          details: { sessions_ended: ended, reason },
        });
        // the person hears what was done; the reason stays in the audit log
        await notify(trx, sessionsEndedByStaff(userId));
        return ended;
      });
    },
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
