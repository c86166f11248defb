/**
 * FIX sessions (docs/fix.md), set up by staff for a user: the CompIDs, the user's API key the
 * Logon signs with, the addresses it may connect from, order entry or drop copy, and whose orders
 * it reports (the user's, or for a staff drop copy the venue's). Creation and
 * disabling are audited; the gateway reads the sessions at each Logon.
 */
import { invalidEntries } from '../../lib/auth/ip-allow-list.js';
import { transaction, type Db } from '../../lib/db/database.js';
import { isUniqueViolation } from '../../lib/db/unique-violation.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import {
  disableFixSession,
  fixSessionOf,
  fixSessions,
  insertFixSession,
  keyInForce,
  userRole,
  type FixSessionRow,
} from './fix-sessions.queries.js';
import type { CreateFixSessionBody, FixSessionView } from './fix-sessions.schemas.js';

const toView = (row: FixSessionRow): FixSessionView => ({
  ...row,
  created_at: row.created_at.toISOString(),
  disabled_at: row.disabled_at?.toISOString() ?? null,
});

export function fixSessionsService(db: Db) {
  return {
    async create(staffId: string, body: CreateFixSessionBody, ip: string) {
      const allowedIps = [...new Set(body.allowed_ips ?? [])];
      const invalid = invalidEntries(allowedIps);
      if (invalid.length > 0) {
        throw new AppError(
          'INVALID_IP_ALLOW_LIST',
          `Not an address or CIDR range: ${invalid.join(', ')}`,
        );
      }
      try {
        const row = await transaction(db, async (trx) => {
          const user = await userRole(trx, body.user_id);
          if (!user) throw new AppError('NOT_FOUND', 'No such user');
          const scope = body.scope ?? 'own';
          // the venue's every order is staff's to watch, and only to watch
          if (scope === 'venue' && body.kind !== 'drop_copy') {
            throw new AppError(
              'FIX_VENUE_SCOPE_NOT_ALLOWED',
              'A venue-wide session is a drop copy: it enters no orders',
            );
          }
          if (scope === 'venue' && user.role !== 'staff' && user.role !== 'admin') {
            throw new AppError(
              'FIX_VENUE_SCOPE_NOT_ALLOWED',
              'Only a staff or admin user may be given a venue-wide drop copy',
            );
          }
          const key = await keyInForce(trx, body.user_id, body.api_key_id);
          // order entry places orders with the key: it needs `trade`; a drop copy only reads
          const needed = body.kind === 'order_entry' ? 'trade' : 'read';
          if (!key || !key.scopes.includes(needed)) {
            throw new AppError(
              'FIX_API_KEY_NOT_USABLE',
              `The key must be the user's, in force, with the ${needed} scope`,
            );
          }
          const id = newId();
          const created = await insertFixSession(trx, {
            id,
            user_id: body.user_id,
            api_key_id: body.api_key_id,
            sender_comp_id: body.sender_comp_id,
            target_comp_id: body.target_comp_id,
            kind: body.kind,
            scope,
            allowed_ips: allowedIps,
            created_by: staffId,
          });
          await recordAudit(trx, {
            actorId: staffId,
            action: 'fix_session.created',
            targetType: 'fix_session',
            targetId: id,
            details: {
              user_id: body.user_id,
              api_key_id: body.api_key_id,
              sender_comp_id: body.sender_comp_id,
              target_comp_id: body.target_comp_id,
              kind: body.kind,
              scope,
              allowed_ips: allowedIps,
            },
            ip,
          });
          return created;
        });
        return toView(row);
      } catch (error) {
        if (isUniqueViolation(error, 'fix_sessions_comp_ids')) {
          throw new AppError('FIX_COMP_IDS_TAKEN');
        }
        throw error;
      }
    },

    async list(userId?: string): Promise<FixSessionView[]> {
      return (await fixSessions(db, userId)).map(toView);
    },

    /** Disables the session (the gateway refuses its next Logon and ends it if connected). */
    async disable(staffId: string, id: string, ip: string): Promise<FixSessionView> {
      const row = await transaction(db, async (trx) => {
        const done = await disableFixSession(trx, id);
        if (!done) {
          const before = await fixSessionOf(trx, id);
          if (!before) throw new AppError('NOT_FOUND', 'No such FIX session');
          return before;
        }
        await recordAudit(trx, {
          actorId: staffId,
          action: 'fix_session.disabled',
          targetType: 'fix_session',
          targetId: id,
          ip,
        });
        return done;
      });
      return toView(row);
    },
  };
}

export type FixSessionsService = ReturnType<typeof fixSessionsService>;
