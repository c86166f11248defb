/**
 * Keeps each deployed contract's paused flag in step with its token's status (only secondary
 * trading runs unpaused), and matures tokens whose maturity_date has passed. The token row is
 * the job: changeStatus marks it pending with a new version; this worker claims it with a lease,
 * calls pause or unpause (idempotency key = token and version) and marks it synced only if the
 * version is still the one it acted on.
 */
import { sql } from 'kysely';
import type { ChainClient } from '../../lib/chain-client.js';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { recordAudit } from '../audit/audit.queries.js';
import { contractPausedIn } from './tokens.rules.js';

export function tokenChainSync(deps: {
  db: Db;
  chain: ChainClient;
  logger: Logger;
  leaseSeconds: number;
}) {
  const { db, chain } = deps;

  async function matureDueTokens(): Promise<number> {
    const matured = await db
      .updateTable('tokens')
      .set((eb) => ({
        status: 'matured',
        chain_sync: 'pending',
        chain_sync_version: eb('chain_sync_version', '+', 1),
        updated_at: new Date(),
      }))
      .where('maturity_date', '<=', sql<Date>`now()`)
      .where('status', 'in', ['primary', 'secondary', 'paused'])
      .returning('id')
      .execute();
    for (const { id } of matured) {
      await recordAudit(db, {
        actorId: null,
        action: 'token.matured',
        targetType: 'token',
        targetId: id,
      });
    }
    return matured.length;
  }

  async function claim() {
    // A token never deployed has no contract to follow its status.
    await db
      .updateTable('tokens')
      .set({ chain_sync: 'synced' })
      .where('chain_sync', '=', 'pending')
      .where('contract_address', 'is', null)
      .execute();
    return db
      .updateTable('tokens')
      .set({ chain_sync_claimed_at: sql<Date>`now()` })
      .where(
        'id',
        'in',
        db
          .selectFrom('tokens')
          .select('id')
          .where('chain_sync', '=', 'pending')
          .where((eb) =>
            eb.or([
              eb('chain_sync_claimed_at', 'is', null),
              eb(
                'chain_sync_claimed_at',
                '<',
                sql<Date>`now() - make_interval(secs => ${deps.leaseSeconds})`,
              ),
            ]),
          )
          .limit(10)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'status', 'contract_address', 'chain_sync_version', 'business_id'])
      .execute();
  }

  return {
    async tick(): Promise<number> {
      const matured = await matureDueTokens();
      const claimed = await claim();
      for (const token of claimed) {
        const key = `token-sync:${token.id}:${token.chain_sync_version}`;
        try {
          if (contractPausedIn(token.status))
            await chain.pause(token.contract_address!, key, token.business_id);
          else await chain.unpause(token.contract_address!, key, token.business_id);
          await db
            .updateTable('tokens')
            .set({ chain_sync: 'synced', chain_sync_error: null, chain_sync_claimed_at: null })
            .where('id', '=', token.id)
            .where('chain_sync_version', '=', token.chain_sync_version)
            .execute();
        } catch (error) {
          // Stays pending: claimed again once the lease runs out.
          const message =
            error instanceof AppError
              ? `${error.code}: ${error.detail ?? error.title}`
              : String(error);
          deps.logger.warn({ token_id: token.id, err: error }, 'contract pause state not synced');
          await db
            .updateTable('tokens')
            .set({ chain_sync_error: message })
            .where('id', '=', token.id)
            .where('chain_sync_version', '=', token.chain_sync_version)
            .execute();
        }
      }
      return matured + claimed.length;
    },
  };
}
