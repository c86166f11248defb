/**
 * The SQL of a writer's batch: what it reads before planning (the token, its latest NAV, the
 * users placing orders and their wallets) and the one write of everything the batch decided.
 * Every function runs inside the batch's transaction.
 */
import type { Db } from '../../lib/db/database.js';
import { prepared, runPrepared } from '../../lib/db/prepared.js';
import type {
  AccountType,
  AccreditationStatus,
  FatcaStatus,
  Role,
  VerificationStatus,
} from '../../lib/db/schema.js';
import type { Token } from '../../lib/db/schema-issuance.js';
import { newId } from '../../lib/ids.js';
import {
  fiatBatchCtes,
  fiatBatchOutcome,
  fiatBatchParameters,
} from '../../lib/ledger/fiat-ledger.js';
import { Exact } from '../../lib/money.js';
import type { Batch, TokenBalance } from './batch.js';
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

/** The token and its latest NAV, in one round trip. */
const tokenStatement = prepared(
  'batch_token',
  `select t.*, (
     select n.nav from token_navs n where n.token_id = t.id order by n.id desc limit 1
   ) as latest_nav
   from tokens t where t.id = $1`,
);

export async function readToken(
  db: Db,
  tokenId: string,
): Promise<{ token: Token; nav: string | null } | undefined> {
  const { rows } = await runPrepared<Token & { latest_nav: string | null }>(db, tokenStatement, [
    tokenId,
  ]);
  const row = rows[0];
  if (!row) return undefined;
  const { latest_nav: nav, ...token } = row;
  return { token, nav };
}

const tradersStatement = prepared(
  'batch_traders',
  `select u.id, u.role, u.account_type, u.kyc_status, u.kyc_level, u.fatca_status,
     u.accreditation_status, u.wallet_address, u.is_activated, u.trading_key, u.fiat_balance,
     w.balance, w.locked_balance,
     exists (
       select 1 from businesses b where b.owner_id = u.id and b.kyb_status = 'approved'
     ) as kyb_approved
   from users u left join wallets w on w.user_id = u.id and w.token_id = $1
   where u.id = any($2::uuid[])`,
);

/**
 * The users of a batch's orders with what eligibility needs, and their wallets of the token, in
 * one round trip (a user without a wallet of the token has none in `wallets`).
 */
export async function readTraders(
  db: Db,
  tokenId: string,
  userIds: readonly string[],
): Promise<Pick<BatchInputs, 'traders' | 'wallets'>> {
  const traders = new Map<string, TraderRow>();
  const wallets = new Map<string, TokenBalance>();
  if (userIds.length === 0) return { traders, wallets };
  const { rows } = await runPrepared<
    TraderRow & { balance: number | null; locked_balance: number | null }
  >(db, tradersStatement, [tokenId, userIds]);
  for (const { balance, locked_balance, ...user } of rows) {
    traders.set(user.id, user);
    if (balance !== null && locked_balance !== null) {
      wallets.set(user.id, { balance, locked: locked_balance });
    }
  }
  return { traders, wallets };
}

/**
 * Everything a batch decided, in one statement (atomic on its own: no transaction, no begin and
 * commit round trips): its new orders, the changes of orders already stored, the status history,
 * each trade with its first settlement history row, the candles the trades fall in, the fiat
 * movements (fiat-ledger.ts), the token wallets, and the token's book sequence, last price and
 * halt. Foreign keys between the rows are checked at the statement's end, when all are in.
 *
 * Locks are taken in the order every batch takes them: the users (in id order), then the wallets
 * that exist (in user order; a wallet below its lock fails its check), then the token's row; each
 * step waits for the one before through a count of it. Wallets that did not exist when the
 * statement began are created with their deltas (a user without a wallet only receives: never
 * negative), or added to if another transaction created one meanwhile. The order rows of the
 * token, which only its writer changes, are written after the token's row.
 */
const writeStatement = prepared(
  'batch_write',
  `with new_orders as (
     insert into orders (id, user_id, token_id, side, order_type, time_in_force, price, stop_price,
       quantity, filled_quantity, remaining_quantity, locked_fiat, filled_value, status,
       cancel_reason, engine_key, priority, expires_at, client_order_id, request_hash,
       created_at, updated_at)
     select v.id, v.user_id, $1, v.side, v.order_type, v.time_in_force, v.price, v.stop_price,
       v.quantity, v.filled, v.remaining, v.locked, v.value, v.status, v.reason, v.engine_key,
       v.priority, v.expires_at, v.client_order_id, v.request_hash, $2, $2
     from unnest($3::uuid[], $4::uuid[], $5::varchar[], $6::varchar[], $7::varchar[],
       $8::numeric[], $9::numeric[], $10::bigint[], $11::bigint[], $12::bigint[], $13::numeric[],
       $14::numeric[], $15::varchar[], $16::varchar[], $17::bigint[], $18::bigint[],
       $19::timestamptz[], $20::varchar[], $21::varchar[])
       as v(id, user_id, side, order_type, time_in_force, price, stop_price, quantity, filled,
         remaining, locked, value, status, reason, engine_key, priority, expires_at,
         client_order_id, request_hash)
   ), changed_orders as (
     update orders o set
       status = v.status, quantity = v.quantity, filled_quantity = v.filled,
       remaining_quantity = v.remaining, locked_fiat = v.locked, filled_value = v.value,
       price = v.price, cancel_reason = v.reason, priority = v.priority, updated_at = $2
     from unnest($22::uuid[], $23::varchar[], $24::bigint[], $25::bigint[], $26::bigint[],
       $27::numeric[], $28::numeric[], $29::numeric[], $30::varchar[], $31::bigint[])
       as v(id, status, quantity, filled, remaining, locked, value, price, reason, priority)
     where o.id = v.id
   ), history as (
     insert into order_status_history
       (order_id, status, filled_quantity, remaining_quantity, reason, created_at)
     select v.*, $2
     from unnest($32::uuid[], $33::varchar[], $34::bigint[], $35::bigint[], $36::varchar[]) as v
   ), new_trades as (
     insert into trades (id, token_id, buy_order_id, sell_order_id, buy_otc_order_id,
       sell_otc_order_id, buyer_id, seller_id, taker_side, price, quantity, total, platform_fee,
       effective_fee_bps, created_at, updated_at)
     select v.id, $1, v.buy_order_id, v.sell_order_id, v.buy_otc_order_id, v.sell_otc_order_id,
       v.buyer_id, v.seller_id, v.taker_side, v.price, v.quantity, v.total, v.fee, v.fee_bps, $2, $2
     from unnest($37::uuid[], $38::uuid[], $39::uuid[], $40::uuid[], $41::uuid[], $42::uuid[],
       $43::uuid[], $44::varchar[], $45::numeric[], $46::bigint[], $47::numeric[], $48::numeric[],
       $49::integer[])
       as v(id, buy_order_id, sell_order_id, buy_otc_order_id, sell_otc_order_id, buyer_id,
         seller_id, taker_side, price, quantity, total, fee, fee_bps)
     returning id
   ), settlement as (
     insert into trade_settlement_history (trade_id, status, created_at)
     select id, 'pending', $2 from new_trades
   ), candle_rows as (
     insert into candles (token_id, interval, start, open, high, low, close, volume, trades)
     select $1, v.* from unnest($50::varchar[], $51::timestamptz[], $52::numeric[],
       $53::numeric[], $54::numeric[], $55::numeric[], $56::bigint[], $57::integer[]) as v
     on conflict (token_id, interval, start) do update set
       high = greatest(candles.high, excluded.high), low = least(candles.low, excluded.low),
       close = excluded.close, volume = candles.volume + excluded.volume,
       trades = candles.trades + excluded.trades
   ),
   ${fiatBatchCtes(58)}, present as (
     select user_id from wallets
     where token_id = $1 and user_id = any($66::uuid[])
       and (select count(*) from fiat_ledger_rows) >= 0
     order by user_id for no key update
   ), created as (
     insert into wallets (id, user_id, token_id, balance, locked_balance)
     select v.id, v.user_id, $1, v.balance, v.locked
     from unnest($67::uuid[], $66::uuid[], $68::bigint[], $69::bigint[])
       as v(id, user_id, balance, locked)
     where v.user_id not in (select user_id from present)
     on conflict (user_id, token_id) do update set
       balance = wallets.balance + excluded.balance,
       locked_balance = wallets.locked_balance + excluded.locked_balance, updated_at = now()
     returning 1
   ), changed as (
     update wallets w set
       balance = w.balance + v.balance, locked_balance = w.locked_balance + v.locked,
       updated_at = now()
     from unnest($66::uuid[], $68::bigint[], $69::bigint[]) as v(user_id, balance, locked)
     where w.token_id = $1 and w.user_id = v.user_id and w.user_id in (select user_id from present)
     returning 1
   )
   update tokens set book_sequence = $70, last_price = coalesce($71::numeric, last_price),
     halted_until = coalesce($72::timestamptz, halted_until)
   where id = $1 and (select count(*) from created) + (select count(*) from changed) >= 0
   returning (select count(*)::integer from fiat_ledger_rows) as ledger_rows`,
);

/** The columns of `rows`, each as one array (the statements' unnest parameters). */
function columns<T, K extends keyof T>(rows: readonly T[], keys: readonly K[]): T[K][][] {
  const out = keys.map(() => new Array<T[K]>(rows.length));
  rows.forEach((row, i) => {
    keys.forEach((key, k) => {
      out[k]![i] = row[key];
    });
  });
  return out;
}

/**
 * Writes everything a batch decided in one statement (`writeStatement`): on `db` it commits on its
 * own; in a caller's transaction (OTC) it is part of it.
 */
export async function writeBatch(
  db: Db,
  tokenId: string,
  batch: Batch,
  treasuryId: string,
  bookSequence: number,
): Promise<void> {
  const updated = [...batch.updated.values()].filter((row) => !batch.inserted.has(row.id));
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
  const walletUsers = [...batch.wallets.entries()]
    .filter(([, delta]) => delta.balance !== 0 || delta.locked !== 0)
    .map(([userId]) => userId)
    .sort();
  const written = runPrepared<{ ledger_rows: number }>(db, writeStatement, [
    tokenId,
    batch.now,
    ...columns(
      [...batch.inserted.values()],
      [
        'id',
        'user_id',
        'side',
        'order_type',
        'time_in_force',
        'price',
        'stop_price',
        'quantity',
        'filled_quantity',
        'remaining_quantity',
        'locked_fiat',
        'filled_value',
        'status',
        'cancel_reason',
        'engine_key',
        'priority',
        'expires_at',
        'client_order_id',
        'request_hash',
      ],
    ),
    ...columns(updated, [
      'id',
      'status',
      'quantity',
      'filled_quantity',
      'remaining_quantity',
      'locked_fiat',
      'filled_value',
      'price',
      'cancel_reason',
      'priority',
    ]),
    ...columns(batch.history, [
      'order_id',
      'status',
      'filled_quantity',
      'remaining_quantity',
      'reason',
    ]),
    ...columns(batch.trades, [
      'id',
      'buy_order_id',
      'sell_order_id',
      'buy_otc_order_id',
      'sell_otc_order_id',
      'buyer_id',
      'seller_id',
      'taker_side',
      'price',
      'quantity',
      'total',
      'platform_fee',
      'effective_fee_bps',
    ]),
    ...columns(candleBuckets(batch.trades), [
      'interval',
      'start',
      'open',
      'high',
      'low',
      'close',
      'volume',
      'trades',
    ]),
    ...fiatBatchParameters(movements),
    walletUsers,
    walletUsers.map(() => newId()),
    walletUsers.map((id) => batch.wallets.get(id)!.balance),
    walletUsers.map((id) => batch.wallets.get(id)!.locked),
    bookSequence,
    batch.lastPrice,
    batch.haltedUntil,
  ]).then((result) => result.rows[0]?.ledger_rows ?? 0);
  await fiatBatchOutcome(written, movements);
}

/** fiat_balance as the batch's starting point for the users it checks. */
export function fiatBalancesOf(traders: Map<string, TraderRow>): Map<string, Exact> {
  return new Map([...traders.values()].map((user) => [user.id, new Exact(user.fiat_balance)]));
}
