/**
 * Every value of every enumerated field fits each column it is written to, as the migrated
 * database declares it: its type and length, and its CHECK constraints, the table's or its
 * domain's (the tables a trading batch writes hold single-column rules in domains). A value one character
 * too long for its column fails only when a row carrying it is written (a POST_ONLY order's
 * refusal once failed its whole batch so), so each value is written here, into a copy of its
 * table's columns and checks. The values come from the code: its `as const` arrays, or a record
 * keyed by a column's type, which fails to compile when the type gains or loses a value.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { errorCatalogue } from '../errors.js';
import { balanceCurrencies, ledgerKinds, type BalanceMovement } from '../ledger/fiat-ledger.js';
import type { Selectable } from 'kysely';
import type { Database } from './schema.js';
import {
  accountTypes,
  chainTransactionStatuses,
  roleGrantStatuses,
  roles,
  verificationStatuses,
  type AccreditationStatus,
  type ChainAlert,
  type FatcaStatus,
  type PayerType,
  type RoleGrantsTable,
} from './schema.js';
import { emailTokenPurposes, outboundEmailStatuses } from './schema-mail.js';
import { agentActionKinds, agentActionStatuses, identityChecks } from './schema-agent-actions.js';
import {
  debtCallStatuses,
  debtPaymentKinds,
  debtPaymentStatuses,
  type BurnBatchStatus,
} from './schema-debt.js';
import { dayCounts, frequencies } from '../debt/debt-schedule.math.js';
import {
  dividendPaymentStatuses,
  dividendStatuses,
  dividendTypes,
  type ChainBatchStatus,
} from './schema-dividends.js';
import {
  bankAccountSchemes,
  depositStatuses,
  withdrawalStatuses,
  type FiatRequestKind,
  type WalletCustody,
} from './schema-fiat.js';
import {
  tokenStatuses,
  type AllocationStatus,
  type AllocationType,
  type ChainSync,
  type OnChainStatus,
  type TradingMode,
  type WalletTransactionsTable,
  type WalletTransactionType,
} from './schema-issuance.js';
import { alertStatuses, surveillanceRules } from './schema-market-data.js';
import { majorities, meetingStatuses } from './schema-meetings.js';
import { otcStatuses } from './schema-otc.js';
import { fixSessionKinds } from './schema-fix.js';
import {
  classificationStatuses,
  documentContentTypes,
  documentPurposes,
  documentSubjects,
} from './schema-documents.js';
import { marketModels } from './schema-sessions.js';
import { tokenMovementKinds } from './schema-registers.js';
import {
  splitHolderStatuses,
  splitJobStates,
  splitStatuses,
  type ShareSplitBatchesTable,
  type ShareSplitsTable,
} from './schema-splits.js';
import {
  orderSides,
  orderStatuses,
  orderTypes,
  settlementQueueStates,
  settlementStatuses,
  timesInForce,
  type FatFingerMode,
  type OrderRefusalsTable,
  type SettlementType,
} from './schema-trading.js';
import type {
  ApplicationStatus,
  BusinessesTable,
  BusinessKind,
  DocumentType,
  IdentityCountryUpdatesTable,
  KycClaimRevocationsTable,
  NotificationsTable,
  OwnerRole,
  RejectType,
  ReviewAnswer,
  VerificationProvider,
} from './schema-verification.js';
import type { EndReason } from '../../trading/books/execution.js';
import { candleIntervals } from '../../trading/market-data/markets.schemas.js';
import { notificationKinds } from '../../platform/verification/notifications.queries.js';

/** Every value of a union type: the record must name each, and nothing else, to compile. */
const every = <T extends string>(values: Record<T, true>): T[] => Object.keys(values) as T[];

type Table = keyof Database;

/** Rows of values written together to one table (columns a check ties together go in one row). */
interface Case {
  table: Table;
  rows: Record<string, string>[];
}

/** Each value of `values` alone in `column` of each of `tables`. */
function written(values: readonly string[], ...columns: `${Table}.${string}`[]): Case[] {
  return columns.map((qualified) => {
    const [table, column] = qualified.split('.') as [Table, string];
    return { table, rows: values.map((value) => ({ [column]: value })) };
  });
}

const endReasons = every<EndReason>({
  CANCELLED_BY_OWNER: true,
  EXPIRED: true,
  TOKEN_CLOSED: true,
  TRADING_MODE_CHANGED: true,
  CORPORATE_ACTION: true,
  SELF_TRADE_PREVENTED: true,
  ADDRESS_FROZEN: true,
  TOKEN_UNITS_FROZEN: true,
  KYC_REVOKED: true,
});
const applicationStatuses = every<ApplicationStatus>({
  pending: true,
  in_review: true,
  approved: true,
  rejected: true,
});
const verificationProviders = every<VerificationProvider>({ manual: true, provider: true });
const reviewAnswers = every<ReviewAnswer>({ GREEN: true, RED: true });
const rejectTypes = every<RejectType>({ RETRY: true, FINAL: true });
const chainSyncs = every<ChainSync>({ synced: true, pending: true, failed: true });

const cases: Case[] = [
  // the order path: orders, their history, their refusals, trades and their settlement
  ...written(
    orderSides,
    'orders.side',
    'order_refusals.side',
    'otc_orders.side',
    'trades.taker_side',
  ),
  ...written(orderTypes, 'orders.order_type', 'order_refusals.order_type'),
  ...written(timesInForce, 'orders.time_in_force', 'order_refusals.time_in_force'),
  ...written(orderStatuses, 'orders.status', 'order_status_history.status'),
  ...written(endReasons, 'orders.cancel_reason', 'order_status_history.reason'),
  // an amend's history row
  ...written(['AMENDED'], 'order_status_history.reason'),
  // every refusal the API can answer is recorded with its code
  ...written(Object.keys(errorCatalogue), 'order_refusals.code'),
  ...written(
    every<OrderRefusalsTable['action']>({ place: true, amend: true, cancel: true }),
    'order_refusals.action',
  ),
  ...written(otcStatuses, 'otc_orders.status'),
  ...written(fixSessionKinds, 'fix_sessions.kind'),
  ...written(settlementStatuses, 'trades.settlement_status', 'trade_settlement_history.status'),
  ...written(settlementQueueStates, 'settlement_queue.state'),
  ...written(every<SettlementType>({ on_chain: true, off_chain: true }), 'trades.settlement_type'),
  ...written(Object.keys(candleIntervals), 'candles.interval'),
  ...written(surveillanceRules, 'surveillance_alerts.rule'),
  ...written(alertStatuses, 'surveillance_alerts.status'),
  // tokens and their issuance
  ...written(tokenStatuses, 'tokens.status'),
  ...written(
    every<TradingMode>({ primary_subscription: true, full_orderbook: true, fixed_price_otc: true }),
    'tokens.trading_mode',
  ),
  ...written(every<FatFingerMode>({ block: true, confirm: true }), 'tokens.fat_finger_mode'),
  ...written(marketModels, 'token_trading_sessions.market_model'),
  ...written(chainSyncs, 'tokens.chain_sync', 'token_compliance_rules.chain_sync'),
  ...written(
    every<AllocationType>({
      primary: true,
      secondary: true,
      airdrop: true,
      go_live: true,
      team: true,
      reserve: true,
    }),
    'token_allocations.allocation_type',
  ),
  ...written(
    every<AllocationStatus>({ pending_payment: true, confirmed: true, rejected: true }),
    'token_allocations.status',
  ),
  ...written(
    every<OnChainStatus>({ pending: true, minting: true, minted: true, failed: true }),
    'token_allocations.on_chain_status',
  ),
  ...written(tokenMovementKinds, 'token_movements.kind'),
  ...written(splitStatuses, 'share_splits.status'),
  ...written(splitJobStates, 'share_splits.job_state'),
  ...written(
    every<NonNullable<ShareSplitsTable['reference_source']>>({
      last_trade: true,
      nav: true,
      offering: true,
    }),
    'share_splits.reference_source',
  ),
  ...written(splitHolderStatuses, 'share_split_holders.status'),
  ...written(
    every<ShareSplitBatchesTable['status']>({ pending: true, sent: true }),
    'share_split_batches.status',
  ),
  ...written(
    every<WalletTransactionType>({
      token_buy: true,
      token_sell: true,
      dividend: true,
      go_live: true,
      refund: true,
      forced_transfer: true,
    }),
    'wallet_transactions.type',
  ),
  ...written(
    every<WalletTransactionsTable['status']>({ pending: true, completed: true, cancelled: true }),
    'wallet_transactions.status',
  ),
  // money
  ...written(ledgerKinds, 'fiat_ledger.kind'),
  ...written(balanceCurrencies, 'balance_ledger.currency', 'user_balances.currency'),
  ...written(every<BalanceMovement['kind']>({ dividend: true }), 'balance_ledger.kind'),
  // a request's status is checked against its kind
  {
    table: 'fiat_requests',
    rows: [
      ...depositStatuses.map((status) => ({ kind: 'deposit', status })),
      ...withdrawalStatuses.map((status) => ({ kind: 'withdrawal', status })),
    ],
  },
  ...written(every<FiatRequestKind>({ deposit: true, withdrawal: true }), 'fiat_requests.kind'),
  ...written(bankAccountSchemes, 'bank_accounts.scheme'),
  // what investors prove themselves with
  ...written(documentPurposes, 'verification_documents.purpose'),
  ...written(documentContentTypes, 'verification_documents.content_type'),
  ...written(documentSubjects, 'verification_documents.subject_type'),
  ...written(classificationStatuses, 'investor_classifications.status'),
  ...written(
    every<AccreditationStatus>({ retail: true, professional: true, institutional: true }),
    'investor_classifications.tier',
  ),
  ...written(dividendTypes, 'dividend_declarations.dividend_type'),
  ...written(dividendStatuses, 'dividend_declarations.status'),
  ...written(dividendPaymentStatuses, 'dividend_payments.status'),
  ...written(
    every<ChainBatchStatus>({ pending: true, sending: true, sent: true, failed: true }),
    'dividend_chain_batches.status',
  ),
  // debt tokens: a payment past `scheduled` names its declaration
  ...written(frequencies, 'debt_terms.frequency'),
  ...written(dayCounts, 'debt_terms.day_count'),
  ...written(debtPaymentKinds, 'debt_payments.kind'),
  {
    table: 'debt_payments',
    rows: debtPaymentStatuses.map((status): Record<string, string> =>
      status === 'scheduled'
        ? { status }
        : { status, dividend_id: '00000000-0000-4000-8000-000000000001' },
    ),
  },
  ...written(debtCallStatuses, 'debt_calls.status'),
  ...written(
    every<BurnBatchStatus>({ pending: true, sending: true, sent: true, failed: true }),
    'debt_burn_batches.status',
  ),
  // the token's agent
  ...written(agentActionKinds, 'agent_actions.kind'),
  ...written(agentActionStatuses, 'agent_actions.status'),
  ...written(meetingStatuses, 'meetings.status'),
  ...written(majorities, 'meeting_resolutions.majority'),
  ...written(identityChecks, 'agent_actions.identity_check'),
  // the chain
  ...written(chainTransactionStatuses, 'gas_transactions.status'),
  ...written(every<PayerType>({ platform: true, issuer: true }), 'gas_transactions.payer_type'),
  ...written(every<ChainAlert>({ undecided: true, stalled: true }), 'gas_transactions.alert'),
  ...written(
    every<Selectable<KycClaimRevocationsTable>['status']>({
      pending: true,
      revoked: true,
      failed: true,
    }),
    'kyc_claim_revocations.status',
  ),
  // users and their verification
  ...written(roles, 'users.role'),
  ...written(accountTypes, 'users.account_type'),
  ...written(verificationStatuses, 'users.kyc_status', 'businesses.kyb_status'),
  ...written(
    every<AccreditationStatus>({ retail: true, professional: true, institutional: true }),
    'users.accreditation_status',
  ),
  ...written(every<FatcaStatus>({ clear: true, blocked: true }), 'users.fatca_status'),
  ...written(every<WalletCustody>({ custodial: true, self: true }), 'users.wallet_custody'),
  ...written(
    applicationStatuses,
    'kyc_applications.status',
    'kyb_applications.status',
    'business_owners.kyc_status',
  ),
  ...written(
    verificationProviders,
    'kyc_applications.verification_provider',
    'kyb_applications.verification_provider',
  ),
  ...written(
    reviewAnswers,
    'kyc_applications.review_answer',
    'kyb_applications.review_answer',
    'business_owners.review_answer',
  ),
  ...written(
    rejectTypes,
    'kyc_applications.reject_type',
    'kyb_applications.reject_type',
    'business_owners.reject_type',
  ),
  ...written(
    every<DocumentType>({
      passport: true,
      emirates_id: true,
      national_id: true,
      drivers_license: true,
      residence_permit: true,
    }),
    'kyc_applications.document_type',
  ),
  ...written(every<BusinessKind>({ issuer: true, corporate_investor: true }), 'businesses.kind'),
  ...written(
    every<Selectable<BusinessesTable>['status']>({ pending: true, active: true }),
    'businesses.status',
  ),
  ...written(
    every<OwnerRole>({ ubo: true, shareholder: true, director: true, primary_contact: true }),
    'business_owners.role',
  ),
  ...written(notificationKinds, 'notifications.kind'),
  ...written(
    every<IdentityCountryUpdatesTable['reason']>({ verification: true, backfill: true }),
    'identity_country_updates.reason',
  ),
  ...written(
    every<Selectable<IdentityCountryUpdatesTable>['status']>({
      pending: true,
      done: true,
      failed: true,
    }),
    'identity_country_updates.status',
  ),
  // staff accounts and mail
  ...written(every<RoleGrantsTable['role']>({ staff: true, admin: true }), 'role_grants.role'),
  ...written(roleGrantStatuses, 'role_grants.status'),
  ...written(outboundEmailStatuses, 'outbound_emails.status'),
  ...written(emailTokenPurposes, 'email_tokens.purpose'),
  ...written(every<NotificationsTable['audience']>({ reviewers: true }), 'notifications.audience'),
];

/** A column as information_schema describes it. */
interface ColumnRow {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
}

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test?.drop();
});

/**
 * Writes each row into a temporary copy of its table: the same column types (a domain's
 * constraints come with it) and CHECK constraints, without the NOT NULLs and the table checks
 * on columns no row gives (they constrain values the rows do not carry; a domain's pass the
 * null such a column gets). Answers the rows refused, with the database's error.
 */
async function refusedRows({ table, rows }: Case): Promise<string[]> {
  return test.db.connection().execute(async (db) => {
    const probe = sql.table(`probe_${table}`);
    await sql`create temporary table ${probe} (like ${sql.table(table)} including constraints)`.execute(
      db,
    );
    try {
      const given = new Set(rows.flatMap((row) => Object.keys(row)));
      const columns = await sql<{ attname: string; attnotnull: boolean }>`
        select attname, attnotnull from pg_attribute
        where attrelid = ${`pg_temp.probe_${table}`}::regclass and attnum > 0`.execute(db);
      const notNull = columns.rows.filter((c) => c.attnotnull);
      if (notNull.length > 0) {
        const clauses = notNull.map((c) => sql`alter column ${sql.ref(c.attname)} drop not null`);
        await sql`alter table ${probe} ${sql.join(clauses)}`.execute(db);
      }
      const checks = await sql<{ conname: string; columns: string[] }>`
        select c.conname, array(
          select a.attname::text from pg_attribute a
          where a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        ) as columns
        from pg_constraint c
        where c.conrelid = ${`pg_temp.probe_${table}`}::regclass and c.contype = 'c'`.execute(db);
      const unrelated = checks.rows.filter((c) => c.columns.some((name) => !given.has(name)));
      if (unrelated.length > 0) {
        const clauses = unrelated.map((c) => sql`drop constraint ${sql.ref(c.conname)}`);
        await sql`alter table ${probe} ${sql.join(clauses)}`.execute(db);
      }
      const refused: string[] = [];
      for (const row of rows) {
        const names = Object.keys(row);
        try {
          await sql`insert into ${probe} (${sql.join(names.map((name) => sql.ref(name)))})
            values (${sql.join(names.map((name) => row[name]))})`.execute(db);
        } catch (error) {
          refused.push(`${table} ${JSON.stringify(row)}: ${(error as Error).message}`);
        }
      }
      return refused;
    } finally {
      await sql`drop table ${probe}`.execute(db);
    }
  });
}

describe('enumerated columns', () => {
  it('take every value the code writes to them', async () => {
    // one copy of a table for the cases that write the same columns of it
    const probes = new Map<string, Case>();
    for (const { table, rows } of cases) {
      const key = `${table}:${Object.keys(rows[0] ?? {})
        .sort()
        .join()}`;
      const probe = probes.get(key) ?? { table, rows: [] };
      probes.set(key, { table, rows: [...probe.rows, ...rows] });
    }
    const refused: string[] = [];
    for (const probe of probes.values()) refused.push(...(await refusedRows(probe)));
    expect(refused).toEqual([]);
  });

  it('are refused a value their rule does not list, a table check or a domain', async () => {
    // the copies keep both kinds of rule: orders.side's is a domain, order_refusals.side's a check
    const outside = written(['hold'], 'orders.side', 'order_refusals.side');
    const refused = await Promise.all(outside.map((probe) => refusedRows(probe)));
    expect(refused.map((rows) => rows.length)).toEqual([1, 1]);
  });

  it('are each covered here, when the schema lists their values', async () => {
    // a column whose CHECK, its table's or its domain's, lists its values is enumerated: a new
    // one must be added above
    const listed = await sql<{ table: string; column: string }>`
      select c.conrelid::regclass::text as table, a.attname as column
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'c' and c.connamespace = 'public'::regnamespace
        and cardinality(c.conkey) = 1 and pg_get_constraintdef(c.oid) like '%= ANY (%ARRAY[%'
      union
      select a.attrelid::regclass::text, a.attname
      from pg_constraint c
      join pg_attribute a on a.atttypid = c.contypid and a.attnum > 0 and not a.attisdropped
      join pg_class t on t.oid = a.attrelid
      where c.contype = 'c' and c.connamespace = 'public'::regnamespace
        and t.relkind in ('r', 'p') and t.relnamespace = 'public'::regnamespace
        and pg_get_constraintdef(c.oid) like '%= ANY (%ARRAY[%'`.execute(test.db);
    // a domain's list counts: orders.side's is one
    expect(listed.rows).toContainEqual({ table: 'orders', column: 'side' });
    const covered = new Set(
      cases.flatMap(({ table, rows }) =>
        rows.flatMap((row) => Object.keys(row).map((c) => `${table}.${c}`)),
      ),
    );
    const missing = listed.rows.map((r) => `${r.table}.${r.column}`).filter((c) => !covered.has(c));
    expect(missing).toEqual([]);
  });

  it('are text or long enough for the longest value, in the catalogue of columns', async () => {
    // the same, read as the schema declares it: a clear message naming the column and value
    const short: string[] = [];
    for (const { table, rows } of cases) {
      const columns = await sql<ColumnRow>`
        select column_name, data_type, character_maximum_length from information_schema.columns
        where table_schema = 'public' and table_name = ${table}`.execute(test.db);
      const byName = new Map(columns.rows.map((c) => [c.column_name, c]));
      for (const row of rows) {
        for (const [name, value] of Object.entries(row)) {
          const column = byName.get(name);
          if (!column) {
            short.push(`${table}.${name}: no such column`);
            continue;
          }
          const max = column.character_maximum_length;
          if (max !== null && value.length > max) {
            short.push(`${table}.${name} ${column.data_type}(${max}): '${value}'`);
          }
        }
      }
    }
    expect(short).toEqual([]);
  });
});
