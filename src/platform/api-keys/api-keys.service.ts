/**
 * A user's API keys (docs/api.md, "API keys"): created with scopes, an allow-list and an expiry,
 * the secret returned once and kept sealed with the platform's field key (the server recomputes
 * each request's HMAC with it: docs/security.md says why it is not a hash), listed and revoked.
 * Creation and revocation are audited; the ring of this process reloads at once, every other
 * process within its poll.
 */
import { randomBytes } from 'node:crypto';
import { secretContext, type ApiKeyRing } from '../../lib/auth/api-keys.js';
import { invalidEntries } from '../../lib/auth/ip-allow-list.js';
import type { Clock } from '../../lib/clock.js';
import type { Role } from '../../lib/db/schema.js';
import type { FieldEncryption } from '../../lib/crypto/field-encryption.js';
import { transaction, type Db } from '../../lib/db/database.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { countKeysInForce, insertKey, keyOf, keysOf, revokeKey } from './api-keys.queries.js';
import { apiKeyCreated, apiKeyRevoked } from '../notifications/notices.js';
import { notify } from '../notifications/notify.js';
import { maxKeysPerUser, type ApiKeyView, type CreateApiKeyBody } from './api-keys.schemas.js';

export interface ApiKeysDeps {
  db: Db;
  clock: Clock;
  encryption: FieldEncryption;
  ring: ApiKeyRing;
}

type KeyRow = Awaited<ReturnType<typeof keysOf>>[number];

export function toApiKeyView(row: KeyRow): ApiKeyView {
  return {
    id: row.id,
    label: row.label,
    access_key: row.access_key,
    scopes: row.scopes,
    allowed_ips: row.allowed_ips,
    expires_at: row.expires_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

export function apiKeysService({ db, clock, encryption, ring }: ApiKeysDeps) {
  return {
    async create(owner: { userId: string; role: Role }, body: CreateApiKeyBody, ip: string) {
      const userId = owner.userId;
      // staff keys only read: what they are for is a venue-wide FIX drop copy (docs/fix.md)
      if ((owner.role === 'staff' || owner.role === 'admin') && body.scopes.includes('trade')) {
        throw new AppError('FORBIDDEN_ROLE', 'A staff or admin key has the read scope only');
      }
      const allowedIps = [...new Set(body.allowed_ips ?? [])];
      const invalid = invalidEntries(allowedIps);
      if (invalid.length > 0) {
        throw new AppError(
          'INVALID_IP_ALLOW_LIST',
          `Not an address or CIDR range: ${invalid.join(', ')}`,
        );
      }
      const now = clock.now();
      const expiresAt = body.expires_at === undefined ? null : new Date(body.expires_at);
      if (expiresAt !== null && expiresAt <= now) throw new AppError('INVALID_API_KEY_EXPIRY');
      const id = newId();
      const secret = randomBytes(32).toString('hex');
      const sealed = encryption.seal(secret, secretContext(id));
      const row = await transaction(db, async (trx) => {
        // one creation at a time per user, so the count holds
        await lockUser(trx, userId);
        if ((await countKeysInForce(trx, userId, now)) >= maxKeysPerUser) {
          throw new AppError(
            'API_KEY_LIMIT',
            `At most ${maxKeysPerUser} keys in force; revoke one`,
          );
        }
        const created = await insertKey(trx, {
          id,
          user_id: userId,
          label: body.label,
          access_key: `tk${randomBytes(16).toString('hex')}`,
          secret_ciphertext: sealed.ciphertext,
          secret_key_id: sealed.keyId,
          scopes: body.scopes,
          allowed_ips: allowedIps,
          expires_at: expiresAt,
        });
        await recordAudit(trx, {
          actorId: userId,
          action: 'api_key.created',
          targetType: 'api_key',
          targetId: id,
          details: {
            scopes: body.scopes,
            allowed_ips: allowedIps,
            expires_at: body.expires_at ?? null,
          },
          ip,
        });
        await notify(trx, apiKeyCreated(userId, body.label));
        return created;
      });
      await ring.refresh();
      return { ...toApiKeyView(row), secret };
    },

    async list(userId: string): Promise<ApiKeyView[]> {
      return (await keysOf(db, userId)).map(toApiKeyView);
    },

    /** Revokes the key (a revoked key is answered as it is); NOT_FOUND when not the user's. */
    async revoke(userId: string, keyId: string, ip: string): Promise<ApiKeyView> {
      const { row, revoked } = await transaction(db, async (trx) => {
        const done = await revokeKey(trx, userId, keyId);
        if (!done) {
          const before = await keyOf(trx, userId, keyId);
          if (!before) throw new AppError('NOT_FOUND', 'No such API key');
          return { row: before, revoked: false };
        }
        await recordAudit(trx, {
          actorId: userId,
          action: 'api_key.revoked',
          targetType: 'api_key',
          targetId: keyId,
          ip,
        });
        await notify(trx, apiKeyRevoked(userId, done.label));
        return { row: done, revoked: true };
      });
      if (revoked) await ring.refresh();
      return toApiKeyView(row);
    },
  };
}

export type ApiKeysService = ReturnType<typeof apiKeysService>;
