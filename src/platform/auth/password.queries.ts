import { sql } from 'kysely';
import type { Trx } from '../../lib/db/database.js';

/** A new password hash for the user, which lifts any required change. */
export async function setPassword(trx: Trx, userId: string, passwordHash: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      password_change_required: false,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();
}
