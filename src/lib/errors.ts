/**
 * The error catalogue: every rejection the API can give, declared once with its HTTP status and
 * title. Domain code throws `AppError` with a code from here; the HTTP funnel (http/problem.ts)
 * turns it into RFC 9457 problem+json. Codes are a stable contract: add, never rename.
 */
export const errorCatalogue = {
  // 400: the request itself is malformed
  VALIDATION_FAILED: { status: 400, title: 'The request is not valid' },
  MALFORMED_JSON: { status: 400, title: 'The request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'The request body must be application/json' },
  BODY_TOO_LARGE: { status: 400, title: 'The request body is too large' },
  MALFORMED_URL: { status: 400, title: 'A part of the URL does not decode' },
  PARAMETER_TOO_LONG: { status: 414, title: 'A path parameter is too long' },
  MALFORMED_REQUEST: { status: 400, title: 'The HTTP request cannot be parsed' },
  HEADERS_TOO_LARGE: { status: 431, title: 'The request headers are too large' },
  REQUEST_TIMEOUT: { status: 408, title: 'The request was not received in time' },
  // 401: no or bad credentials
  UNAUTHENTICATED: { status: 401, title: 'Authentication is required' },
  INVALID_CREDENTIALS: { status: 401, title: 'Email or password is wrong' },
  INVALID_TOKEN: { status: 401, title: 'The token is invalid, expired or revoked' },
  // second factors (docs/api.md, "Second factors"): each counts as a failed login
  FACTOR_CODE_INVALID: { status: 401, title: 'The code is wrong' },
  FACTOR_CODE_EXPIRED: { status: 401, title: 'The code has expired' },
  FACTOR_CODE_REPLAYED: { status: 401, title: 'The code was already used' },
  PASSKEY_INVALID: { status: 401, title: 'The passkey was not accepted' },
  FACTOR_CHALLENGE_INVALID: {
    status: 401,
    title: 'The sign-in challenge is unknown, used or expired; sign in again',
  },
  INVALID_SERVICE_CREDENTIAL: { status: 401, title: 'A valid service credential is required' },
  // API keys (docs/api.md, "API keys"): the signed request's refusals
  INVALID_API_KEY: { status: 401, title: 'The API key is unknown or revoked' },
  API_KEY_EXPIRED: { status: 401, title: 'The API key has expired' },
  INVALID_SIGNATURE: { status: 401, title: 'The request signature does not match' },
  TIMESTAMP_OUTSIDE_WINDOW: {
    status: 401,
    title: "The request's timestamp is too far from the server's time",
  },
  REPLAYED_REQUEST: { status: 401, title: 'This signed request was already received' },
  API_KEY_IP_NOT_ALLOWED: {
    status: 403,
    title: "The request's address is not in the key's allow-list",
  },
  API_KEY_SCOPE_MISSING: { status: 403, title: 'The API key lacks the scope this route needs' },
  API_KEY_NOT_ACCEPTED: { status: 403, title: 'This route does not accept API keys; sign in' },
  // 403: role or verification gate
  FORBIDDEN_ROLE: { status: 403, title: 'Your role may not do this' },
  ACCOUNT_DISABLED: { status: 403, title: 'The account is disabled' },
  ROLE_NOT_SELF_ASSIGNABLE: { status: 403, title: 'This role cannot be chosen at registration' },
  MFA_ENROLMENT_REQUIRED: { status: 403, title: 'Enrol a second factor before anything else' },
  MFA_REQUIRED: { status: 403, title: 'This action needs a second factor; enrol one' },
  STEP_UP_REQUIRED: { status: 403, title: 'Confirm this action with your second factor' },
  // 404
  NOT_FOUND: { status: 404, title: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, title: 'No such route' },
  FACTOR_NOT_FOUND: { status: 404, title: 'No such second factor' },
  SESSION_NOT_FOUND: { status: 404, title: 'No such open session' },
  // 409: state conflict
  EMAIL_TAKEN: { status: 409, title: 'An account with this email already exists' },
  EMAIL_ALREADY_VERIFIED: { status: 409, title: 'Your email address is already verified' },
  FACTOR_ALREADY_ENROLLED: { status: 409, title: 'An authenticator app is already enrolled' },
  FACTOR_REQUIRED_FOR_ROLE: { status: 409, title: 'Staff and admins keep at least one factor' },
  API_KEY_LIMIT: { status: 409, title: 'You have as many API keys in force as allowed' },
  FIX_COMP_IDS_TAKEN: {
    status: 409,
    title: 'A FIX session with these SenderCompID and TargetCompID exists',
  },
  // 422: business rule refused
  WEAK_PASSWORD: { status: 422, title: 'The password is too weak' },
  NOTIFICATION_REQUIRED: {
    status: 422,
    title: 'Security and agent-action notices always come by email',
  },
  INVALID_IP_ALLOW_LIST: {
    status: 422,
    title: 'An allow-list entry is not an IP address or CIDR range',
  },
  INVALID_API_KEY_EXPIRY: { status: 422, title: "The key's expiry must be in the future" },
  FIX_API_KEY_NOT_USABLE: {
    status: 422,
    title: "The API key is not the user's key in force with the scope the session needs",
  },
  FIX_VENUE_SCOPE_NOT_ALLOWED: {
    status: 422,
    title: 'Only a drop copy of a staff or admin user may copy the whole venue',
  },
  CURRENT_PASSWORD_WRONG: { status: 403, title: 'The current password is wrong' },
  PASSWORD_CHANGE_REQUIRED: {
    status: 403,
    title: 'Change the password you were given before anything else',
  },
  // identity verification
  KYC_REQUIRED: { status: 403, title: 'Approved KYC is required for this action' },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    title: 'Verify your email address first (follow the link we sent you)',
  },
  EMAIL_LINK_INVALID: { status: 400, title: 'The link is invalid, used or expired' },
  KYB_REQUIRED: { status: 403, title: "Your company's approved KYB is required for this action" },
  KYC_LEVEL_TOO_LOW: { status: 403, title: 'A higher KYC level is required for this action' },
  KYB_NOT_APPLICABLE: { status: 403, title: 'KYB is for issuers and corporate investors' },
  KYC_ALREADY_PENDING: { status: 409, title: 'A KYC application is already pending or in review' },
  KYC_ALREADY_APPROVED: { status: 409, title: 'KYC is already approved' },
  KYC_REJECTED_FINAL: { status: 409, title: 'KYC was finally rejected and cannot be resubmitted' },
  KYB_ALREADY_PENDING: { status: 409, title: 'A KYB application is already pending or in review' },
  KYB_ALREADY_APPROVED: { status: 409, title: 'KYB is already approved' },
  APPLICATION_ALREADY_DECIDED: { status: 409, title: 'The application has already been decided' },
  NO_PROVIDER_APPLICATION: { status: 409, title: 'Submit for verification first' },
  REJECTION_REASON_REQUIRED: { status: 422, title: 'A rejection needs a reason' },
  OWNERSHIP_OVER_100: { status: 422, title: 'Ownership percentages add up to more than 100' },
  INVALID_COUNTRY: { status: 400, title: 'Not an ISO 3166 country code' },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, title: 'The webhook digest is missing or wrong' },
  PROVIDER_UNAVAILABLE: { status: 502, title: 'The identity provider is unavailable' },
  PROVIDER_REFUSED: { status: 502, title: 'The identity provider refused the request' },
  PROVIDER_BAD_RESPONSE: {
    status: 502,
    title: 'The identity provider answered with a body that does not match its schema',
  },
  // money
  INSUFFICIENT_FUNDS: { status: 422, title: 'The fiat balance is too low' },
  // issuance and offering
  BUSINESS_NOT_ACTIVE: { status: 409, title: 'The business is not active' },
  BUSINESS_ALREADY_ACTIVE: { status: 409, title: 'The business is already active' },
  KYB_NOT_APPROVED: { status: 409, title: "The business's KYB is not approved" },
  SYMBOL_TAKEN: { status: 409, title: 'A token with this symbol already exists' },
  PERCENTAGES_NOT_100: {
    status: 422,
    title: 'primary_offering_pct, team_pct and reserve_pct must add up to 100',
  },
  TOKEN_STATE_CONFLICT: { status: 409, title: 'The token is not in a state that allows this' },
  TOKEN_ALREADY_DEPLOYED: {
    status: 409,
    title: 'The token is already deployed; its addresses never change',
  },
  TOKEN_NOT_DEPLOYED: { status: 409, title: 'The token is not deployed yet' },
  OFFERING_NOT_OPEN: { status: 422, title: 'The offering is not open' },
  BELOW_MIN_INVESTMENT: { status: 422, title: 'The subscription is below the minimum investment' },
  INVESTMENT_LIMIT_EXCEEDED: {
    status: 422,
    title: 'The subscription exceeds your investment limit',
  },
  SUPPLY_EXHAUSTED: { status: 422, title: 'Not enough tokens remain in the offering' },
  FATCA_BLOCKED: { status: 422, title: 'FATCA-blocked investors may not do this' },
  ALLOCATION_NOT_PENDING: { status: 409, title: 'The allocation is not awaiting payment' },
  ALLOCATION_NOT_FAILED: { status: 409, title: 'Only a failed on-chain allocation can be retried' },
  PAYMENTS_PENDING: {
    status: 409,
    title: 'Allocations still await payment: confirm or reject them first',
  },
  INVALID_WINDOW: { status: 422, title: 'The window must end after it starts, in the future' },
  // fiat requests and wallet addresses
  DEPOSIT_ALREADY_DECIDED: { status: 409, title: 'The deposit has already been decided' },
  WITHDRAWAL_ALREADY_DECIDED: { status: 409, title: 'The withdrawal has already been decided' },
  BANK_ACCOUNT_REQUIRED: {
    status: 409,
    title: 'A bank account for withdrawals must be on file first',
  },
  BANK_ACCOUNT_INVALID: { status: 422, title: 'The bank account is not valid' },
  CLASSIFICATION_INCOMPLETE: {
    status: 422,
    title: 'The classification request lacks a criterion, its evidence or a reason',
  },
  CLASSIFICATION_PENDING: {
    status: 409,
    title: 'A classification request already waits for review',
  },
  CLASSIFICATION_ALREADY_DECIDED: {
    status: 409,
    title: 'The classification request has already been decided',
  },
  DOCUMENT_INVALID: {
    status: 422,
    title: 'The document is not a file that can be kept, or not one of yours to send',
  },
  WALLET_CHALLENGE_INVALID: {
    status: 409,
    title: 'No live wallet challenge: ask for one with GET /api/v1/wallet/challenge',
  },
  WALLET_SIGNATURE_INVALID: {
    status: 422,
    title: 'The signature is not the address signing the challenge',
  },
  WALLET_ADDRESS_TAKEN: { status: 409, title: 'The address is linked to another account' },
  WALLET_ALREADY_LINKED: { status: 409, title: 'A self-custody address is already linked' },
  WALLET_HAS_HOLDINGS: {
    status: 409,
    title: 'The custodial address already holds or is receiving tokens',
  },
  // registers
  REGISTER_AS_OF_FUTURE: { status: 422, title: 'A register is as of now or a past instant' },
  // statements
  STATEMENT_PERIOD_FUTURE: { status: 422, title: 'A statement is for a period that has begun' },
  // charts
  CHART_RANGE_FUTURE: { status: 422, title: "A chart's range ends now or in the past" },
  CHART_RANGE_TOO_LONG: { status: 422, title: "A chart's range holds too many buckets" },
  // dividends
  DIVIDEND_AMOUNT_INVALID: {
    status: 422,
    title: 'Give per_token_usd (fiat, stablecoin) or per_token_qty (token): one, above 0',
  },
  DIVIDEND_DATES_INVALID: {
    status: 422,
    title: 'The payment date must be on or after the record date',
  },
  DIVIDEND_FEE_NOT_APPLICABLE: { status: 422, title: 'Token dividends carry no fee' },
  SPLIT_RATIO_INVALID: {
    status: 422,
    title: 'A split ratio is two whole numbers from 1 to 1000, in lowest terms, not 1:1',
  },
  SPLIT_DATE_INVALID: {
    status: 422,
    title: 'The effective moment must be in the future',
  },
  SPLIT_TOKEN_NOT_TRADING: {
    status: 409,
    title: 'Only a deployed token in secondary trading can be split or consolidated',
  },
  SPLIT_IN_PROGRESS: {
    status: 409,
    title: 'The token has a split or consolidation proposed or under way',
  },
  SPLIT_NOT_PROPOSED: { status: 409, title: 'The split is not awaiting a decision' },
  DIVIDEND_NO_HOLDERS: {
    status: 422,
    title: 'Nobody but the issuer and the treasury holds the token',
  },
  DIVIDEND_NOT_DRAFT: { status: 409, title: 'Only a draft dividend can be submitted' },
  // debt tokens (docs/corporate-actions.md, "Debt tokens")
  DEBT_TERMS_INVALID: { status: 422, title: 'The debt terms are not valid' },
  DEBT_MATURITY_OFF_SCHEDULE: {
    status: 422,
    title: 'The maturity date is not a coupon date of the schedule',
  },
  DEBT_CALL_INVALID: { status: 422, title: 'The debt cannot be called on that date' },
  DEBT_CALL_EXISTS: { status: 409, title: 'The token already has a call awaiting or approved' },
  DEBT_BURN_NOT_FAILED: {
    status: 409,
    title: 'The redemption has no burn on chain that failed for good',
  },
  DEBT_BURN_RETRY_NOT_REQUESTED: {
    status: 409,
    title: 'No member of staff asked to retry the failed burn',
  },
  DEBT_CALL_NOT_PENDING: { status: 409, title: 'The call is not awaiting a decision' },
  DIVIDEND_NOT_PENDING_APPROVAL: {
    status: 409,
    title: 'Only a dividend pending approval can be approved',
  },
  DIVIDEND_RECORD_DATE_PENDING: {
    status: 409,
    title: 'The holders are not counted yet: the record date is still to come',
  },
  DIVIDEND_NOT_APPROVED: { status: 409, title: 'Only an approved dividend can be distributed' },
  DIVIDEND_NOT_CANCELLABLE: {
    status: 409,
    title: 'The dividend can no longer be cancelled by you',
  },
  DIVIDEND_PAYMENT_NOT_FAILED: {
    status: 409,
    title: 'Only a failed dividend payment can be retried',
  },
  DIVIDEND_NO_FAILED_CHAIN_BATCH: {
    status: 409,
    title: 'The dividend has no failed on-chain transfer to retry',
  },
  // shareholder votes (docs/corporate-actions.md "Shareholder votes")
  MEETING_DATES_INVALID: {
    status: 422,
    title: 'The record date must not follow the opening, which must precede a close still to come',
  },
  MEETING_RESOLUTIONS_INVALID: {
    status: 422,
    title: 'Each resolution needs distinct choices, one for it and one against it',
  },
  MEETING_NOT_PROPOSED: { status: 409, title: 'The meeting is not awaiting a decision' },
  MEETING_NOT_CLOSED: { status: 409, title: 'The result is published when voting closes' },
  VOTING_NOT_OPEN: { status: 409, title: 'Voting on this meeting has not opened yet' },
  VOTING_CLOSED: { status: 409, title: 'Voting on this meeting has closed' },
  NOT_HOLDER_OF_RECORD: {
    status: 403,
    title: 'Only a holder of the token at the record date votes',
  },
  VOTES_EXCEED_WEIGHT: {
    status: 422,
    title: 'More votes on a resolution than the holding at the record date',
  },
  MEETING_CHOICE_UNKNOWN: {
    status: 422,
    title: 'A vote names a resolution or choice the meeting does not have, or one twice',
  },
  // trading (src/trading): order entry, eligibility, risk, order states
  TRADING_MODE_PRIMARY_ONLY: {
    status: 422,
    title: 'The token is in primary subscription: it has no order book',
  },
  TRADING_MODE_OTC: {
    status: 422,
    title: 'The token trades over the counter at a fixed price, not on the order book',
  },
  TOKEN_NOT_TRADING: { status: 409, title: 'The token is not live for trading' },
  TRADING_HALTED: { status: 422, title: "The token's book is halted by the circuit breaker" },
  TRADING_NOT_HALTED: { status: 409, title: "The token's book is not halted" },
  TRADING_MODE_UNCHANGED: { status: 409, title: 'The token already trades in this mode' },
  FAT_FINGER_BLOCKED: { status: 422, title: 'The price is too far from the last trade price' },
  FAT_FINGER_CONFIRMATION_REQUIRED: {
    status: 422,
    title: 'The price is far from the last trade price: confirm with confirm_fat_finger',
  },
  NAV_DEVIATION_CONFIRMATION_REQUIRED: {
    status: 422,
    title: 'The price deviates from the latest NAV: confirm with confirm_nav_deviation',
  },
  PRICE_NOT_ON_TICK: { status: 422, title: "The price is not a multiple of the token's tick size" },
  PRICE_REQUIRED: { status: 400, title: 'This order type needs a price' },
  PRICE_NOT_ALLOWED: { status: 400, title: 'This order type takes no price' },
  STOP_PRICE_REQUIRED: { status: 400, title: 'Stop orders need a stop_price' },
  STOP_PRICE_NOT_ALLOWED: { status: 400, title: 'Only stop orders take a stop_price' },
  TIME_IN_FORCE_NOT_ALLOWED: {
    status: 400,
    title: 'This time in force is not allowed for this order type',
  },
  EXPIRES_AT_REQUIRED: { status: 400, title: 'GTD orders need expires_at, and only they take it' },
  EXPIRES_AT_PAST: { status: 422, title: 'expires_at must be in the future' },
  PRICE_OUT_OF_RANGE: { status: 422, title: 'The price or quantity is out of range' },
  WALLET_ADDRESS_REQUIRED: { status: 403, title: 'A wallet address is required to trade' },
  ACCOUNT_NOT_ACTIVATED: { status: 403, title: 'The account is not activated' },
  INSUFFICIENT_TOKENS: { status: 422, title: 'Not enough unlocked tokens to sell' },
  NO_LIQUIDITY: { status: 422, title: 'The book has nothing a market order can meet' },
  POST_ONLY_WOULD_CROSS: { status: 422, title: 'A post-only order would trade on arrival' },
  FOK_NOT_FILLABLE: { status: 422, title: 'A fill-or-kill order cannot be filled whole' },
  NO_REFERENCE_PRICE: {
    status: 422,
    title: 'The token has no last price or offering price to bound a market order',
  },
  ORDER_NOT_OPEN: { status: 409, title: 'The order is no longer open' },
  // trading sessions and auctions (docs/auctions.md)
  TIME_IN_FORCE_NOT_IN_PHASE: {
    status: 422,
    title: "This time in force is not accepted in the market's current phase",
  },
  TIME_IN_FORCE_NOT_IN_MODEL: {
    status: 422,
    title: "This time in force needs an auction or trading hours the token's market does not have",
  },
  INVALID_TRADING_SESSION: {
    status: 422,
    title: 'The trading session does not hold together (hours, calls or time zone)',
  },
  // OTC requests of fixed_price_otc tokens (docs/otc.md)
  TOKEN_NOT_OTC: { status: 422, title: 'The token does not trade over the counter' },
  OTC_PRICE_MISMATCH: { status: 422, title: "The price differs from the token's fixed OTC price" },
  OTC_ORDER_TYPE_NOT_ALLOWED: {
    status: 422,
    title: 'An OTC request is a limit or market order at the fixed price',
  },
  OTC_ORDER_NOT_PENDING: { status: 409, title: 'The OTC request is no longer pending review' },
  TRADE_NOT_FOUND: { status: 404, title: 'No such trade' },
  TRADE_NOT_FAILED: { status: 409, title: 'Only a trade whose settlement failed can be retried' },
  INVALID_TIME_RANGE: { status: 422, title: 'The time range must end after it starts' },
  TIME_RANGE_TOO_LONG: { status: 422, title: 'The time range is longer than one request reads' },
  HOLDER_NOT_VERIFIED: {
    status: 422,
    title: "A holder of this trade is not verified on the token's identity registry",
  },
  INVALID_AMEND: { status: 422, title: 'The amend changes nothing or is not allowed' },
  ALERT_ALREADY_CLOSED: { status: 409, title: 'The surveillance alert is already closed' },
  DUPLICATE_CLIENT_ORDER_ID: {
    status: 409,
    title: 'This client_order_id was used in the last 24 hours for a different order',
  },
  // 429
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  TOO_MANY_LOGIN_ATTEMPTS: { status: 429, title: 'Too many failed logins; try again later' },
  API_KEY_RATE_LIMITED: { status: 429, title: 'Too many requests with this API key' },
  // chain service (src/chain): refusals before a transaction is sent, and chain failures
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    title: 'This idempotency key was already used for a different request',
  },
  TOKEN_NOT_FOUND: {
    status: 404,
    title: 'No token suite deployed by this platform at this address',
  },
  IDENTITY_NOT_FOUND: { status: 404, title: 'The wallet has no platform-managed identity' },
  IDENTITY_NOT_VERIFIED: {
    status: 422,
    title: 'The receiving wallet is not verified for this token',
  },
  TRANSFER_NOT_POSSIBLE: { status: 422, title: 'The token contract refused the transfer' },
  COMPLIANCE_REFUSED: { status: 422, title: 'The compliance contract refuses this transfer' },
  // the token's own transfer rules (docs/compliance.md): the problem's `rule` names the rule
  COMPLIANCE_COUNTRY_BLOCKED: {
    status: 422,
    title: "The token's rules do not allow holders registered in this country",
  },
  COMPLIANCE_MAX_BALANCE: {
    status: 422,
    title: "This would take the holder above the token's maximum balance per investor",
  },
  COMPLIANCE_MAX_HOLDERS: {
    status: 422,
    title: 'The token already has the most holders its rules allow',
  },
  COMPLIANCE_LOCKED_UP: {
    status: 422,
    title: "These units are still under the token's lock-up and may not be sold or sent yet",
  },
  COMPLIANCE_SUPPLY_CAP: {
    status: 422,
    title: "This would issue more units than the token's supply cap",
  },
  TOKEN_PAUSED: { status: 422, title: 'The token is paused' },
  WALLET_FROZEN: { status: 422, title: 'A wallet of this transfer is frozen' },
  INSUFFICIENT_TOKEN_BALANCE: { status: 422, title: 'The sender has not enough unfrozen tokens' },
  FROZEN_UNITS_EXCEEDED: { status: 422, title: 'More units to unfreeze than are frozen' },
  // the token agent's actions (docs/compliance.md "Agent actions")
  ADDRESS_FROZEN: { status: 422, title: "The token's agent froze this wallet" },
  TOKEN_UNITS_FROZEN: { status: 422, title: "The token's agent froze the units this would sell" },
  ADDRESS_ALREADY_FROZEN: { status: 409, title: 'The wallet is already frozen on this token' },
  ADDRESS_NOT_FROZEN: { status: 409, title: 'The wallet is not frozen on this token' },
  FOUR_EYES_REQUIRED: {
    status: 403,
    title: 'The action must be approved by an admin other than the one who proposed it',
  },
  AGENT_ACTION_NOT_PROPOSED: { status: 409, title: 'The action is not awaiting a decision' },
  ROLE_GRANT_NOT_PROPOSED: { status: 409, title: 'The staff account is not awaiting a decision' },
  AGENT_ACTION_NOT_FAILED: { status: 409, title: 'Only a failed action can be retried' },
  RECOVERY_SAME_ADDRESS: { status: 422, title: 'The new address is the one to be replaced' },
  RECOVERY_ADDRESS_REQUIRED: {
    status: 409,
    title: 'The investor has not linked a new address for the recovery',
  },
  RECOVERY_IDENTITY_NOT_VERIFIED: {
    status: 409,
    title: "The investor's identity is not verified again for the recovery",
  },
  RECOVERY_IN_PROGRESS: { status: 409, title: 'A recovery of this wallet is already under way' },
  VERIFICATION_NOT_APPROVED: { status: 409, title: "The user's verification is not approved" },
  AMOUNT_OUT_OF_RANGE: { status: 400, title: 'The amount does not fit in a uint256' },
  CONTRACT_REVERTED: { status: 422, title: 'The contract refused the call' },
  TRANSACTION_REVERTED: { status: 422, title: 'The transaction was mined but reverted' },
  CHAIN_NOT_AUTHORIZED: {
    status: 502,
    title: 'The chain signer lacks the role or ownership this call needs',
  },
  CHAIN_TRANSACTION_REJECTED: { status: 502, title: 'The chain node refused the transaction' },
  CHAIN_UNAVAILABLE: { status: 503, title: 'The chain node is unreachable' },
  CHAIN_BAD_RESPONSE: {
    status: 502,
    title: 'The chain service answered with a body that does not match its schema',
  },
  CHAIN_OUTCOME_UNKNOWN: {
    status: 409,
    title:
      'The outcome of a sent transaction is unknown (it may have run): check the chain before retrying',
  },
  CHAIN_TIMEOUT: { status: 504, title: 'The transaction was sent but is not mined yet' },
  CHAIN_INFRASTRUCTURE_MISSING: {
    status: 503,
    title: 'The platform contracts recorded for this chain are not on it',
  },
  // 5xx
  SERVICE_UNAVAILABLE: { status: 503, title: 'A service this request needs is unavailable' },
  BOOK_UNAVAILABLE: { status: 503, title: 'No trading node serves this book at the moment' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error' },
  ORDER_NOT_RECORDED: {
    status: 500,
    title: 'The database refused to record the command; nothing was changed',
  },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export class AppError extends Error {
  readonly status: number;
  readonly title: string;

  /** `extra` members are added to the problem body (e.g. `{ rule: 'min_length' }`). */
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly extra?: Readonly<Record<string, unknown>>,
    options?: { cause?: unknown },
  ) {
    super(detail ?? errorCatalogue[code].title, options);
    this.name = 'AppError';
    this.status = errorCatalogue[code].status;
    this.title = errorCatalogue[code].title;
  }
}
