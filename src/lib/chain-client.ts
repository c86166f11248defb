/**
 * The typed HTTP client of the chain service, for the platform and trading processes. Every call
 * carries the service token; mutating calls carry an idempotency key (deploy uses the token id),
 * so a retry after a timeout or a crash never mints or transfers twice. A refusal of the chain
 * service becomes an AppError with the same code (and its extra members, e.g. `tx_hash`,
 * `transfer_index`); a chain service that cannot be reached becomes CHAIN_UNAVAILABLE.
 * Amounts are base units as decimal strings; addresses are 0x hex.
 */
import { AppError, errorCatalogue, type ErrorCode } from './errors.js';

export interface ChainClientOptions {
  /** e.g. config.urls.chain */
  baseUrl: string;
  /** config.auth.serviceToken */
  serviceToken: string;
  /** the spec's chain-service timeout is 3 minutes */
  timeoutMs?: number;
}

export interface ChainTransaction {
  operation: string;
  tx_hash: string;
  block_number: number;
  nonce: number;
  gas_used: string;
  effective_gas_price: string;
  /** gas_used * effective_gas_price, wei */
  cost_wei: string;
  payer_type: 'platform' | 'issuer';
  payer_ref: string | null;
}

export interface DeployInput {
  /** the token id: the salt of the suite; a repeat returns the suite already deployed */
  token_id: string;
  name: string;
  symbol: string;
  decimals: number;
  payer_ref?: string;
}

export interface DeployResult {
  token_id: string;
  token_addr: string;
  identity_registry_addr: string;
  identity_registry_storage_addr: string;
  trusted_issuers_registry_addr: string;
  claim_topics_registry_addr: string;
  compliance_addr: string;
  tx_hash: string | null;
  created: boolean;
  transaction: ChainTransaction | null;
}

export interface RegisterIdentityInput {
  investor_addr: string;
  /** ISO 3166-1 numeric */
  country_code: number;
  payer_ref?: string;
}

export interface RegisterIdentityResult {
  investor_addr: string;
  identity_addr: string;
  country_code: number;
  tx_hash: string | null;
  transactions: ChainTransaction[];
}

export interface MintInput {
  token_addr: string;
  to_addr: string;
  amount: string;
  payer_ref?: string;
}

export interface TransferInput {
  token_addr: string;
  from_addr: string;
  to_addr: string;
  amount: string;
  payer_ref?: string;
}

export interface BatchTransferInput {
  token_addr: string;
  transfers: Array<{ from_addr: string; to_addr: string; amount: string }>;
  payer_ref?: string;
}

export interface PauseResult {
  token_addr: string;
  paused: boolean;
  tx_hash: string | null;
  transaction: ChainTransaction | null;
}

export interface RevokeKycResult {
  investor_addr: string;
  identity_addr: string;
  tx_hash: string | null;
  transaction: ChainTransaction | null;
}

export interface BalanceResult {
  token_addr: string;
  wallet_addr: string;
  balance: string;
  frozen: string;
}

export interface IdentityResult {
  wallet_addr: string;
  identity_addr: string | null;
  registered: boolean;
  country_code: number | null;
  kyc_claim: 'valid' | 'revoked' | 'none';
}

/** The members every problem body has; the rest (tx_hash, transfer_index...) travels on. */
const problemMembers = new Set([
  'type',
  'title',
  'status',
  'detail',
  'code',
  'instance',
  'request_id',
]);

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
}

export class ChainClient {
  readonly #baseUrl: string;
  readonly #serviceToken: string;
  readonly #timeoutMs: number;

  constructor(options: ChainClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/$/, '');
    this.#serviceToken = options.serviceToken;
    this.#timeoutMs = options.timeoutMs ?? 180_000;
  }

  deploy(input: DeployInput): Promise<DeployResult> {
    return this.#request('POST', '/api/v1/deploy', input);
  }

  registerIdentity(
    input: RegisterIdentityInput,
    idempotencyKey: string,
  ): Promise<RegisterIdentityResult> {
    return this.#request('POST', '/api/v1/register-identity', input, idempotencyKey);
  }

  mint(input: MintInput, idempotencyKey: string): Promise<ChainTransaction> {
    return this.#request('POST', '/api/v1/mint', input, idempotencyKey);
  }

  /** forcedTransfer after the platform checks (verified buyer, compliance, freeze, pause, balance) */
  transfer(input: TransferInput, idempotencyKey: string): Promise<ChainTransaction> {
    return this.#request('POST', '/api/v1/transfer', input, idempotencyKey);
  }

  batchTransfer(input: BatchTransferInput, idempotencyKey: string): Promise<ChainTransaction> {
    return this.#request('POST', '/api/v1/batch-transfer', input, idempotencyKey);
  }

  pause(tokenAddr: string, idempotencyKey: string, payerRef?: string): Promise<PauseResult> {
    return this.#request(
      'POST',
      '/api/v1/pause',
      { token_addr: tokenAddr, payer_ref: payerRef },
      idempotencyKey,
    );
  }

  unpause(tokenAddr: string, idempotencyKey: string, payerRef?: string): Promise<PauseResult> {
    return this.#request(
      'POST',
      '/api/v1/unpause',
      { token_addr: tokenAddr, payer_ref: payerRef },
      idempotencyKey,
    );
  }

  revokeKyc(investorAddr: string, idempotencyKey: string): Promise<RevokeKycResult> {
    return this.#request(
      'POST',
      '/api/v1/revoke-kyc',
      { investor_addr: investorAddr },
      idempotencyKey,
    );
  }

  balanceOf(tokenAddr: string, walletAddr: string): Promise<BalanceResult> {
    return this.#request('GET', `/api/v1/tokens/${tokenAddr}/balances/${walletAddr}`);
  }

  async isVerified(tokenAddr: string, walletAddr: string): Promise<boolean> {
    const result = await this.#request<{ verified: boolean }>(
      'GET',
      `/api/v1/tokens/${tokenAddr}/verified/${walletAddr}`,
    );
    return result.verified;
  }

  identityOf(walletAddr: string): Promise<IdentityResult> {
    return this.#request('GET', `/api/v1/identities/${walletAddr}`);
  }

  async #request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    idempotencyKey?: string,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.#baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#serviceToken}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw new AppError(
        'CHAIN_UNAVAILABLE',
        `The chain service at ${this.#baseUrl} did not answer ${method} ${path}`,
        undefined,
        { cause: error },
      );
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.ok) return payload as T;
    const problem = (payload ?? {}) as Record<string, unknown>;
    const { code, detail } = problem;
    const extra = Object.fromEntries(
      Object.entries(problem).filter(([member]) => !problemMembers.has(member)),
    );
    if (isErrorCode(code)) {
      throw new AppError(code, typeof detail === 'string' ? detail : undefined, extra);
    }
    throw new AppError(
      'CHAIN_UNAVAILABLE',
      `The chain service answered ${method} ${path} with HTTP ${response.status}`,
    );
  }
}
