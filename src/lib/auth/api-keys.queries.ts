import { sql } from 'kysely';
import { recordAudit } from '../db/audit.queries.js';
import { transaction, type Db } from '../db/database.js';

/**
 * Every key not revoked of an investor or issuer, with the owner's current role: a role change
 * reaches the ring too, and a key never acts for staff on the API, even of an account that became
 * staff. With `staffReadKeys` (the FIX gateway's ring only) also the read-only keys of staff and
 * admins: a venue-wide drop copy logs on with one (docs/fix.md, "Drop copy").
 */
export async function keysInForce(db: Db, staffReadKeys = false) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.access_key',
      'api_keys.user_id',
      'users.role',
      'api_keys.secret_ciphertext',
      'api_keys.secret_key_id',
      'api_keys.scopes',
      'api_keys.allowed_ips',
      'api_keys.expires_at',
    ])
    .where('api_keys.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('users.role', 'in', ['investor', 'issuer']),
        ...(staffReadKeys
          ? [
              eb.and([
                eb('users.role', 'in', ['staff', 'admin']),
                sql<boolean>`not ('trade' = any(api_keys.scopes))`,
              ]),
            ]
          : []),
      ]),
    )
    .execute();
}

/** A key's use: its last-used time and an audit entry, in one transaction. */
export async function recordKeyUse(
  db: Db,
  use: { keyId: string; userId: string; at: Date; ip: string; route: string },
): Promise<void> {
  await transaction(db, async (trx) => {
    await trx
      .updateTable('api_keys')
      .set({ last_used_at: sql<Date>`greatest(coalesce(last_used_at, ${use.at}), ${use.at})` })
      .where('id', '=', use.keyId)
      .execute();
    await recordAudit(trx, {
      actorId: use.userId,
      action: 'api_key.used',
      targetType: 'api_key',
      targetId: use.keyId,
      details: { route: use.route },
      ip: use.ip,
    });
  });
}
