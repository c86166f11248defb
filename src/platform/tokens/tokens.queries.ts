import { newId } from '../../lib/ids.js';
import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { AccessClaims } from '../../lib/auth/access-token.js';
import type { Token, TokensTable, TokenStatus } from '../../lib/db/schema-issuance.js';
import type { Business } from '../../lib/db/schema-verification.js';
import type { Database } from '../../lib/db/schema.js';
import { seesEveryDraft } from './tokens.rules.js';
import { recordTokenMovements } from '../../lib/ledger/token-movements.js';

export type Viewer = Pick<AccessClaims, 'userId' | 'role'>;

/** A draft is its issuer's until deployed: others see no trace of it (not even a 403). */
function visibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'tokens'>) =>
    eb.or([
      eb('tokens.status', '<>', 'draft'),
      eb(
        'tokens.business_id',
        'in',
        eb.selectFrom('businesses').select('businesses.id').where('owner_id', '=', viewer.userId),
      ),
    ]);
}

/** The token when `viewer` may see it (staff and admins see every draft). */
export function findVisibleToken(db: Db, id: string, viewer: Viewer): Promise<Token | undefined> {
  let query = db.selectFrom('tokens').selectAll().where('id', '=', id);
  if (!seesEveryDraft(viewer.role)) query = query.where(visibleTo(viewer));
  return query.executeTakeFirst();
}

export function tokenForUpdate(trx: Trx, id: string): Promise<Token | undefined> {
  return trx.selectFrom('tokens').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findToken(db: Db | Trx, id: string): Promise<Token | undefined> {
  return db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateToken(
  trx: Trx,
  id: string,
  changes: Updateable<TokensTable>,
): Promise<Token> {
  return trx
    .updateTable('tokens')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Moves the token to `status` and queues the contract's paused flag to follow: a new version, a
 * fresh count of attempts, due now unless a worker holds a claim (it releases the job when it
 * finds the version moved on).
 */
export function changeStatus(
  trx: Trx,
  id: string,
  status: TokenStatus,
  changes: Updateable<TokensTable> = {},
): Promise<Token> {
  return trx
    .updateTable('tokens')
    .set({
      ...changes,
      status,
      chain_sync: 'pending',
      chain_sync_error: null,
      chain_sync_attempts: 0,
      updated_at: sql<Date>`now()`,
    })
    .set((eb) => ({
      chain_sync_version: eb('chain_sync_version', '+', 1),
      chain_sync_due_at: eb
        .case()
        .when('chain_sync_claim_id', 'is', null)
        .then(null)
        .else(eb.ref('chain_sync_due_at'))
        .end(),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listTokens(
  db: Db,
  options: {
    viewer: Viewer;
    limit: number;
    cursor?: string;
    status?: TokenStatus;
    businessId?: string;
  },
) {
  let query = db
    .selectFrom('tokens')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (!seesEveryDraft(options.viewer.role)) query = query.where(visibleTo(options.viewer));
  if (options.cursor) query = query.where('id', '<', options.cursor);
  if (options.status) query = query.where('status', '=', options.status);
  if (options.businessId) query = query.where('business_id', '=', options.businessId);
  return query.execute();
}

/** Adds `quantity` to a user's token wallet, creating it at the first token. */
export async function creditWallet(
  trx: Trx,
  userId: string,
  tokenId: string,
  quantity: number,
  walletId: string,
): Promise<void> {
  await trx
    .insertInto('wallets')
    .values({ id: walletId, user_id: userId, token_id: tokenId, balance: quantity })
    .onConflict((oc) =>
      oc.columns(['user_id', 'token_id']).doUpdateSet({
        balance: sql<number>`wallets.balance + excluded.balance`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

/**
 * A go-live allocation (the treasury's share, the issuer's team or reserve share): confirmed at
 * once, credited to the wallet with its wallet transaction, and left pending for the mint worker.
 */
const movementKinds = {
  go_live: 'go_live',
  team: 'team_allocation',
  reserve: 'reserve_allocation',
} as const;

export async function allocateAtGoLive(
  trx: Trx,
  share: {
    tokenId: string;
    userId: string;
    type: 'go_live' | 'team' | 'reserve';
    quantity: number;
    lockedUntil: Date | null;
    adminId: string;
    at: Date;
  },
): Promise<void> {
  const allocationId = newId();
  await trx
    .insertInto('token_allocations')
    .values({
      id: allocationId,
      token_id: share.tokenId,
      user_id: share.userId,
      quantity: share.quantity,
      amount: '0',
      price_per_token: '0',
      allocation_type: share.type,
      status: 'confirmed',
      confirmed_by: share.adminId,
      confirmed_at: share.at,
      locked_until: share.lockedUntil,
    })
    .execute();
  await creditWallet(trx, share.userId, share.tokenId, share.quantity, newId());
  await recordTokenMovements(trx, [
    {
      tokenId: share.tokenId,
      kind: movementKinds[share.type],
      fromUserId: null,
      toUserId: share.userId,
      quantity: share.quantity,
      sourceType: 'token_allocation',
      sourceId: allocationId,
    },
  ]);
  await trx
    .insertInto('wallet_transactions')
    .values({
      id: newId(),
      user_id: share.userId,
      token_id: share.tokenId,
      type: 'go_live',
      status: 'completed',
      quantity: share.quantity,
      amount: '0',
      reference_type: 'token_allocation',
      reference_id: allocationId,
    })
    .execute();
}

/** The user who owns the business (the token's issuer). */
export async function issuerOf(db: Db | Trx, businessId: string): Promise<string> {
  const row = await db
    .selectFrom('businesses')
    .select('owner_id')
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
  return row.owner_id;
}

/** Subscriptions of the token still awaiting payment. */
export async function pendingPaymentsOf(db: Db | Trx, tokenId: string): Promise<number> {
  const row = await db
    .selectFrom('token_allocations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('token_id', '=', tokenId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Accounts holding some of the token (free or locked). */
export async function holdersOf(db: Db | Trx, tokenId: string): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('token_id', '=', tokenId)
    .where((eb) => eb.or([eb('balance', '>', 0), eb('locked_balance', '>', 0)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The business, share-locked: it stays active while a token is created under it. */
export function businessForShare(trx: Trx, id: string): Promise<Business | undefined> {
  return trx
    .selectFrom('businesses')
    .selectAll()
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
}

/** Inserts a token; a taken symbol surfaces as the unique violation `tokens_symbol_key`. */
export function insertToken(trx: Trx, row: Insertable<TokensTable>): Promise<Token> {
  return trx.insertInto('tokens').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The token with its business's platform allocation share. */
export function tokenWithPlatformShare(db: Db, id: string) {
  return db
    .selectFrom('tokens')
    .innerJoin('businesses', 'businesses.id', 'tokens.business_id')
    .selectAll('tokens')
    .select('businesses.platform_allocation_pct')
    .where('tokens.id', '=', id)
    .executeTakeFirst();
}

/** The token's issuer (its business's owner) and the business's platform allocation share. */
export function tokenIssuer(db: Db | Trx, id: string) {
  return db
    .selectFrom('tokens')
    .innerJoin('businesses', 'businesses.id', 'tokens.business_id')
    .select(['businesses.owner_id', 'businesses.platform_allocation_pct'])
    .where('tokens.id', '=', id)
    .executeTakeFirst();
}

/** Live tokens whose maturity date has come by `at`, in id order. */
export async function tokensDueToMature(db: Db, at: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('tokens')
    .select('id')
    .where('maturity_date', '<=', at)
    .where('status', 'in', ['primary', 'secondary', 'paused'])
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A token never deployed has no contract to follow its status: its sync is done. */
export async function settleUndeployed(db: Db): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ chain_sync: 'synced' })
    .where('chain_sync', '=', 'pending')
    .where('contract_address', 'is', null)
    .execute();
}
