/**
 * The platform API's bodies the client reads, as the SDK's types generated from the platform's
 * OpenAPI document (src/sdk/generated/platform.ts) name them: a route's schema changed fails the
 * client's typecheck instead of the screen.
 */
import type { ClientPathsWithMethod, MethodResponse } from 'openapi-fetch';
import type { paths } from '../../sdk/generated/platform.js';
import type { platform } from './api.js';

type Platform = typeof platform;
/** The success body of `GET path`. */
export type Got<P extends ClientPathsWithMethod<Platform, 'get'>> = MethodResponse<
  Platform,
  'get',
  P
>;
/** The success body of `POST path`. */
export type Posted<P extends ClientPathsWithMethod<Platform, 'post'>> = MethodResponse<
  Platform,
  'post',
  P
>;
/** The JSON body `POST path` takes. */
export type PostBody<P extends ClientPathsWithMethod<Platform, 'post'>> = paths[P]['post'] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;
/** A row of a list route's `data`. */
type Row<P extends ClientPathsWithMethod<Platform, 'get'>> =
  Got<P> extends { data: (infer R)[] } ? R : never;

export type Me = Got<'/api/v1/me'>;
export type Role = Me['role'];
export type Permissions = Got<'/api/v1/me/permissions'>;
export type Permission = Permissions[keyof Permissions];

export type KycStatus = Got<'/api/v1/kyc/me'>;
export type KycApplication = NonNullable<KycStatus['application']>;
/** Where the latest application stands (a provider application: the provider's live state). */
export type KycStage = NonNullable<KycStatus['stage']>;

export type Business = Row<'/api/v1/businesses'>;
export type KybApplication = Row<'/api/v1/admin/kyb'>;
export type KybOwner = KybApplication['owners'][number];

export type Token = Got<'/api/v1/tokens/{id}'>;
export type Round = Row<'/api/v1/tokens/{id}/rounds'>;

/** A person as staff lists name them (`user` of a staff list's rows). */
export type UserRef = Row<'/api/v1/admin/user-refs'>;

export type Portfolio = Got<'/api/v1/portfolio'>;
/** A subscription of the primary offering as staff list them. */
export type Allocation = Row<'/api/v1/admin/allocations'>;
/** A dividend paid to the portfolio's owner (GET /portfolio `dividends`). */
export type DividendReceived = Portfolio['dividends'][number];

export type FiatRequest = Row<'/api/v1/fiat/deposits'> | Row<'/api/v1/fiat/withdrawals'>;
/** A deposit or withdrawal as staff list them: with the investor's address. */
export type StaffFiatRequest =
  Row<'/api/v1/admin/fiat/deposits'> | Row<'/api/v1/admin/fiat/withdrawals'>;
export type Payee = NonNullable<FiatRequest['bank_account']>;
/** GET /fiat/bank-account's account: the number shown by its last four characters. */
export type BankAccount = NonNullable<Got<'/api/v1/fiat/bank-account'>['bank_account']>;
export type LedgerRow = Row<'/api/v1/fiat/ledger'>;

/** Dividends (docs/dividends.md). */
export type Dividend = Row<'/api/v1/dividends'>;
/** A holder's payment of a dividend; staff's rows name the holder. */
export type DividendPayment = Row<'/api/v1/dividends/{id}/payments'> &
  Partial<Pick<Row<'/api/v1/admin/dividends/{id}/payments'>, 'user'>>;

/** A user as staff list them (GET /admin/users). */
export type UserRow = Row<'/api/v1/admin/users'>;

/** A token agent's action (docs/compliance.md "Agent actions"). */
export type AgentAction = Row<'/api/v1/admin/agent-actions'>;
export type WalletRecovery = Got<'/api/v1/wallet/recovery'>;

/** Splits and consolidations (docs/corporate-actions.md). */
export type Split = Row<'/api/v1/splits'>;

/** A debt token's terms, schedule and calls (GET /api/v1/tokens/:id/debt). */
export type DebtSchedule = Got<'/api/v1/tokens/{token_id}/debt'>;
export type DebtTermsView = DebtSchedule['terms'];
export type DebtPaymentView = DebtSchedule['payments'][number];
export type DebtCallView = Row<'/api/v1/admin/debt-calls'>;
export type DebtBurnFailure = Row<'/api/v1/admin/debt-burn-failures'>;
/** A holder's coupon or redemption (GET /api/v1/debt-payments). */
export type HolderDebtPayment = Row<'/api/v1/debt-payments'>;

/** Shareholder meetings (docs/corporate-actions.md "Shareholder votes"). */
export type Meeting = Got<'/api/v1/meetings/{id}'>;
/** A holder of record with their weight and votes, as staff see a meeting's ballots. */
export type Ballot = Row<'/api/v1/admin/meetings/{id}/ballots'>;
export type Vote = Ballot['votes'][number];

/** The compliance rules of a token as a buyer is told them (docs/compliance.md). */
export type TokenRules = Got<'/api/v1/tokens/{id}/compliance-rules'>;
export type TokenCharts = Got<'/api/v1/tokens/{id}/charts'>;
export type Activity = Got<'/api/v1/admin/activity'>;
/** The register of holders as of an instant (docs/reports.md). */
export type Register = Got<'/api/v1/tokens/{id}/register'>;

/** A currency's cash reconciled over a month (docs/reports.md "Statements"). */
export type CashAccount = Got<'/api/v1/statements/monthly'>['cash'][number];

/** An investor's classification tier (GET /classification). */
export type Tier = Got<'/api/v1/classification'>['tier'];

export type ApiKey = Got<'/api/v1/me/api-keys'>['items'][number];
/** A new key: its secret shown this once. */
export type CreatedKey = Posted<'/api/v1/me/api-keys'>;
