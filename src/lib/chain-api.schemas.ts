/**
 * Request and response schemas of the chain API (TypeBox), shared: the chain process validates
 * and documents with them, its client (chain-client.ts) checks every reply against them.
 * Addresses are 0x-prefixed hex (checksum verified when mixed-case); amounts are base units as
 * decimal strings, since they can exceed 2^53.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Text } from './http/route-schemas.js';

export const AddressSchema = Type.String({
  pattern: '^0x[0-9a-fA-F]{40}$',
  description: 'EVM address (0x + 40 hex digits)',
  examples: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
});
export const HashSchema = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' });
export const AmountSchema = Type.String({
  pattern: '^[1-9][0-9]{0,77}$',
  description: 'A positive whole number of base units (amount * 10^decimals), as a decimal string',
  examples: ['1000000000000000000'],
});
const WeiSchema = Type.String({ pattern: '^[0-9]+$', description: 'wei, decimal string' });
const PayerRefSchema = Type.Optional(
  Text(100, {
    description: 'who the gas is booked to (e.g. the issuer business id); recorded only',
  }),
);

export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.String({
    pattern: '^[A-Za-z0-9._:-]{1,200}$',
    description:
      'Required on mutating routes. A retry with the same key never sends a second transaction: ' +
      'it returns the recorded outcome or resumes the transaction in flight.',
  }),
});

export const TransactionSchema = Type.Object({
  operation: Type.String(),
  tx_hash: HashSchema,
  block_number: Type.Integer(),
  nonce: Type.Integer(),
  gas_used: WeiSchema,
  effective_gas_price: WeiSchema,
  cost_wei: WeiSchema,
  payer_type: Type.Union([Type.Literal('platform'), Type.Literal('issuer')]),
  payer_ref: Type.Union([Type.String(), Type.Null()]),
});

export const DeployBodySchema = Type.Object(
  {
    token_id: Type.String({ format: 'uuid', description: 'the salt of the suite' }),
    name: Text(100),
    symbol: Text(10),
    decimals: Type.Integer({ minimum: 0, maximum: 18 }),
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);
export const DeployResponseSchema = Type.Object({
  token_id: Type.String(),
  token_addr: AddressSchema,
  identity_registry_addr: AddressSchema,
  identity_registry_storage_addr: AddressSchema,
  trusted_issuers_registry_addr: AddressSchema,
  claim_topics_registry_addr: AddressSchema,
  compliance_addr: AddressSchema,
  tx_hash: Type.Union([HashSchema, Type.Null()]),
  created: Type.Boolean({ description: 'false when the suite already existed' }),
  transaction: Type.Union([TransactionSchema, Type.Null()]),
});

export const RegisterIdentityBodySchema = Type.Object(
  {
    investor_addr: AddressSchema,
    country_code: Type.Integer({ minimum: 1, maximum: 999, description: 'ISO 3166-1 numeric' }),
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);
export const RegisterIdentityResponseSchema = Type.Object({
  investor_addr: AddressSchema,
  identity_addr: AddressSchema,
  country_code: Type.Integer(),
  tx_hash: Type.Union([HashSchema, Type.Null()]),
  transactions: Type.Array(TransactionSchema),
});

export const RevokeKycBodySchema = Type.Object(
  { investor_addr: AddressSchema, payer_ref: PayerRefSchema },
  { additionalProperties: false },
);
export const RevokeKycResponseSchema = Type.Object({
  investor_addr: AddressSchema,
  identity_addr: AddressSchema,
  tx_hash: Type.Union([HashSchema, Type.Null()]),
  transaction: Type.Union([TransactionSchema, Type.Null()]),
});

export const UpdateIdentityCountryBodySchema = Type.Object(
  {
    investor_addr: AddressSchema,
    country_code: Type.Integer({ minimum: 1, maximum: 999, description: 'ISO 3166-1 numeric' }),
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);
export const UpdateIdentityCountryResponseSchema = Type.Object({
  investor_addr: AddressSchema,
  /** false: the storage holds no identity for the wallet (nothing sent) */
  registered: Type.Boolean(),
  previous_country_code: Type.Union([Type.Integer(), Type.Null()]),
  country_code: Type.Union([Type.Integer(), Type.Null()]),
  tx_hash: Type.Union([HashSchema, Type.Null()]),
  transaction: Type.Union([TransactionSchema, Type.Null()]),
});

export const MintBodySchema = Type.Object(
  {
    token_addr: AddressSchema,
    to_addr: AddressSchema,
    amount: AmountSchema,
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);

export const TransferBodySchema = Type.Object(
  {
    token_addr: AddressSchema,
    from_addr: AddressSchema,
    to_addr: AddressSchema,
    amount: AmountSchema,
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);

export const BatchTransferBodySchema = Type.Object(
  {
    token_addr: AddressSchema,
    transfers: Type.Array(
      Type.Object(
        { from_addr: AddressSchema, to_addr: AddressSchema, amount: AmountSchema },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);

/** A split's or consolidation's batch: each holder's change minted or burned, frozen units set. */
export const ScaleHoldingsBodySchema = Type.Object(
  {
    token_addr: AddressSchema,
    direction: Type.Union([Type.Literal('mint'), Type.Literal('burn')]),
    holdings: Type.Array(
      Type.Object(
        {
          wallet_addr: AddressSchema,
          amount: AmountSchema,
          frozen: Type.String({
            pattern: '^(0|[1-9][0-9]{0,77})$',
            description: 'the frozen base units the wallet ends with',
          }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);
export type ScaleHoldingsBody = Static<typeof ScaleHoldingsBodySchema>;

/** The settlement pre-checks of a list of transfers of one token, read only (nothing is sent). */
export const TransferChecksBodySchema = Type.Object(
  {
    transfers: Type.Array(
      Type.Object(
        { from_addr: AddressSchema, to_addr: AddressSchema, amount: AmountSchema },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
);
export const TransferChecksResponseSchema = Type.Object({
  token_addr: AddressSchema,
  paused: Type.Boolean(),
  /** one per transfer, in order: null when it may be sent, else the refusal */
  refusals: Type.Array(
    Type.Union([Type.Null(), Type.Object({ code: Type.String(), detail: Type.String() })]),
  ),
});
export const TotalSupplyResponseSchema = Type.Object({
  token_addr: AddressSchema,
  total_supply: Type.String({ pattern: '^[0-9]+$' }),
});
export const TokenParamsSchema = Type.Object({ token_addr: AddressSchema });

/** What the chain service records a transaction for (gas_transactions.operation). */
export const chainOperations = [
  'infrastructure',
  'deploy_suite',
  'create_identity',
  'add_kyc_claim',
  'register_identity',
  'revoke_kyc_claim',
  'update_identity_country',
  'mint',
  'forced_transfer',
  'batch_forced_transfer',
  'batch_mint',
  'batch_burn',
  'pause',
  'unpause',
  'bind_compliance_module',
  'set_compliance_rules',
  'freeze_address',
  'unfreeze_address',
  'freeze_tokens',
  'unfreeze_tokens',
  'agent_forced_transfer',
  'add_recovery_key',
  'remove_recovery_key',
  'unregister_identity',
  'recover_wallet',
] as const;
export type ChainOperation = (typeof chainOperations)[number];

export const TransactionOutcomeParamsSchema = Type.Object({
  operation: Type.Union(chainOperations.map((operation) => Type.Literal(operation))),
  idempotency_key: Type.String({ minLength: 1, maxLength: 200 }),
});
/**
 * What became of the transaction sent under a key: `unknown` (none), `queued` or `failed`
 * (nothing reached the chain), `sent` (broadcast, no receipt yet), `mined` or `reverted`.
 */
export const TransactionOutcomeResponseSchema = Type.Object({
  operation: Type.String(),
  idempotency_key: Type.String(),
  status: Type.Union(
    ['unknown', 'queued', 'failed', 'sent', 'mined', 'reverted'].map((s) => Type.Literal(s)),
  ),
  tx_hash: Type.Union([HashSchema, Type.Null()]),
});
export type TransactionOutcomeResponse = Static<typeof TransactionOutcomeResponseSchema>;

export const PauseBodySchema = Type.Object(
  { token_addr: AddressSchema, payer_ref: PayerRefSchema },
  { additionalProperties: false },
);
export const PauseResponseSchema = Type.Object({
  token_addr: AddressSchema,
  paused: Type.Boolean(),
  tx_hash: Type.Union([HashSchema, Type.Null()]),
  transaction: Type.Union([TransactionSchema, Type.Null()]),
});

const CountryCodesSchema = Type.Array(Type.Integer({ minimum: 1, maximum: 999 }), {
  maxItems: 250,
  uniqueItems: true,
  description: 'ISO 3166-1 numeric country codes',
});
const LimitSchema = Type.Union([AmountSchema, Type.Null()], {
  description: 'base units; null for no limit',
});

const ExemptWalletsSchema = Type.Array(AddressSchema, {
  maxItems: 10,
  uniqueItems: true,
  description: 'receivers exempt from the country and max balance rules (treasury, issuer)',
});

/** A token's chain-enforced rules (docs/compliance.md); null: no such rule. */
export const ComplianceRulesBodySchema = Type.Object(
  {
    token_addr: AddressSchema,
    allowed_countries: Type.Union([CountryCodesSchema, Type.Null()]),
    blocked_countries: CountryCodesSchema,
    max_balance: LimitSchema,
    supply_cap: LimitSchema,
    exempt_wallets: ExemptWalletsSchema,
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);
export const ComplianceRulesResponseSchema = Type.Object({
  token_addr: AddressSchema,
  module_addr: AddressSchema,
  /** the rules read back from the module after the call */
  allowed_countries: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  blocked_countries: Type.Array(Type.Integer()),
  max_balance: Type.Union([WeiSchema, Type.Null()]),
  supply_cap: Type.Union([WeiSchema, Type.Null()]),
  exempt_wallets: Type.Array(AddressSchema),
  transactions: Type.Array(TransactionSchema),
});

export const TokenWalletParamsSchema = Type.Object({
  token_addr: AddressSchema,
  wallet_addr: AddressSchema,
});
export const WalletParamsSchema = Type.Object({ wallet_addr: AddressSchema });

export const BalanceResponseSchema = Type.Object({
  token_addr: AddressSchema,
  wallet_addr: AddressSchema,
  balance: WeiSchema,
  /** base units frozen by the agent (getFrozenTokens) */
  frozen: WeiSchema,
  /** the whole address frozen by the agent (isFrozen) */
  address_frozen: Type.Boolean(),
});

/** The agent's freeze of a whole address (setAddressFrozen). */
export const FreezeAddressBodySchema = Type.Object(
  {
    token_addr: AddressSchema,
    wallet_addr: AddressSchema,
    frozen: Type.Boolean(),
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);
/** The agent's freeze or unfreeze of a number of base units (freeze/unfreezePartialTokens). */
export const FreezeTokensBodySchema = Type.Object(
  {
    token_addr: AddressSchema,
    wallet_addr: AddressSchema,
    amount: AmountSchema,
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);
/** The wallet's freeze state read back after the call; transaction null when nothing was sent. */
export const FreezeResponseSchema = Type.Object({
  token_addr: AddressSchema,
  wallet_addr: AddressSchema,
  address_frozen: Type.Boolean(),
  frozen: WeiSchema,
  balance: WeiSchema,
  transaction: Type.Union([TransactionSchema, Type.Null()]),
});
/** A lost wallet replaced by a new one on every token given (T-REX `recoveryAddress`). */
export const RecoverWalletBodySchema = Type.Object(
  {
    lost_addr: AddressSchema,
    new_addr: AddressSchema,
    token_addrs: Type.Array(AddressSchema, { maxItems: 500, uniqueItems: true }),
    payer_ref: PayerRefSchema,
  },
  { additionalProperties: false },
);
/** Each token's state at the new wallet after the recovery; transactions: those this call needed. */
export const RecoverWalletResponseSchema = Type.Object({
  lost_addr: AddressSchema,
  new_addr: AddressSchema,
  identity_addr: AddressSchema,
  tokens: Type.Array(
    Type.Object({
      token_addr: AddressSchema,
      balance: WeiSchema,
      frozen: WeiSchema,
      address_frozen: Type.Boolean(),
      /** the token's recoveryAddress transaction; null when the lost wallet held none of it */
      tx_hash: Type.Union([HashSchema, Type.Null()]),
    }),
  ),
  transactions: Type.Array(TransactionSchema),
});
export type RecoverWalletBody = Static<typeof RecoverWalletBodySchema>;
export type RecoverWalletResponse = Static<typeof RecoverWalletResponseSchema>;

/** At most one register page of wallets per read. */
export const BalancesAtTimeBodySchema = Type.Object(
  {
    at: Type.String({
      format: 'date-time',
      description: 'the instant: the last block at or before it is read',
    }),
    wallets: Type.Array(AddressSchema, { maxItems: 2_000 }),
  },
  { additionalProperties: false },
);
export const BalancesAtTimeResponseSchema = Type.Object({
  token_addr: AddressSchema,
  block_number: Type.Integer({ minimum: 0 }),
  block_timestamp: Type.String({ description: 'ISO 8601' }),
  balances: Type.Array(
    Type.Object({ wallet_addr: AddressSchema, balance: WeiSchema, frozen: WeiSchema }),
  ),
});
export const VerifiedResponseSchema = Type.Object({
  token_addr: AddressSchema,
  wallet_addr: AddressSchema,
  verified: Type.Boolean(),
});
export const IdentityResponseSchema = Type.Object({
  wallet_addr: AddressSchema,
  identity_addr: Type.Union([AddressSchema, Type.Null()]),
  registered: Type.Boolean(),
  country_code: Type.Union([Type.Integer(), Type.Null()]),
  kyc_claim: Type.Union([Type.Literal('valid'), Type.Literal('revoked'), Type.Literal('none')]),
});

export type Transaction = Static<typeof TransactionSchema>;
export type DeployBody = Static<typeof DeployBodySchema>;
export type DeployResponse = Static<typeof DeployResponseSchema>;
export type RegisterIdentityBody = Static<typeof RegisterIdentityBodySchema>;
export type RegisterIdentityResponse = Static<typeof RegisterIdentityResponseSchema>;
export type RevokeKycBody = Static<typeof RevokeKycBodySchema>;
export type RevokeKycResponse = Static<typeof RevokeKycResponseSchema>;
export type UpdateIdentityCountryResponse = Static<typeof UpdateIdentityCountryResponseSchema>;
export type MintBody = Static<typeof MintBodySchema>;
export type TransferBody = Static<typeof TransferBodySchema>;
export type BatchTransferBody = Static<typeof BatchTransferBodySchema>;
export type PauseBody = Static<typeof PauseBodySchema>;
export type PauseResponse = Static<typeof PauseResponseSchema>;
export type BalanceResponse = Static<typeof BalanceResponseSchema>;
export type FreezeAddressBody = Static<typeof FreezeAddressBodySchema>;
export type FreezeTokensBody = Static<typeof FreezeTokensBodySchema>;
export type FreezeResponse = Static<typeof FreezeResponseSchema>;
export type VerifiedResponse = Static<typeof VerifiedResponseSchema>;
export type BalancesAtTimeBody = Static<typeof BalancesAtTimeBodySchema>;
export type BalancesAtTimeResponse = Static<typeof BalancesAtTimeResponseSchema>;
export type IdentityResponse = Static<typeof IdentityResponseSchema>;
export type TransferChecksBody = Static<typeof TransferChecksBodySchema>;
export type TransferChecksResponse = Static<typeof TransferChecksResponseSchema>;
export type TotalSupplyResponse = Static<typeof TotalSupplyResponseSchema>;
export type ComplianceRulesBody = Static<typeof ComplianceRulesBodySchema>;
export type ComplianceRulesResponse = Static<typeof ComplianceRulesResponseSchema>;
