/**
 * The typed HTTP client of the chain service, for the platform and trading processes. Every call
 * carries the service token; mutating calls carry an idempotency key (deploy uses the token id),
 * so a retry after a timeout or a crash never mints or transfers twice. Bodies and replies are the
 * chain API's own schemas (chain-api.schemas.ts, shared with the chain process): every reply is
 * checked against its schema before it becomes a value, and one that does not match is
 * CHAIN_BAD_RESPONSE. A refusal of the chain service becomes an AppError with the same code (and
 * its extra members, e.g. `tx_hash`, `transfer_index`); a chain service that cannot be reached
 * becomes CHAIN_UNAVAILABLE. Amounts are base units as decimal strings; addresses are 0x hex.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import {
  BalanceResponseSchema,
  BalancesAtTimeResponseSchema,
  ComplianceRulesResponseSchema,
  DeployResponseSchema,
  FreezeResponseSchema,
  IdentityResponseSchema,
  PauseResponseSchema,
  RecoverWalletResponseSchema,
  RegisterIdentityResponseSchema,
  RevokeKycResponseSchema,
  UpdateIdentityCountryResponseSchema,
  TotalSupplyResponseSchema,
  TransactionOutcomeResponseSchema,
  TransactionSchema,
  TransferChecksResponseSchema,
  VerifiedResponseSchema,
  type BalanceResponse,
  type BalancesAtTimeBody,
  type BalancesAtTimeResponse,
  type BatchTransferBody,
  type ComplianceRulesBody,
  type ComplianceRulesResponse,
  type DeployBody,
  type DeployResponse,
  type FreezeAddressBody,
  type FreezeResponse,
  type FreezeTokensBody,
  type IdentityResponse,
  type MintBody,
  type PauseResponse,
  type RecoverWalletBody,
  type RecoverWalletResponse,
  type RegisterIdentityBody,
  type RegisterIdentityResponse,
  type RevokeKycResponse,
  type ScaleHoldingsBody,
  type UpdateIdentityCountryResponse,
  type TotalSupplyResponse,
  type ChainOperation,
  type TransactionOutcomeResponse,
  type Transaction,
  type TransferBody,
  type TransferChecksBody,
  type TransferChecksResponse,
} from './chain-api.schemas.js';
import type { Config } from './config.js';
import { AppError, errorCatalogue, type ErrorCode } from './errors.js';
import { databaseStatus, type Db } from './db/database.js';
import { probe, probeTimeoutMs, type DependencyStatus, type Readiness } from './http/readiness.js';
import type { Logger } from './logger.js';

export interface ChainClientOptions {
  /** e.g. config.urls.chain */
  baseUrl: string;
  /** config.auth.serviceToken */
  serviceToken: string;
  /** the spec's chain-service timeout is 3 minutes (config.chain.clientTimeoutMs) */
  timeoutMs?: number;
}

export type ChainTransaction = Transaction;

/** Compiled once per schema: the checks run on every reply. */
const checks = new Map<TSchema, TypeCheck<TSchema>>();
function checkerOf<S extends TSchema>(schema: S): TypeCheck<S> {
  let check = checks.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    checks.set(schema, check);
  }
  return check as TypeCheck<S>;
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

  deploy(input: DeployBody): Promise<DeployResponse> {
    return this.#request(DeployResponseSchema, 'POST', '/api/v1/deploy', input);
  }

  registerIdentity(
    input: RegisterIdentityBody,
    idempotencyKey: string,
  ): Promise<RegisterIdentityResponse> {
    return this.#request(
      RegisterIdentityResponseSchema,
      'POST',
      '/api/v1/register-identity',
      input,
      idempotencyKey,
    );
  }

  mint(input: MintBody, idempotencyKey: string): Promise<Transaction> {
    return this.#request(TransactionSchema, 'POST', '/api/v1/mint', input, idempotencyKey);
  }

  /** forcedTransfer after the platform checks (verified buyer, compliance, freeze, pause, balance) */
  transfer(input: TransferBody, idempotencyKey: string): Promise<Transaction> {
    return this.#request(TransactionSchema, 'POST', '/api/v1/transfer', input, idempotencyKey);
  }

  /** forcedTransfer by a court's or regulator's order (an agent action): receiver and balance checked */
  agentTransfer(input: TransferBody, idempotencyKey: string): Promise<Transaction> {
    return this.#request(
      TransactionSchema,
      'POST',
      '/api/v1/agent-transfer',
      input,
      idempotencyKey,
    );
  }

  freezeAddress(input: FreezeAddressBody, idempotencyKey: string): Promise<FreezeResponse> {
    return this.#request(
      FreezeResponseSchema,
      'POST',
      '/api/v1/freeze-address',
      input,
      idempotencyKey,
    );
  }

  /** freezes (`freeze`) or unfreezes base units of a wallet */
  freezeTokens(
    input: FreezeTokensBody,
    freeze: boolean,
    idempotencyKey: string,
  ): Promise<FreezeResponse> {
    return this.#request(
      FreezeResponseSchema,
      'POST',
      freeze ? '/api/v1/freeze-tokens' : '/api/v1/unfreeze-tokens',
      input,
      idempotencyKey,
    );
  }

  /** the lost wallet replaced by the new one on every token given (T-REX recoveryAddress) */
  recoverWallet(input: RecoverWalletBody, idempotencyKey: string): Promise<RecoverWalletResponse> {
    return this.#request(
      RecoverWalletResponseSchema,
      'POST',
      '/api/v1/recover-wallet',
      input,
      idempotencyKey,
    );
  }

  batchTransfer(input: BatchTransferBody, idempotencyKey: string): Promise<Transaction> {
    return this.#request(
      TransactionSchema,
      'POST',
      '/api/v1/batch-transfer',
      input,
      idempotencyKey,
    );
  }

  /** a split's or consolidation's batch of holders: mint or burn, then frozen units set */
  scaleHoldings(input: ScaleHoldingsBody, idempotencyKey: string): Promise<Transaction> {
    return this.#request(
      TransactionSchema,
      'POST',
      '/api/v1/scale-holdings',
      input,
      idempotencyKey,
    );
  }

  /** the token's chain-enforced rules on its compliance (src/lib/compliance/chain-rules.ts) */
  setComplianceRules(
    input: ComplianceRulesBody,
    idempotencyKey: string,
  ): Promise<ComplianceRulesResponse> {
    return this.#request(
      ComplianceRulesResponseSchema,
      'POST',
      '/api/v1/compliance-rules',
      input,
      idempotencyKey,
    );
  }

  pause(tokenAddr: string, idempotencyKey: string, payerRef?: string): Promise<PauseResponse> {
    return this.#request(
      PauseResponseSchema,
      'POST',
      '/api/v1/pause',
      { token_addr: tokenAddr, payer_ref: payerRef },
      idempotencyKey,
    );
  }

  unpause(tokenAddr: string, idempotencyKey: string, payerRef?: string): Promise<PauseResponse> {
    return this.#request(
      PauseResponseSchema,
      'POST',
      '/api/v1/unpause',
      { token_addr: tokenAddr, payer_ref: payerRef },
      idempotencyKey,
    );
  }

  revokeKyc(investorAddr: string, idempotencyKey: string): Promise<RevokeKycResponse> {
    return this.#request(
      RevokeKycResponseSchema,
      'POST',
      '/api/v1/revoke-kyc',
      { investor_addr: investorAddr },
      idempotencyKey,
    );
  }

  /** Sets a registered wallet's country on chain; an unregistered wallet is answered as such. */
  updateIdentityCountry(
    investorAddr: string,
    countryCode: number,
    idempotencyKey: string,
  ): Promise<UpdateIdentityCountryResponse> {
    return this.#request(
      UpdateIdentityCountryResponseSchema,
      'POST',
      '/api/v1/update-identity-country',
      { investor_addr: investorAddr, country_code: countryCode },
      idempotencyKey,
    );
  }

  balanceOf(tokenAddr: string, walletAddr: string): Promise<BalanceResponse> {
    return this.#request(
      BalanceResponseSchema,
      'GET',
      `/api/v1/tokens/${tokenAddr}/balances/${walletAddr}`,
    );
  }

  /** Balances at the last block mined at or before `at` (the node must keep that block's state). */
  balancesAtTime(tokenAddr: string, body: BalancesAtTimeBody): Promise<BalancesAtTimeResponse> {
    return this.#request(
      BalancesAtTimeResponseSchema,
      'POST',
      `/api/v1/tokens/${tokenAddr}/balances-at-time`,
      body,
    );
  }

  async isVerified(tokenAddr: string, walletAddr: string): Promise<boolean> {
    const result = await this.#request(
      VerifiedResponseSchema,
      'GET',
      `/api/v1/tokens/${tokenAddr}/verified/${walletAddr}`,
    );
    return result.verified;
  }

  totalSupply(tokenAddr: string): Promise<TotalSupplyResponse> {
    return this.#request(
      TotalSupplyResponseSchema,
      'GET',
      `/api/v1/tokens/${tokenAddr}/total-supply`,
    );
  }

  /** The settlement pre-checks of each transfer (read only): null, or the refusal's code */
  transferChecks(tokenAddr: string, input: TransferChecksBody): Promise<TransferChecksResponse> {
    return this.#request(
      TransferChecksResponseSchema,
      'POST',
      `/api/v1/tokens/${tokenAddr}/transfer-checks`,
      input,
    );
  }

  /** What became of the transaction sent under this key (read only; never sends) */
  transactionOutcome(
    operation: ChainOperation,
    idempotencyKey: string,
  ): Promise<TransactionOutcomeResponse> {
    return this.#request(
      TransactionOutcomeResponseSchema,
      'GET',
      `/api/v1/transactions/${operation}/${encodeURIComponent(idempotencyKey)}`,
    );
  }

  identityOf(walletAddr: string): Promise<IdentityResponse> {
    return this.#request(IdentityResponseSchema, 'GET', `/api/v1/identities/${walletAddr}`);
  }

  /**
   * The chain service as its /readyz sees itself (`ok` when its database answers, else
   * `degraded`) and the node behind it; throws when the service does not answer.
   */
  async readiness(): Promise<{ service: DependencyStatus; node: DependencyStatus }> {
    const response = await fetch(`${this.#baseUrl}/readyz`, {
      signal: AbortSignal.timeout(probeTimeoutMs),
    });
    const payload = (await response.json()) as { checks?: Record<string, unknown> };
    const statusOf = (value: unknown): DependencyStatus =>
      value === 'ok' || value === 'degraded' ? value : 'down';
    return {
      service: payload.checks?.database === 'ok' ? 'ok' : 'degraded',
      node: statusOf(payload.checks?.node),
    };
  }

  async #request<S extends TSchema>(
    schema: S,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    idempotencyKey?: string,
  ): Promise<Static<S>> {
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
    if (response.ok) {
      const check = checkerOf(schema);
      if (check.Check(payload)) return payload;
      const first = check.Errors(payload).First();
      throw new AppError(
        'CHAIN_BAD_RESPONSE',
        `The chain service's answer to ${method} ${path} does not match its schema` +
          (first ? `: ${first.path || '/'} ${first.message}` : ''),
      );
    }
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

/**
 * The readiness of a process that calls the chain service (platform, trading): its database is
 * required; the chain service and its node are not (orders, payments and the rest commit in the
 * database while chain work waits for them), so their trouble answers `degraded`.
 */
export async function chainCallerReadiness(
  db: Db,
  chain: ChainClient,
  logger: Logger,
): Promise<Readiness> {
  let node: DependencyStatus = 'down';
  const [database, service] = await Promise.all([
    databaseStatus(db, logger),
    probe(
      'chain',
      async () => {
        const seen = await chain.readiness();
        node = seen.node;
        return seen.service;
      },
      logger,
    ),
  ]);
  return { required: { database }, optional: { chain: service, node } };
}

/** A process's client of the chain process, authenticated with the service token. */
export function chainClientFor(config: Config): ChainClient {
  return new ChainClient({
    baseUrl: config.urls.chain,
    serviceToken: config.auth.serviceToken,
    timeoutMs: config.chain.clientTimeoutMs,
  });
}
