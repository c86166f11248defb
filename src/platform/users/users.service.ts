import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db/unique-violation.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { RoleGrant, User } from '../../lib/db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { emailTaken, hashNewPassword } from '../auth/auth.service.js';
import type { CreateStaffBody } from './users.schemas.js';
import { notifyReviewers } from '../verification/notifications.queries.js';
import {
  decideRoleGrant as decideRoleGrantRow,
  emailInUse,
  insertRoleGrant,
  listRoleGrants,
  lockAdmins,
  roleGrantForUpdate,
} from './role-grants.queries.js';
import { userRefs } from './user-refs.js';
import {
  lockFirstAdminCreation,
  anyAdminExists,
  findUserById,
  insertUser,
  latestKybStatus,
  latestKycDocument,
  listUsers,
} from './users.queries.js';

export function usersService(db: Db, clock: Clock) {
  return {
    async me(userId: string): Promise<User> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('INVALID_TOKEN', 'The account no longer exists');
      return user;
    },

    /** What /me shows besides the user row: the KYB status and the KYC document. */
    async relations(userId: string) {
      const [kybStatus, kycDocument] = await Promise.all([
        latestKybStatus(db, userId),
        latestKycDocument(db, userId),
      ]);
      return { kybStatus, kycDocument };
    },

    list: (options: Parameters<typeof listUsers>[1]) => listUsers(db, options),

    /** The people of `ids` (ids of no one are left out), for screens of other processes. */
    refs: async (ids: string[]) => [...(await userRefs(db, ids)).values()],

    /**
     * Admin-only: staff and admin accounts exist only through this (and the first-admin set-up).
     * Four eyes: the account is proposed and exists once another admin approves; the only admin
     * of the platform grants alone, audited and told to every reviewer.
     */
    async grantRole(
      adminId: string,
      body: CreateStaffBody,
      ip: string,
    ): Promise<{ user: User; grant: RoleGrant } | { grant: RoleGrant }> {
      const email = body.email.toLowerCase();
      const passwordHash = await hashNewPassword(body.password, email);
      return transaction(db, async (trx) => {
        const admins = await lockAdmins(trx);
        if (await emailInUse(trx, email)) throw new AppError('EMAIL_TAKEN');
        const alone = admins <= 1;
        const grant = await insertRoleGrant(trx, {
          id: newId(),
          user_id: newId(),
          email,
          full_name: body.full_name ?? null,
          role: body.role,
          password_hash: alone ? null : passwordHash,
          status: alone ? 'granted_alone' : 'proposed',
          proposed_by: adminId,
          ...(alone ? { decided_at: clock.now() } : {}),
        }).catch(openGrantTaken);
        await notifyReviewers(trx, {
          kind: alone ? 'staff.role_granted' : 'staff.role_proposed',
          subjectType: 'role_grant',
          subjectId: grant.id,
          message: alone
            ? `${body.role} account ${email} made by the only admin, without a second approval`
            : `${body.role} account ${email} proposed: another admin must approve it`,
        });
        if (!alone) {
          await recordAudit(trx, {
            actorId: adminId,
            action: 'role_grant.proposed',
            targetType: 'role_grant',
            targetId: grant.id,
            ip,
            details: { role: grant.role, email },
          });
          return { grant };
        }
        const user = await createGranted(trx, grant, passwordHash);
        await recordAudit(trx, {
          actorId: adminId,
          action: 'user.created',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { role: user.role, email, grant: 'alone (the only admin)' },
        });
        return { user, grant };
      });
    },

    /** Another admin than the proposer approves (the account is made) or rejects a grant. */
    async decideRoleGrant(adminId: string, id: string, approve: boolean, ip: string) {
      return transaction(db, async (trx) => {
        const grant = await roleGrantForUpdate(trx, id);
        if (!grant) throw new AppError('NOT_FOUND', 'No such staff account proposal');
        if (grant.status !== 'proposed') {
          throw new AppError('ROLE_GRANT_NOT_PROPOSED', `The proposal is ${grant.status}`);
        }
        if (grant.proposed_by === adminId) {
          throw new AppError(
            'FOUR_EYES_REQUIRED',
            'You proposed this account: another admin must approve or reject it',
          );
        }
        if (approve) {
          if (await emailInUse(trx, grant.email)) throw new AppError('EMAIL_TAKEN');
          await createGranted(trx, grant, grant.password_hash!);
        }
        const decided = await decideRoleGrantRow(trx, id, {
          status: approve ? 'approved' : 'rejected',
          decided_by: adminId,
          decided_at: clock.now(),
        });
        await recordAudit(trx, {
          actorId: adminId,
          action: `role_grant.${approve ? 'approved' : 'rejected'}`,
          targetType: 'role_grant',
          targetId: id,
          ip,
          details: { role: grant.role, email: grant.email, proposed_by: grant.proposed_by },
        });
        return decided;
      });
    },

    roleGrants: (options: Parameters<typeof listRoleGrants>[1]) => listRoleGrants(db, options),
  };
}

function createGranted(trx: Trx, grant: RoleGrant, passwordHash: string): Promise<User> {
  return insertUser(trx, {
    id: grant.user_id,
    email: grant.email,
    password_hash: passwordHash,
    role: grant.role,
    account_type: null,
    full_name: grant.full_name,
  }).catch(emailTaken);
}

function openGrantTaken(error: unknown): never {
  if (isUniqueViolation(error, 'role_grants_one_open_per_email')) {
    throw new AppError('EMAIL_TAKEN', 'An account for this email is already proposed');
  }
  throw error;
}

export interface FirstAdmin {
  email: string;
  /** present only when this call generated it; shown to the operator once */
  generatedPassword?: string;
}

/**
 * Creates the first admin when there is none, from the given credentials or generated ones.
 * Returns undefined when an admin already exists. Concurrent starts are serialised by an advisory lock.
 */
export async function ensureFirstAdmin(
  db: Db,
  given: { email?: string; password?: string },
): Promise<FirstAdmin | undefined> {
  const email = (given.email ?? 'admin@tessera.local').toLowerCase();
  const generatedPassword = given.password ? undefined : randomBytes(18).toString('base64url');
  const password = given.password ?? generatedPassword!;
  const passwordHash = await hashNewPassword(password, email);
  return transaction(db, async (trx) => {
    await lockFirstAdminCreation(trx);
    if (await anyAdminExists(trx)) return undefined;
    const admin = await insertUser(trx, {
      id: newId(),
      email,
      password_hash: passwordHash,
      role: 'admin',
      account_type: null,
      full_name: 'First admin',
      // a printed password was seen on a terminal and maybe in a log: it must be replaced first
      password_change_required: generatedPassword !== undefined,
    }).catch(emailTaken);
    await recordAudit(trx, {
      actorId: null,
      action: 'user.created',
      targetType: 'user',
      targetId: admin.id,
      details: { role: 'admin', email, source: 'first-admin set-up' },
    });
    return generatedPassword ? { email, generatedPassword } : { email };
  });
}
