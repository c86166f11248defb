/** Domain results to API bodies (snake_case, the spec's `_addr` names, wei as strings). */
import type { DeploySuiteResult } from '../operations/deploy-suite.js';
import type { FreezeResult } from '../operations/freeze.js';
import type { PauseTokenResult } from '../operations/pause-token.js';
import type { RecoverWalletResult } from '../operations/recover-wallet.js';
import type { TokenBalance, WalletIdentity } from '../operations/reads.js';
import type { RegisterIdentityResult } from '../operations/register-identity.js';
import type { RevokeKycResult } from '../operations/revoke-kyc.js';
import type { UpdateCountryResult } from '../identity/update-country.js';
import type { SetComplianceRulesResult } from '../operations/set-compliance-rules.js';
import type {
  BalanceResponse,
  ComplianceRulesResponse,
  DeployResponse,
  FreezeResponse,
  IdentityResponse,
  PauseResponse,
  RecoverWalletResponse,
  RegisterIdentityResponse,
  RevokeKycResponse,
  UpdateIdentityCountryResponse,
} from '../../lib/chain-api.schemas.js';

export function deployResponse(tokenId: string, result: DeploySuiteResult): DeployResponse {
  const { suite } = result;
  return {
    token_id: tokenId,
    token_addr: suite.token,
    identity_registry_addr: suite.identityRegistry,
    identity_registry_storage_addr: suite.identityRegistryStorage,
    trusted_issuers_registry_addr: suite.trustedIssuersRegistry,
    claim_topics_registry_addr: suite.claimTopicsRegistry,
    compliance_addr: suite.compliance,
    tx_hash: suite.deployTxHash,
    created: result.created,
    transaction: result.transaction,
  };
}

export function registerIdentityResponse(result: RegisterIdentityResult): RegisterIdentityResponse {
  return {
    investor_addr: result.investor,
    identity_addr: result.identity,
    country_code: result.country,
    tx_hash: result.transactions.at(-1)?.tx_hash ?? null,
    transactions: result.transactions,
  };
}

export function revokeKycResponse(result: RevokeKycResult): RevokeKycResponse {
  return {
    investor_addr: result.investor,
    identity_addr: result.identity,
    tx_hash: result.transaction?.tx_hash ?? null,
    transaction: result.transaction,
  };
}

export function updateIdentityCountryResponse(
  result: UpdateCountryResult,
): UpdateIdentityCountryResponse {
  return {
    investor_addr: result.investor,
    registered: result.registered,
    previous_country_code: result.previousCountry,
    country_code: result.country,
    tx_hash: result.transaction?.tx_hash ?? null,
    transaction: result.transaction,
  };
}

export function pauseResponse(result: PauseTokenResult): PauseResponse {
  return {
    token_addr: result.token,
    paused: result.paused,
    tx_hash: result.transaction?.tx_hash ?? null,
    transaction: result.transaction,
  };
}

export function balanceResponse(balance: TokenBalance): BalanceResponse {
  return {
    token_addr: balance.token,
    wallet_addr: balance.wallet,
    balance: balance.balance.toString(),
    frozen: balance.frozen.toString(),
    address_frozen: balance.addressFrozen,
  };
}

export function freezeResponse(result: FreezeResult): FreezeResponse {
  const { state } = result;
  return {
    token_addr: state.token,
    wallet_addr: state.wallet,
    address_frozen: state.addressFrozen,
    frozen: state.frozen.toString(),
    balance: state.balance.toString(),
    transaction: result.transaction,
  };
}

export function identityResponse(identity: WalletIdentity): IdentityResponse {
  return {
    wallet_addr: identity.wallet,
    identity_addr: identity.identity,
    registered: identity.registered,
    country_code: identity.country,
    kyc_claim: identity.kycClaim,
  };
}

const limitResponse = (limit: bigint) => (limit === 0n ? null : limit.toString());

export function complianceRulesResponse(result: SetComplianceRulesResult): ComplianceRulesResponse {
  const { rules } = result;
  return {
    token_addr: result.token,
    module_addr: result.module,
    allowed_countries: rules.allowedCountries && [...rules.allowedCountries],
    blocked_countries: [...rules.blockedCountries],
    max_balance: limitResponse(rules.maxBalance),
    supply_cap: limitResponse(rules.supplyCap),
    exempt_wallets: [...rules.exemptWallets],
    transactions: result.transactions,
  };
}

export function recoverWalletResponse(result: RecoverWalletResult): RecoverWalletResponse {
  return {
    lost_addr: result.lost,
    new_addr: result.new,
    identity_addr: result.identity,
    tokens: result.tokens.map((state) => ({
      token_addr: state.token,
      balance: state.balance.toString(),
      frozen: state.frozen.toString(),
      address_frozen: state.addressFrozen,
      tx_hash: state.txHash,
    })),
    transactions: result.transactions,
  };
}
