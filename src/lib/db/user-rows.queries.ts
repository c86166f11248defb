import type { VerificationState } from '../auth/gates.rules.js';
import type { Db, Trx } from './database.js';
import type { User } from './schema.js';

/** Locks the user's row: serialises one user's use cases (a user is locked before its other rows). */
export async function lockUser(trx: Trx, userId: string): Promise<void> {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The user's row, locked (lockUser for a caller that reads the row too). */
export function userForUpdate(trx: Trx, userId: string): Promise<User> {
  return trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Locks users' rows in id order (concurrent batches then never wait on each other in a cycle). */
export async function lockUsers(trx: Trx, userIds: string[]): Promise<void> {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The verification state of each of these users (the gates' input), by user id. */
export async function verificationStates(
  db: Db | Trx,
  userIds: string[],
): Promise<Map<string, VerificationState>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'role', 'account_type', 'kyc_status', 'kyc_level'])
    .select((eb) => eb('email_verified_at', 'is not', null).as('email_verified'))
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('businesses')
            .select('id')
            .whereRef('businesses.owner_id', '=', 'users.id')
            .where('kyb_status', '=', 'approved'),
        )
        .as('kyb_approved'),
    )
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('kyc_applications')
            .select('id')
            .whereRef('kyc_applications.user_id', '=', 'users.id')
            .where('revoked_at', 'is not', null),
        )
        .as('kyc_revoked'),
    )
    .where('id', 'in', userIds)
    .execute();
  return new Map(
    rows.map(({ id, ...state }) => [
      id,
      {
        ...state,
        kyb_approved: state.kyb_approved === true,
        kyc_revoked: state.kyc_revoked === true,
        email_verified: state.email_verified === true,
      },
    ]),
  );
}

/** One user's verification state; the user must exist. */
export async function verificationState(db: Db | Trx, userId: string): Promise<VerificationState> {
  const state = (await verificationStates(db, [userId])).get(userId);
  if (!state) throw new Error(`no user ${userId}`);
  return state;
}
