/**
 * The SQL of a sequencer batch: what it reads before planning (its tokens with their latest NAV,
 * the users placing orders with their wallets of those tokens) and the one write of everything
 * the batch decided, for all its books at once. Every function also runs inside a caller's
 * transaction (OTC).
 */
import type { ComplianceRules } from '../../lib/compliance/compliance-rules.js';
import { rulesOfRow, type RulesColumns } from '../../lib/compliance/compliance-state.queries.js';
import type { Db } from '../../lib/db/database.js';
import { prepared, runPrepared, type Prepared } from '../../lib/db/prepared.js';
import { StatementParameters } from '../../lib/db/statement-parameters.js';
import type {
  AccountType,
  AccreditationStatus,
  FatcaStatus,
  Role,
  VerificationStatus,
} from '../../lib/db/schema.js';
import type { Token } from '../../lib/db/schema-issuance.js';
import type { NewOrderRefusal, Order, Trade } from '../../lib/db/schema-trading.js';
import { newId } from '../../lib/ids.js';
import {
  fiatBatchCtes,
  fiatBatchOutcome,
  fiatBatchParameterCount,
  fiatBatchParameters,
  type FiatMovement,
} from '../../lib/ledger/fiat-ledger.js';
import { centsOf, formatCents } from '../../lib/cents.js';
import type { Batch, FiatAccount, HeldTokens, HistoryRow } from './batch.js';
import type { DebtTerms } from '../../lib/debt/debt-schedule.math.js';
import { candleBuckets, type CandleRow } from './candle-buckets.js';
import type { OrderMarker } from './pending-write.js';
import type { ReadVersions } from './read-cache.js';
import { sessionVersionSql } from '../trading-sessions/trading-sessions.queries.js';

export interface TraderRow {
  id: string;
  role: Role;
  account_type: AccountType | null;
  kyc_status: VerificationStatus;
  kyc_level: number;
  kyb_approved: boolean;
  email_verified: boolean;
  fatca_status: FatcaStatus | null;
  accreditation_status: AccreditationStatus | null;
  wallet_address: string | null;
  is_activated: boolean;
  trading_key: number;
  fiat_balance: string;
  /** raised at every change of the row (migration 0071; read-cache.ts) */
  trading_version: number;
}

export interface TokenRead {
  token: Token;
  nav: string | null;
  /** when its trading session or calendar last changed; null: no session (continuous) */
  sessionVersion: string | null;
  /** a debt token's terms (its trades carry accrued interest); null for any other token */
  debt: DebtTerms | null;
}

/** The rules columns as the batch's tokens read names them (`rule_` and the column). */
const ruleColumns = [
  'allowed_countries',
  'blocked_countries',
  'max_balance_units',
  'max_balance_pct',
  'max_holders',
  'max_holders_per_country',
  'lock_up_until',
  'lock_up_days',
  'supply_cap',
] as const satisfies readonly (keyof RulesColumns)[];

/**
 * The tokens with their latest NAVs and transfer rules, in one statement: one round trip and one
 * backend a batch for both (`has_rules` false: the token has no rules row).
 */
const tokensStatement = prepared(
  'batch_tokens',
  `select t.*, (
     select n.nav from token_navs n where n.token_id = t.id order by n.id desc limit 1
   ) as latest_nav, r.token_id is not null as has_rules,
   ${sessionVersionSql('t')} as session_version,
   ${ruleColumns.map((c) => `r.${c} as rule_${c}`).join(', ')},
   case when d.token_id is null then null else json_build_object(
     'faceValue', d.face_value::text, 'couponRatePct', d.coupon_rate_pct::text,
     'frequency', d.frequency, 'dayCount', d.day_count,
     'firstCouponDate', d.first_coupon_date::text, 'maturityDate', d.maturity_date::text,
     'recordDays', d.record_days) end as debt_terms
   from tokens t left join token_compliance_rules r on r.token_id = t.id
   left join debt_terms d on d.token_id = t.id
   where t.id = any($1::uuid[])`,
);

export interface TokensRead {
  /** each known token with its latest NAV (an unknown one is absent) */
  tokens: Map<string, TokenRead>;
  /** the transfer rules of those that have some (docs/compliance.md) */
  rules: Map<string, ComplianceRules>;
}

type RuleFields = { [C in (typeof ruleColumns)[number] as `rule_${C}`]: RulesColumns[C] };

/** Each known token of `tokenIds` with its latest NAV, and the rules of those that have some. */
export async function readTokens(db: Db, tokenIds: readonly string[]): Promise<TokensRead> {
  const { rows } = await runPrepared<
    Token &
      RuleFields & {
        latest_nav: string | null;
        has_rules: boolean;
        session_version: string | null;
        debt_terms: DebtTerms | null;
      }
  >(db, tokensStatement, [tokenIds]);
  const tokens = new Map<string, TokenRead>();
  const rules = new Map<string, ComplianceRules>();
  for (const row of rows) {
    const {
      latest_nav: nav,
      has_rules: hasRules,
      session_version: sessionVersion,
      debt_terms: debt,
      ...rest
    } = row;
    const token = { ...rest } as Record<string, unknown>;
    const columns = {} as Record<string, unknown>;
    for (const column of ruleColumns) {
      columns[column] = token[`rule_${column}`];
      delete token[`rule_${column}`];
    }
    tokens.set(row.id, { token: token as unknown as Token, nav, sessionVersion, debt });
    if (hasRules) rules.set(row.id, rulesOfRow(columns as RulesColumns));
  }
  return { tokens, rules };
}

export async function readToken(db: Db, tokenId: string): Promise<TokenRead | undefined> {
  return (await readTokens(db, [tokenId])).tokens.get(tokenId);
}

/** What eligibility needs of a user (`u`) and of its wallet (`w`), as TraderRow and HeldTokens. */
const traderColumns = `u.id, u.role, u.account_type, u.kyc_status, u.kyc_level, u.fatca_status,
     u.accreditation_status, u.wallet_address, u.is_activated, u.trading_key, u.fiat_balance,
     u.trading_version, u.email_verified_at is not null as email_verified,
     w.balance, w.locked_balance, w.frozen_quantity, w.address_frozen,
     w.trading_version as wallet_version,
     exists (
       select 1 from businesses b where b.owner_id = u.id and b.kyb_status = 'approved'
     ) as kyb_approved`;

const tradersStatement = prepared(
  'batch_traders',
  `select ${traderColumns}, p.token_id,
     exists (
       select 1 from orders o where o.id = $3::uuid and o.status = $4::varchar and o.quantity = $5::bigint
         and o.filled_quantity = $6::bigint and o.priority = $7::bigint
     ) as marker_seen
   from unnest($1::uuid[], $2::uuid[]) as p(user_id, token_id)
   join users u on u.id = p.user_id
   left join wallets w on w.user_id = p.user_id and w.token_id = p.token_id`,
);

/** Users with every wallet they hold (read-cache.ts keeps a user's whole set). */
const wholeTradersStatement = prepared(
  'batch_whole_traders',
  `select ${traderColumns}, w.token_id, false as marker_seen
   from users u left join wallets w on w.user_id = u.id
   where u.id = any($1::uuid[])`,
);

type TraderReadRow = TraderRow & {
  token_id: string | null;
  balance: number | null;
  locked_balance: number | null;
  frozen_quantity: number | null;
  address_frozen: boolean | null;
  wallet_version: number | null;
  marker_seen: boolean;
};

/** A user whose command a batch checks, and the token of the command. */
export interface TraderOf {
  userId: string;
  tokenId: string;
}

export interface TraderReads {
  traders: Map<string, TraderRow>;
  /** token id to user id to wallet; a user without a wallet of a token has none there */
  wallets: Map<string, Map<string, HeldTokens>>;
  /** the versions of those wallets (migration 0071), as `wallets` */
  walletVersions: Map<string, Map<string, number>>;
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
  if (pairs.length === 0) return tradersOfRows([]);
  const { rows } = await runPrepared<TraderReadRow>(db, tradersStatement, [
    pairs.map((p) => p.userId),
    pairs.map((p) => p.tokenId),
    marker?.id ?? null,
    marker?.status ?? null,
    marker?.quantity ?? null,
    marker?.filled_quantity ?? null,
    marker?.priority ?? null,
  ]);
  return tradersOfRows(rows);
}

/** `userIds` (those that exist) with every wallet each holds, in one round trip. */
export async function readWholeTraders(db: Db, userIds: readonly string[]): Promise<TraderReads> {
  if (userIds.length === 0) return tradersOfRows([]);
  const { rows } = await runPrepared<TraderReadRow>(db, wholeTradersStatement, [userIds]);
  return tradersOfRows(rows);
}

function tradersOfRows(rows: readonly TraderReadRow[]): TraderReads {
  const traders = new Map<string, TraderRow>();
  const wallets = new Map<string, Map<string, HeldTokens>>();
  const walletVersions = new Map<string, Map<string, number>>();
  let markerSeen = false;
  for (const row of rows) {
    const {
      token_id: tokenId,
      balance,
      locked_balance,
      frozen_quantity,
      address_frozen,
      wallet_version,
      marker_seen,
      ...user
    } = row;
    markerSeen = marker_seen;
    traders.set(user.id, user);
    if (tokenId !== null && balance !== null && locked_balance !== null) {
      let ofToken = wallets.get(tokenId);
      if (!ofToken) wallets.set(tokenId, (ofToken = new Map<string, HeldTokens>()));
      ofToken.set(user.id, {
        balance,
        locked: locked_balance,
        frozen: frozen_quantity ?? 0,
        addressFrozen: address_frozen ?? false,
      });
      let versions = walletVersions.get(tokenId);
      if (!versions) walletVersions.set(tokenId, (versions = new Map<string, number>()));
      versions.set(user.id, wallet_version!);
    }
  }
  return { traders, wallets, walletVersions, markerSeen };
}

/** The rows of one write, each kind as one list (its columns become the statement's arrays). */
interface WriteRows {
  now: Date;
  inserted: Order[];
  updated: Order[];
  history: HistoryRow[];
  trades: Trade[];
  candles: CandleRow[];
  movements: FiatMovement[];
  wallets: WalletRow[];
  books: BookRow[];
  refusals: readonly NewOrderRefusal[];
  fence: Fence | null;
  guard: ReadVersions | null;
}

interface WalletRow {
  id: string;
  user_id: string;
  token_id: string;
  balance: number;
  locked_balance: number;
}

interface BookRow {
  id: string;
  book_sequence: number;
  last_price: string | null;
  halted_until: Date | null;
  last_uncross_at: Date | null;
}

/** The columns of each kind of row a write has, with their SQL types (the statement's arrays). */
const columns = {
  inserted: {
    id: 'uuid',
    user_id: 'uuid',
    token_id: 'uuid',
    side: 'varchar',
    order_type: 'varchar',
    time_in_force: 'varchar',
    price: 'numeric',
    stop_price: 'numeric',
    quantity: 'bigint',
    filled_quantity: 'bigint',
    remaining_quantity: 'bigint',
    locked_fiat: 'numeric',
    filled_value: 'numeric',
    status: 'varchar',
    cancel_reason: 'varchar',
    engine_key: 'bigint',
    priority: 'bigint',
    expires_at: 'timestamptz',
    client_order_id: 'varchar',
    request_hash: 'varchar',
  },
  updated: {
    id: 'uuid',
    status: 'varchar',
    quantity: 'bigint',
    filled_quantity: 'bigint',
    remaining_quantity: 'bigint',
    locked_fiat: 'numeric',
    filled_value: 'numeric',
    price: 'numeric',
    cancel_reason: 'varchar',
    priority: 'bigint',
  },
  history: {
    order_id: 'uuid',
    status: 'varchar',
    filled_quantity: 'bigint',
    remaining_quantity: 'bigint',
    reason: 'varchar',
    price: 'numeric',
    quantity: 'bigint',
    book_sequence: 'bigint',
  },
  refusals: {
    user_id: 'uuid',
    token_id: 'uuid',
    order_id: 'uuid',
    action: 'varchar',
    side: 'varchar',
    order_type: 'varchar',
    time_in_force: 'varchar',
    price: 'numeric',
    stop_price: 'numeric',
    quantity: 'bigint',
    client_order_id: 'varchar',
    code: 'varchar',
    book_sequence: 'bigint',
  },
  trades: {
    id: 'uuid',
    token_id: 'uuid',
    buy_order_id: 'uuid',
    sell_order_id: 'uuid',
    buy_otc_order_id: 'uuid',
    sell_otc_order_id: 'uuid',
    buyer_id: 'uuid',
    seller_id: 'uuid',
    taker_side: 'varchar',
    price: 'numeric',
    quantity: 'bigint',
    total: 'numeric',
    platform_fee: 'numeric',
    effective_fee_bps: 'integer',
    auction_id: 'uuid',
    accrued_interest: 'numeric',
  },
  candles: {
    token_id: 'uuid',
    interval: 'varchar',
    start: 'timestamptz',
    open: 'numeric',
    high: 'numeric',
    low: 'numeric',
    close: 'numeric',
    volume: 'bigint',
    trades: 'integer',
  },
  wallets: {
    id: 'uuid',
    user_id: 'uuid',
    token_id: 'uuid',
    balance: 'bigint',
    locked_balance: 'bigint',
  },
  books: {
    id: 'uuid',
    book_sequence: 'bigint',
    last_price: 'numeric',
    halted_until: 'timestamptz',
    last_uncross_at: 'timestamptz',
  },
} as const;

/**
 * The parts a write's statement may have, each present only when the write has its rows: the
 * statement of every part cost PostgreSQL 3.4 to 4.0 ms of CPU a batch of one order, its parts
 * alone 2.0 to 2.7 ms without a trade (docs/performance.md). `trades` brings their settlement
 * rows, token movements and candles.
 */
const writeParts = {
  fence: (w: WriteRows) => w.fence !== null && w.fence.tokenIds.length > 0,
  inserted: (w: WriteRows) => w.inserted.length > 0,
  updated: (w: WriteRows) => w.updated.length > 0,
  history: (w: WriteRows) => w.history.length > 0,
  refusals: (w: WriteRows) => w.refusals.length > 0,
  trades: (w: WriteRows) => w.trades.length > 0,
  movements: (w: WriteRows) => w.movements.length > 0,
  wallets: (w: WriteRows) => w.wallets.length > 0,
  books: (w: WriteRows) => w.books.length > 0,
  guard: (w: WriteRows) => w.guard !== null,
};
type Part = keyof typeof writeParts;
const partNames = Object.keys(writeParts) as Part[];

interface WriteStatement {
  statement: Prepared;
  valuesOf: (rows: WriteRows) => unknown[];
}

/**
 * Everything a batch decided, for all its books, in one statement (atomic on its own: no
 * transaction, no begin and commit round trips): its new orders, the changes of orders already
 * stored, the status history, the refusals, each trade with its first settlement history row, its
 * entry in the settlement queue and its token movement (the register's record, src/lib/ledger/token-movements.ts), the candles the
 * trades fall in, the fiat movements (fiat-ledger.ts), the token wallets, and each book's
 * sequence, last price and halt; of those, the parts in `has` (a statement per shape of write,
 * each named and planned once per connection). Foreign keys between the rows are checked at the
 * statement's end, when all are in. Its parameters are declared as its text is written (`p`).
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
 *
 * The guard: a batch planned on cached reads (read-cache.ts) is written only if every user, wallet
 * and token row it was planned on still has the version it had then, and the users and wallets
 * the balances it planned with (a wallet the user had none of, still none); otherwise `trading_reads_stale()` refuses it (SQLSTATE TB002), as of the
 * statement's snapshot, the same moment a fresh read would have seen.
 */
function writeStatementOf(has: ReadonlySet<Part>, name: string): WriteStatement {
  const p = new StatementParameters<WriteRows>();
  let at: string | undefined;
  // declared where first used: a parameter the text never names has no type PostgreSQL can infer
  const now = () => (at ??= p.one('timestamptz', (w) => w.now));
  const ctes: string[] = [];
  /** the count that makes a lock step wait for the one before it */
  let after: string | null = null;
  if (has.has('fence')) {
    const tokens = p.one('uuid[]', (w) => w.fence!.tokenIds);
    const epochs = p.one('bigint[]', (w) => w.fence!.epochs);
    const node = p.one('varchar', (w) => w.fence!.node);
    ctes.push(`fence as (
     select case when count(*) = cardinality(${tokens}) then true else book_lease_lost() end
       as held
     from (
       select token_id, epoch from book_leases
       where token_id = any(${tokens}) and owner_node = ${node}
       order by token_id for share
     ) l
     join unnest(${tokens}, ${epochs}) as v(token_id, epoch)
       on v.token_id = l.token_id and v.epoch = l.epoch
   )`);
  }
  if (has.has('inserted')) {
    const rows = p.rows((w) => w.inserted, columns.inserted);
    ctes.push(`new_orders as (
     insert into orders (${rows.names}, created_at, updated_at)
     select ${rows.names}, ${now()}, ${now()} from ${rows.unnest('v')}
   )`);
  }
  if (has.has('updated')) {
    const rows = p.rows((w) => w.updated, columns.updated);
    ctes.push(`changed_orders as (
     update orders o set
       status = v.status, quantity = v.quantity, filled_quantity = v.filled_quantity,
       remaining_quantity = v.remaining_quantity, locked_fiat = v.locked_fiat,
       filled_value = v.filled_value, price = v.price, cancel_reason = v.cancel_reason,
       priority = v.priority, updated_at = ${now()}
     from ${rows.unnest('v')}
     where o.id = v.id
   )`);
  }
  if (has.has('history')) {
    const rows = p.rows((w) => w.history, columns.history);
    ctes.push(`history as (
     insert into order_status_history (${rows.names}, created_at)
     select ${rows.names}, ${now()} from ${rows.unnest('v')}
   )`);
  }
  if (has.has('refusals')) {
    const rows = p.rows((w) => w.refusals, columns.refusals);
    ctes.push(`refused as (
     insert into order_refusals (${rows.names})
     select ${rows.names} from ${rows.unnest('v')}
   )`);
  }
  if (has.has('trades')) {
    const rows = p.rows((w) => w.trades, columns.trades);
    const trade = rows.column;
    const candles = p.rows((w) => w.candles, columns.candles);
    ctes.push(`new_trades as (
     insert into trades (${rows.names}, created_at, updated_at)
     select ${rows.names}, ${now()}, ${now()} from ${rows.unnest('v')}
     returning id
   ), settlement as (
     insert into trade_settlement_history (trade_id, status, created_at)
     select id, 'pending', ${now()} from new_trades
   ), queued as (
     insert into settlement_queue (trade_id, created_at)
     select id, ${now()} from new_trades
   ), token_moves as (
     insert into token_movements
       (token_id, kind, from_user_id, to_user_id, quantity, at, source_type, source_id)
     select v.token_id, 'trade', v.seller_id, v.buyer_id, v.quantity, ${now()}, 'trade', v.id
     from unnest(${trade.id}, ${trade.token_id}, ${trade.seller_id}, ${trade.buyer_id},
       ${trade.quantity}) as v(id, token_id, seller_id, buyer_id, quantity)
   ), candle_rows as (
     insert into candles (${candles.names})
     select ${candles.names} from ${candles.unnest('v')}
     on conflict (token_id, interval, start) do update set
       high = greatest(candles.high, excluded.high), low = least(candles.low, excluded.low),
       close = excluded.close, volume = candles.volume + excluded.volume,
       trades = candles.trades + excluded.trades
   )`);
  }
  if (has.has('movements')) {
    const first = p.several(fiatBatchParameterCount, (w) => fiatBatchParameters(w.movements));
    ctes.push(fiatBatchCtes(first));
    after = '(select count(*) from fiat_ledger_rows)';
  }
  if (has.has('wallets')) {
    const rows = p.rows((w) => w.wallets, columns.wallets);
    const wallet = rows.column;
    ctes.push(`present as (
     select user_id, token_id from wallets
     where (user_id, token_id) in (select * from unnest(${wallet.user_id}, ${wallet.token_id}))
       ${after === null ? '' : `and ${after} >= 0`}
     order by user_id, token_id for no key update
   ), created as (
     insert into wallets (${rows.names})
     select ${rows.names} from ${rows.unnest('v')}
     where (v.user_id, v.token_id) not in (select user_id, token_id from present)
     on conflict (user_id, token_id) do update set
       balance = wallets.balance + excluded.balance,
       locked_balance = wallets.locked_balance + excluded.locked_balance, updated_at = now()
     returning 1
   ), changed as (
     update wallets w set
       balance = w.balance + v.balance, locked_balance = w.locked_balance + v.locked_balance,
       updated_at = now()
     from ${rows.unnest('v')}
     where w.user_id = v.user_id and w.token_id = v.token_id
       and (w.user_id, w.token_id) in (select user_id, token_id from present)
     returning 1
   )`);
    after = '(select count(*) from created) + (select count(*) from changed)';
  }
  if (has.has('guard')) {
    const users = p.rows((w) => w.guard!.users, {
      id: 'uuid',
      version: 'bigint',
      fiat_balance: 'numeric',
    });
    const wallets = p.rows((w) => w.guard!.wallets, {
      user_id: 'uuid',
      token_id: 'uuid',
      version: 'bigint',
      balance: 'bigint',
      locked: 'bigint',
    });
    const tokens = p.rows((w) => w.guard!.tokens, { id: 'uuid', version: 'bigint' });
    // a lookup by key per row, whatever the arrays' sizes: a generic plan of a join could scan
    ctes.push(`guard as (
     select case when exists (
         select 1 from ${users.unnest('v')}
         where (select row(u.trading_version, u.fiat_balance) from users u where u.id = v.id)
           is distinct from row(v.version, v.fiat_balance)
       ) or exists (
         select 1 from ${wallets.unnest('v')}
         where coalesce((
             select row(w.trading_version, w.balance, w.locked_balance) from wallets w
             where w.user_id = v.user_id and w.token_id = v.token_id
           ), row(-1::bigint, null::bigint, null::bigint))
           is distinct from row(v.version, v.balance, v.locked)
       ) or exists (
         select 1 from ${tokens.unnest('v')}
         where (select t.trading_version from tokens t where t.id = v.id) is distinct from v.version
       ) then trading_reads_stale() else true end as held
   )`);
  }
  const ledgerRows = has.has('movements')
    ? '(select count(*)::integer from fiat_ledger_rows)'
    : '0';
  const held =
    [
      ...(has.has('fence') ? ['(select held from fence)'] : []),
      ...(has.has('guard') ? ['(select held from guard)'] : []),
    ].join(' and ') || 'true';
  let main = `select ${ledgerRows} as ledger_rows where ${held}`;
  if (has.has('books')) {
    const rows = p.rows((w) => w.books, columns.books);
    ctes.push(`token_locks as (
     select id from tokens
     where id = any(${rows.column.id}) ${after === null ? '' : `and ${after} >= 0`}
     order by id for no key update
   )`);
    main = `update tokens t set book_sequence = v.book_sequence,
     last_price = coalesce(v.last_price, t.last_price),
     halted_until = coalesce(v.halted_until, t.halted_until),
     last_uncross_at = coalesce(v.last_uncross_at, t.last_uncross_at)
   from ${rows.unnest('v')}
   where t.id = v.id and t.id in (select id from token_locks) and ${held}
   returning ${ledgerRows} as ledger_rows`;
  }
  const text = ctes.length > 0 ? `with ${ctes.join(', ')}\n   ${main}` : main;
  return { statement: prepared(name, text), valuesOf: (rows) => p.valuesOf(rows) };
}

/** The statement of each shape of write met so far, by the bits of its parts. */
const writeStatements = new Map<number, WriteStatement>();

function writeStatementFor(rows: WriteRows): WriteStatement {
  let bits = 0;
  partNames.forEach((part, i) => {
    if (writeParts[part](rows)) bits |= 1 << i;
  });
  let found = writeStatements.get(bits);
  if (!found) {
    const has = new Set(partNames.filter((_, i) => (bits & (1 << i)) !== 0));
    found = writeStatementOf(has, `batch_write_${bits.toString(16)}`);
    writeStatements.set(bits, found);
  }
  return found;
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

/** The SQLSTATE of a write refused by its guard: a row it was planned on changed (migration 0071). */
export const readsStaleCode = 'TB002';

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
  guard: ReadVersions | null = null,
): Promise<void> {
  const movements = [...fiat.movements];
  const fees = parts.reduce((sum, { batch }) => sum + batch.fees, 0n);
  if (fees !== 0n) {
    // The treasury's fee is one row per batch, not per trade: it is the one row every trade
    // of every token would otherwise wait for (DECISIONS "Trading", fees).
    movements.push({
      userId: treasuryId,
      amount: formatCents(fees),
      kind: 'trade_fee',
      referenceType: 'trade_batch',
      referenceId: parts[0]!.batch.id,
    });
  }
  const inserted = parts.flatMap(({ batch }) => [...batch.inserted.values()]);
  const updated = parts.flatMap(({ batch }) =>
    [...batch.updated.values()].filter((row) => !batch.inserted.has(row.id)),
  );
  const wallets = parts.flatMap(({ tokenId, batch }) =>
    [...batch.wallets]
      .filter(([, delta]) => delta.balance !== 0 || delta.locked !== 0)
      .map(([userId, delta]) => ({
        id: newId(),
        user_id: userId,
        token_id: tokenId,
        balance: delta.balance,
        locked_balance: delta.locked,
      })),
  );
  const trades = parts.flatMap(({ batch }) => batch.trades);
  const rows: WriteRows = {
    now,
    inserted,
    updated,
    history: parts.flatMap(({ batch }) => batch.history),
    trades,
    candles: parts.flatMap(({ batch }) => candleBuckets(batch.trades)),
    movements,
    wallets,
    books: parts.map(({ tokenId, batch, bookSequence }) => ({
      id: tokenId,
      book_sequence: bookSequence,
      last_price: batch.lastPrice,
      halted_until: batch.haltedUntil,
      last_uncross_at: batch.lastUncrossAt,
    })),
    refusals,
    fence,
    guard,
  };
  const { statement, valuesOf } = writeStatementFor(rows);
  const written = runPrepared<{ ledger_rows: number }>(db, statement, valuesOf(rows)).then(
    (result) => result.rows[0]?.ledger_rows ?? 0,
  );
  await fiatBatchOutcome(written, movements);
}

/** fiat_balance, in cents, as the batch's starting point for the users it checks. */
export function fiatBalancesOf(traders: Map<string, TraderRow>): Map<string, bigint> {
  return new Map([...traders.values()].map((user) => [user.id, centsOf(user.fiat_balance)]));
}
