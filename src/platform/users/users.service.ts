import { randomBytes } from 'node:crypto';
import { transaction, type Db } from '../../lib/db/database.js';
import type { User } from '../../lib/db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { emailTaken, hashNewPassword } from '../auth/auth.service.js';
import type { CreateStaffBody } from './users.schemas.js';
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

export function usersService(db: Db) {
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

    /** Admin-only: staff and admin accounts exist only through this (and the first-admin set-up). */
    async createStaffUser(adminId: string, body: CreateStaffBody, ip: string): Promise<User> {
      const email = body.email.toLowerCase();
      const passwordHash = await hashNewPassword(body.password, email);
      return transaction(db, async (trx) => {
        const user = await insertUser(trx, {
          id: newId(),
          email,
          password_hash: passwordHash,
          role: body.role,
          account_type: null,
          full_name: body.full_name ?? null,
        }).catch(emailTaken);
        await recordAudit(trx, {
          actorId: adminId,
          action: 'user.created',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { role: user.role, email },
        });
        return user;
      });
    },
  };
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
