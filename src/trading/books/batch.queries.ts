/**
 * The SQL of a sequencer batch: what it reads before planning (its tokens with their latest NAV,
 * the users placing orders with their wallets of those tokens) and the one write of everything
 * the batch decided, for all its books at once. Every function also runs inside a caller's
 * transaction (OTC).
 */
import type { ComplianceRules } from '../../lib/compliance/compliance-rules.js';
import { rulesOfRow } from '../../lib/compliance/compliance-state.queries.js';
import type { Db } from '../../lib/db/database.js';
import type { TokenComplianceRulesRow } from '../../lib/db/schema-compliance.js';
import { prepared, runPrepared } from '../../lib/db/prepared.js';
import type {
  AccountType,
  AccreditationStatus,
  FatcaStatus,
  Role,
  VerificationStatus,
} from '../../lib/db/schema.js';
import type { Token } from '../../lib/db/schema-issuance.js';
import type { NewOrderRefusal } from '../../lib/db/schema-trading.js';
import { newId } from '../../lib/ids.js';
import {
  fiatBatchCtes,
  fiatBatchOutcome,
  fiatBatchParameters,
} from '../../lib/ledger/fiat-ledger.js';
import { Exact } from '../../lib/money.js';
import type { Batch, FiatAccount, HeldTokens } from './batch.js';
import { candleBuckets } from '../market-data/candle-buckets.js';
import type { OrderMarker } from './pending-write.js';

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

export interface TokenRead {
  token: Token;
  nav: string | null;
}

/** The tokens and their latest NAVs, in one round trip. */
const tokensStatement = prepared(
  'batch_tokens',
  `select t.*, (
     select n.nav from token_navs n where n.token_id = t.id order by n.id desc limit 1
   ) as latest_nav
   from tokens t where t.id = any($1::uuid[])`,
);

/** Each known token of `tokenIds` with its latest NAV (an unknown one is absent). */
export async function readTokens(
  db: Db,
  tokenIds: readonly string[],
): Promise<Map<string, TokenRead>> {
  const { rows } = await runPrepared<Token & { latest_nav: string | null }>(db, tokensStatement, [
    tokenIds,
  ]);
  return new Map(rows.map(({ latest_nav: nav, ...token }) => [token.id, { token, nav }]));
}

export async function readToken(db: Db, tokenId: string): Promise<TokenRead | undefined> {
  return (await readTokens(db, [tokenId])).get(tokenId);
}

const rulesStatement = prepared(
  'batch_rules',
  `select * from token_compliance_rules where token_id = any($1::uuid[])`,
);

/** The transfer rules of those of `tokenIds` that have some (docs/compliance.md). */
export async function readTokenRules(
  db: Db,
  tokenIds: readonly string[],
): Promise<Map<string, ComplianceRules>> {
  const { rows } = await runPrepared<TokenComplianceRulesRow>(db, rulesStatement, [tokenIds]);
  return new Map(rows.map((row) => [row.token_id, rulesOfRow(row)]));
}

const tradersStatement = prepared(
  'batch_traders',
  `select u.id, u.role, u.account_type, u.kyc_status, u.kyc_level, u.fatca_status,
     u.accreditation_status, u.wallet_address, u.is_activated, u.trading_key, u.fiat_balance,
     p.token_id, w.balance, w.locked_balance, w.frozen_quantity, w.address_frozen,
     exists (
       select 1 from businesses b where b.owner_id = u.id and b.kyb_status = 'approved'
     ) as kyb_approved,
     exists (
       select 1 from orders o where o.id = $3::uuid and o.status = $4::varchar and o.quantity = $5::bigint
         and o.filled_quantity = $6::bigint and o.priority = $7::bigint
     ) as marker_seen
   from unnest($1::uuid[], $2::uuid[]) as p(user_id, token_id)
   join users u on u.id = p.user_id
   left join wallets w on w.user_id = p.user_id and w.token_id = p.token_id`,
);

/** A user whose command a batch checks, and the token of the command. */
export interface TraderOf {
  userId: string;
  tokenId: string;
}

export interface TraderReads {
  traders: Map<string, TraderRow>;
  /** token id to user id to wallet; a user without a wallet of a token has none there */
  wallets: Map<string, Map<string, HeldTokens>>;
  /** whether the read found the `marker` order row as given (in the same snapshot) */
  markerSeen: boolean;
}

/**
 * The users of a batch's commands with what eligibility needs, and each one's wallet of the
 * tokens it trades in the batch, in one round trip (one row per user and token, `pairs` distinct);
 * with a `marker`, whether the same snapshot holds that order row as given (pending-write.ts).
 */
export async function readTraders(
  db: Db,
  pairs: readonly TraderOf[],
  marker: OrderMarker | null = null,
): Promise<TraderReads> {
  const traders = new Map<string, TraderRow>();
  const wallets = new Map<string, Map<string, HeldTokens>>();
  if (pairs.length === 0) return { traders, wallets, markerSeen: false };
  const { rows } = await runPrepared<
    TraderRow & {
      token_id: string;
      balance: number | null;
      locked_balance: number | null;
      frozen_quantity: number | null;
      address_frozen: boolean | null;
      marker_seen: boolean;
    }
  >(db, tradersStatement, [
    pairs.map((p) => p.userId),
    pairs.map((p) => p.tokenId),
    marker?.id ?? null,
    marker?.status ?? null,
    marker?.quantity ?? null,
    marker?.filled_quantity ?? null,
    marker?.priority ?? null,
  ]);
  let markerSeen = false;
  for (const row of rows) {
    const {
      token_id: tokenId,
      balance,
      locked_balance,
      frozen_quantity,
      address_frozen,
      marker_seen,
      ...user
    } = row;
    markerSeen = marker_seen;
    traders.set(user.id, user);
    if (balance !== null && locked_balance !== null) {
      let ofToken = wallets.get(tokenId);
      if (!ofToken) wallets.set(tokenId, (ofToken = new Map<string, HeldTokens>()));
      ofToken.set(user.id, {
        balance,
        locked: locked_balance,
        frozen: frozen_quantity ?? 0,
        addressFrozen: address_frozen ?? false,
      });
    }
  }
  return { traders, wallets, markerSeen };
}

/**
 * Everything a batch decided, for all its books, in one statement (atomic on its own: no
 * transaction, no begin and commit round trips): its new orders, the changes of orders already
 * stored, the status history, each trade with its first settlement history row and its token
 * movement (the register's record, src/lib/ledger/token-movements.ts), the candles the
 * trades fall in, the fiat movements (fiat-ledger.ts), the token wallets, and each book's
 * sequence, last price and halt. Foreign keys between the rows are checked at the statement's
 * end, when all are in.
 *
 * Locks are taken in the order every batch takes them: the users (in id order), then the wallets
 * that exist (in user and token order; a wallet below its lock fails its check), then the tokens'
 * rows (in id order); each step waits for the one before through a count of it. Wallets that did
 * not exist when the statement began are created with their deltas (a user without a wallet only
 * receives: never negative), or added to if another transaction created one meanwhile. The order
 * rows of a book, which only its owner changes, need no lock order.
 *
 * The fence: the leases of the books the batch was planned for must still be this node's, at the
 * epochs it planned under (book-leases.ts). Their rows are locked (for share, in token order)
 * until the commit, so a hand-over waits for a write in flight and every write after it is
 * refused with `book_lease_lost()` (SQLSTATE TB001): a node that lost a book never writes it.
 */
const writeStatement = prepared(
  'batch_write_books',
  `with fence as (
     select case when count(*) = cardinality($93::uuid[]) then true else book_lease_lost() end
       as held
     from (
       select token_id, epoch from book_leases
       where token_id = any($93::uuid[]) and owner_node = $95::varchar
       order by token_id for share
     ) l
     join unnest($93::uuid[], $94::bigint[]) as v(token_id, epoch)
       on v.token_id = l.token_id and v.epoch = l.epoch
   ), new_orders as (
     insert into orders (id, user_id, token_id, side, order_type, time_in_force, price, stop_price,
       quantity, filled_quantity, remaining_quantity, locked_fiat, filled_value, status,
       cancel_reason, engine_key, priority, expires_at, client_order_id, request_hash,
       created_at, updated_at)
     select v.id, v.user_id, v.token_id, v.side, v.order_type, v.time_in_force, v.price,
       v.stop_price, v.quantity, v.filled, v.remaining, v.locked, v.value, v.status, v.reason,
       v.engine_key, v.priority, v.expires_at, v.client_order_id, v.request_hash, $1, $1
     from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::varchar[], $6::varchar[], $7::varchar[],
       $8::numeric[], $9::numeric[], $10::bigint[], $11::bigint[], $12::bigint[], $13::numeric[],
       $14::numeric[], $15::varchar[], $16::varchar[], $17::bigint[], $18::bigint[],
       $19::timestamptz[], $20::varchar[], $21::varchar[])
       as v(id, token_id, user_id, side, order_type, time_in_force, price, stop_price, quantity,
         filled, remaining, locked, value, status, reason, engine_key, priority, expires_at,
         client_order_id, request_hash)
   ), changed_orders as (
     update orders o set
       status = v.status, quantity = v.quantity, filled_quantity = v.filled,
       remaining_quantity = v.remaining, locked_fiat = v.locked, filled_value = v.value,
       price = v.price, cancel_reason = v.reason, priority = v.priority, updated_at = $1
     from unnest($22::uuid[], $23::varchar[], $24::bigint[], $25::bigint[], $26::bigint[],
       $27::numeric[], $28::numeric[], $29::numeric[], $30::varchar[], $31::bigint[])
       as v(id, status, quantity, filled, remaining, locked, value, price, reason, priority)
     where o.id = v.id
   ), history as (
     insert into order_status_history (order_id, status, filled_quantity, remaining_quantity,
       reason, price, quantity, book_sequence, created_at)
     select v.*, $1
     from unnest($32::uuid[], $33::varchar[], $34::bigint[], $35::bigint[], $36::varchar[],
       $77::numeric[], $78::bigint[], $79::bigint[]) as v
   ), refused as (
     insert into order_refusals (user_id, token_id, order_id, action, side, order_type,
       time_in_force, price, stop_price, quantity, client_order_id, code, book_sequence)
     select * from unnest($80::uuid[], $81::uuid[], $82::uuid[], $83::varchar[], $84::varchar[],
       $85::varchar[], $86::varchar[], $87::numeric[], $88::numeric[], $89::bigint[],
       $90::varchar[], $91::varchar[], $92::bigint[])
   ), new_trades as (
     insert into trades (id, token_id, buy_order_id, sell_order_id, buy_otc_order_id,
       sell_otc_order_id, buyer_id, seller_id, taker_side, price, quantity, total, platform_fee,
       effective_fee_bps, created_at, updated_at)
     select v.*, $1, $1
     from unnest($37::uuid[], $38::uuid[], $39::uuid[], $40::uuid[], $41::uuid[], $42::uuid[],
       $43::uuid[], $44::uuid[], $45::varchar[], $46::numeric[], $47::bigint[], $48::numeric[],
       $49::numeric[], $50::integer[]) as v
     returning id
   ), settlement as (
     insert into trade_settlement_history (trade_id, status, created_at)
     select id, 'pending', $1 from new_trades
   ), token_moves as (
     insert into token_movements
       (token_id, kind, from_user_id, to_user_id, quantity, at, source_type, source_id)
     select v.token_id, 'trade', v.seller_id, v.buyer_id, v.quantity, $1, 'trade', v.id
     from unnest($37::uuid[], $38::uuid[], $44::uuid[], $43::uuid[], $47::bigint[])
       as v(id, token_id, seller_id, buyer_id, quantity)
   ), candle_rows as (
     insert into candles (token_id, interval, start, open, high, low, close, volume, trades)
     select v.* from unnest($51::uuid[], $52::varchar[], $53::timestamptz[], $54::numeric[],
       $55::numeric[], $56::numeric[], $57::numeric[], $58::bigint[], $59::integer[]) as v
     on conflict (token_id, interval, start) do update set
       high = greatest(candles.high, excluded.high), low = least(candles.low, excluded.low),
       close = excluded.close, volume = candles.volume + excluded.volume,
       trades = candles.trades + excluded.trades
   ),
   ${fiatBatchCtes(60)}, present as (
     select user_id, token_id from wallets
     where (user_id, token_id) in (select * from unnest($68::uuid[], $69::uuid[]))
       and (select count(*) from fiat_ledger_rows) >= 0
     order by user_id, token_id for no key update
   ), created as (
     insert into wallets (id, user_id, token_id, balance, locked_balance)
     select v.id, v.user_id, v.token_id, v.balance, v.locked
     from unnest($70::uuid[], $68::uuid[], $69::uuid[], $71::bigint[], $72::bigint[])
       as v(id, user_id, token_id, balance, locked)
     where (v.user_id, v.token_id) not in (select user_id, token_id from present)
     on conflict (user_id, token_id) do update set
       balance = wallets.balance + excluded.balance,
       locked_balance = wallets.locked_balance + excluded.locked_balance, updated_at = now()
     returning 1
   ), changed as (
     update wallets w set
       balance = w.balance + v.balance, locked_balance = w.locked_balance + v.locked,
       updated_at = now()
     from unnest($68::uuid[], $69::uuid[], $71::bigint[], $72::bigint[])
       as v(user_id, token_id, balance, locked)
     where w.user_id = v.user_id and w.token_id = v.token_id
       and (w.user_id, w.token_id) in (select user_id, token_id from present)
     returning 1
   ), token_locks as (
     select id from tokens
     where id = any($73::uuid[]) and (select count(*) from created) + (select count(*) from changed) >= 0
     order by id for no key update
   )
   update tokens t set book_sequence = v.sequence,
     last_price = coalesce(v.last_price, t.last_price),
     halted_until = coalesce(v.halted_until, t.halted_until)
   from unnest($73::uuid[], $74::bigint[], $75::numeric[], $76::timestamptz[])
     as v(id, sequence, last_price, halted_until)
   where t.id = v.id and t.id in (select id from token_locks) and (select held from fence)
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

/** What a batch writes: each changed book's part, the fiat of all, the refusals of all. */
export interface BatchWrite {
  now: Date;
  fiat: FiatAccount;
  writes: readonly BookWrite[];
  refusals: readonly NewOrderRefusal[];
}

/** The leases a write must still hold: this node's, each book at its epoch. */
export interface Fence {
  node: string;
  tokenIds: string[];
  epochs: number[];
}

/** The SQLSTATE of a write refused by its fence (migration 0026). */
export const leaseLostCode = 'TB001';

/** One book's part of a write: its rows and the book's sequence after them. */
export interface BookWrite {
  tokenId: string;
  batch: Batch;
  bookSequence: number;
}

/**
 * Writes everything a batch decided for its books (each part non-empty, all sharing `fiat` and
 * the batch id) in one statement (`writeStatement`): on `db` it commits on its own; in a caller's
 * transaction (OTC) it is part of it. A sequencer's write carries its `fence`; OTC, which writes
 * no book, none.
 */
export async function writeBatch(
  db: Db,
  { now, fiat, writes: parts, refusals }: BatchWrite,
  treasuryId: string,
  fence: Fence | null = null,
): Promise<void> {
  const movements = [...fiat.movements];
  const fees = parts.reduce((sum, { batch }) => sum.plus(batch.fees), new Exact(0));
  if (!fees.isZero()) {
    // The treasury's fee is one row per batch, not per trade: it is the one row every trade
    // of every token would otherwise wait for (DECISIONS "Trading", fees).
    movements.push({
      userId: treasuryId,
      amount: fees.toFixed(2),
      kind: 'trade_fee',
      referenceType: 'trade_batch',
      referenceId: parts[0]!.batch.id,
    });
  }
  const inserted = parts.flatMap(({ batch }) => [...batch.inserted.values()]);
  const updated = parts.flatMap(({ batch }) =>
    [...batch.updated.values()].filter((row) => !batch.inserted.has(row.id)),
  );
  const trades = parts.flatMap(({ batch }) => batch.trades);
  const wallets = parts
    .flatMap(({ tokenId, batch }) =>
      [...batch.wallets.entries()].map(([userId, delta]) => ({ userId, tokenId, ...delta })),
    )
    .filter((wallet) => wallet.balance !== 0 || wallet.locked !== 0);
  const history = parts.flatMap(({ batch }) => batch.history);
  const written = runPrepared<{ ledger_rows: number }>(db, writeStatement, [
    now,
    ...columns(inserted, [
      'id',
      'token_id',
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
    ]),
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
    ...columns(history, ['order_id', 'status', 'filled_quantity', 'remaining_quantity', 'reason']),
    ...columns(trades, [
      'id',
      'token_id',
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
    ...columns(
      parts.flatMap(({ batch }) => candleBuckets(batch.trades)),
      ['token_id', 'interval', 'start', 'open', 'high', 'low', 'close', 'volume', 'trades'],
    ),
    ...fiatBatchParameters(movements),
    ...columns(wallets, ['userId', 'tokenId']),
    wallets.map(() => newId()),
    ...columns(wallets, ['balance', 'locked']),
    parts.map((part) => part.tokenId),
    parts.map((part) => part.bookSequence),
    parts.map((part) => part.batch.lastPrice),
    parts.map((part) => part.batch.haltedUntil),
    ...columns(history, ['price', 'quantity', 'book_sequence']),
    ...columns(refusals, [
      'user_id',
      'token_id',
      'order_id',
      'action',
      'side',
      'order_type',
      'time_in_force',
      'price',
      'stop_price',
      'quantity',
      'client_order_id',
      'code',
      'book_sequence',
    ]),
    fence?.tokenIds ?? [],
    fence?.epochs ?? [],
    fence?.node ?? null,
  ]).then((result) => result.rows[0]?.ledger_rows ?? 0);
  await fiatBatchOutcome(written, movements);
}

/** fiat_balance as the batch's starting point for the users it checks. */
export function fiatBalancesOf(traders: Map<string, TraderRow>): Map<string, Exact> {
  return new Map([...traders.values()].map((user) => [user.id, new Exact(user.fiat_balance)]));
}
