/**
 * The SQL of a writer's batch: what it reads before planning (the token, its latest NAV, the
 * users placing orders and their wallets) and the one write of everything the batch decided.
 * Every function runs inside the batch's transaction.
 */
import { sql } from 'kysely';
import type { Trx } from '../../lib/db/database.js';
import type {
  AccountType,
  AccreditationStatus,
  FatcaStatus,
  Role,
  VerificationStatus,
} from '../../lib/db/schema.js';
import type { Token } from '../../lib/db/schema-issuance.js';
import { newId } from '../../lib/ids.js';
import { moveFiatBatch } from '../../lib/ledger/fiat-ledger.js';
import { Exact } from '../../lib/money.js';
import type { Batch, TokenBalance } from './batch.js';
import { withoutOwnerKey } from './book-state.js';
import { candleBuckets } from '../market-data/candle-buckets.js';

export interface TraderRow {
  id: string;
  role: Role;
  account_type: AccountType | null;
  kyc_status: VerificationStatus;
  kyc_level: number;
  kyb_approved: boolean;
  fatca_status: FatcaStatus | null;
  accreditation_status: AccreditationStatus | null;
  wallet_address: string | null;
  is_activated: boolean;
  trading_key: number;
  fiat_balance: string;
}

export interface BatchInputs {
  token: Token;
  nav: string | null;
  traders: Map<string, TraderRow>;
  wallets: Map<string, TokenBalance>;
}

const CHUNK = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** The token and its latest NAV, in one round trip. */
export async function readToken(
  trx: Trx,
  tokenId: string,
): Promise<{ token: Token; nav: string | null } | undefined> {
  const row = await trx
    .selectFrom('tokens')
    .selectAll('tokens')
    .select((eb) =>
      eb
        .selectFrom('token_navs')
        .select('nav')
        .whereRef('token_navs.token_id', '=', 'tokens.id')
        .orderBy('token_navs.id', 'desc')
        .limit(1)
        .as('latest_nav'),
    )
    .where('id', '=', tokenId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { latest_nav: nav, ...token } = row;
  return { token, nav };
}

/**
 * The users of a batch's orders with what eligibility needs, and their wallets of the token, in
 * one round trip (a user without a wallet of the token has none in `wallets`).
 */
export async function readTraders(
  trx: Trx,
  tokenId: string,
  userIds: readonly string[],
): Promise<Pick<BatchInputs, 'traders' | 'wallets'>> {
  const traders = new Map<string, TraderRow>();
  const wallets = new Map<string, TokenBalance>();
  if (userIds.length === 0) return { traders, wallets };
  const users = await trx
    .selectFrom('users')
    .leftJoin('wallets', (join) =>
      join.onRef('wallets.user_id', '=', 'users.id').on('wallets.token_id', '=', tokenId),
    )
    .select([
      'users.id',
      'users.role',
      'users.account_type',
      'users.kyc_status',
      'users.kyc_level',
      'users.fatca_status',
      'users.accreditation_status',
      'users.wallet_address',
      'users.is_activated',
      'users.trading_key',
      'users.fiat_balance',
      'wallets.balance',
      'wallets.locked_balance',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('businesses')
            .select('businesses.id')
            .whereRef('businesses.owner_id', '=', 'users.id')
            .where('businesses.kyb_status', '=', 'approved'),
        )
        .as('kyb_approved'),
    )
    .where('users.id', 'in', userIds)
    .execute();
  for (const { balance, locked_balance, ...user } of users) {
    traders.set(user.id, { ...user, kyb_approved: user.kyb_approved === true });
    if (balance !== null && locked_balance !== null) {
      wallets.set(user.id, { balance, locked: locked_balance });
    }
  }
  return { traders, wallets };
}

/** Writes everything a batch decided; the caller's transaction makes it all or nothing. */
export async function writeBatch(
  trx: Trx,
  tokenId: string,
  batch: Batch,
  treasuryId: string,
  bookSequence: number,
): Promise<void> {
  for (const rows of chunks([...batch.inserted.values()])) {
    await trx.insertInto('orders').values(rows.map(withoutOwnerKey)).execute();
  }
  const updated = [...batch.updated.values()].filter((row) => !batch.inserted.has(row.id));
  for (const rows of chunks(updated)) {
    const col = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    await sql`
      update orders o set
        status = v.status, quantity = v.quantity, filled_quantity = v.filled,
        remaining_quantity = v.remaining, locked_fiat = v.locked, filled_value = v.value,
        price = v.price, cancel_reason = v.reason, priority = v.priority, updated_at = v.at
      from unnest(
        ${col('id')}::uuid[], ${col('status')}::varchar[], ${col('quantity')}::bigint[],
        ${col('filled_quantity')}::bigint[], ${col('remaining_quantity')}::bigint[],
        ${col('locked_fiat')}::numeric[], ${col('filled_value')}::numeric[],
        ${col('price')}::numeric[], ${col('cancel_reason')}::varchar[], ${col('priority')}::bigint[],
        ${col('updated_at')}::timestamptz[]
      ) as v(id, status, quantity, filled, remaining, locked, value, price, reason, priority, at)
      where o.id = v.id`.execute(trx);
  }
  for (const rows of chunks(batch.history)) {
    await trx.insertInto('order_status_history').values(rows).execute();
  }
  // Each trade with its first settlement history row, in one statement.
  for (const rows of chunks(batch.trades)) {
    await sql`
      with inserted as (${trx.insertInto('trades').values(rows).returning('id')})
      insert into trade_settlement_history (trade_id, status, created_at)
      select id, 'pending', ${batch.now} from inserted`.execute(trx);
  }

  await upsertCandles(trx, batch);

  const movements = [...batch.fiat];
  if (!batch.fees.isZero()) {
    // The treasury's fee is one row per batch, not per trade: it is the one row every trade
    // of every token would otherwise wait for (DECISIONS "Trading", fees).
    movements.push({
      userId: treasuryId,
      amount: batch.fees.toFixed(2),
      kind: 'trade_fee',
      referenceType: 'trade_batch',
      referenceId: batch.id,
    });
  }
  await moveFiatBatch(trx, movements);

  const walletUsers = [...batch.wallets.entries()]
    .filter(([, delta]) => delta.balance !== 0 || delta.locked !== 0)
    .map(([userId]) => userId)
    .sort();
  if (walletUsers.length > 0) {
    // Wallets that do not exist yet are created (a first buy of the token), then every wallet
    // the batch changes is locked in user order, in one statement. The select does not see the
    // rows its own insert adds (one snapshot), but no one else can see or lock them either.
    await sql`
      with created as (
        insert into wallets (id, user_id, token_id)
        select id, u, ${tokenId}::uuid
        from unnest(${walletUsers.map(() => newId())}::uuid[], ${walletUsers}::uuid[]) as v(id, u)
        on conflict (user_id, token_id) do nothing
      )
      select id from wallets where token_id = ${tokenId}::uuid and user_id = any(${walletUsers}::uuid[])
      order by user_id for no key update`.execute(trx);
    await sql`
      update wallets w set
        balance = w.balance + v.balance, locked_balance = w.locked_balance + v.locked,
        updated_at = now()
      from unnest(
        ${walletUsers}::uuid[],
        ${walletUsers.map((id) => batch.wallets.get(id)!.balance)}::bigint[],
        ${walletUsers.map((id) => batch.wallets.get(id)!.locked)}::bigint[]
      ) as v(user_id, balance, locked)
      where w.token_id = ${tokenId}::uuid and w.user_id = v.user_id`.execute(trx);
  }

  await trx
    .updateTable('tokens')
    .set({
      book_sequence: bookSequence,
      ...(batch.lastPrice !== null ? { last_price: batch.lastPrice } : {}),
      ...(batch.haltedUntil !== null ? { halted_until: batch.haltedUntil } : {}),
    })
    .where('id', '=', tokenId)
    .execute();
}

/** The candles of the batch's trades, merged into the buckets they fall in (candle-buckets.ts). */
async function upsertCandles(trx: Trx, batch: Batch): Promise<void> {
  const rows = candleBuckets(batch.trades);
  if (rows.length === 0) return;
  await trx
    .insertInto('candles')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['token_id', 'interval', 'start']).doUpdateSet({
        high: sql`greatest(candles.high, excluded.high)`,
        low: sql`least(candles.low, excluded.low)`,
        close: sql`excluded.close`,
        volume: sql`candles.volume + excluded.volume`,
        trades: sql`candles.trades + excluded.trades`,
      }),
    )
    .execute();
}

/** fiat_balance as the batch's starting point for the users it checks. */
export function fiatBalancesOf(traders: Map<string, TraderRow>): Map<string, Exact> {
  return new Map([...traders.values()].map((user) => [user.id, new Exact(user.fiat_balance)]));
}
