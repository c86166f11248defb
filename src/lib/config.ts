/**
 * The one place that reads the environment. `loadConfig` parses it once at start into a frozen,
 * typed object; a missing or malformed value throws a ConfigError naming the variable, and the
 * process does not start. Every variable is listed in docs/configuration.md.
 */
import os from 'node:os';
import path from 'node:path';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function text(env: Env, name: string, fallback?: string): string {
  const value = env[name]?.trim();
  if (value) return value;
  if (fallback !== undefined) return fallback;
  throw new ConfigError(name, 'is required');
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min = 0, max = 2 ** 31): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function port(env: Env, name: string, fallback: number): number {
  return integer(env, name, fallback, 1, 65535);
}

function url(env: Env, name: string, fallback?: string): string {
  const value = text(env, name, fallback);
  try {
    return new URL(value).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(name, `must be a URL, got "${value}"`);
  }
}

function secret(env: Env, name: string, minLength = 32): string {
  const value = text(env, name);
  if (value.length < minLength)
    throw new ConfigError(name, `must be at least ${minLength} characters`);
  return value;
}

function hexKey(env: Env, name: string): `0x${string}` {
  const value = text(env, name);
  if (!/^0x[0-9a-fA-F]{64}$/.test(value)) {
    throw new ConfigError(name, 'must be a 32-byte hex private key starting with 0x');
  }
  return value as `0x${string}`;
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const value = optional(env, name) ?? fallback;
  if (!(values as readonly string[]).includes(value)) {
    throw new ConfigError(name, `must be one of ${values.join(', ')}, got "${value}"`);
  }
  return value as T;
}

function list(env: Env, name: string): string[] {
  return (optional(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** PostgreSQL server settings as `name=value` pairs, comma-separated (passed as `-c` options). */
function serverSettings(env: Env, name: string): string[] {
  const settings = list(env, name);
  for (const setting of settings) {
    if (!/^[a-z_][a-z0-9_.]*=\S+$/.test(setting)) {
      throw new ConfigError(name, `must be name=value pairs, comma-separated, got "${setting}"`);
    }
  }
  return settings;
}

function listOr(env: Env, name: string, fallback: string[]): string[] {
  const items = list(env, name);
  return items.length > 0 ? items : fallback;
}

export const digestAlgorithms = ['HMAC_SHA1_HEX', 'HMAC_SHA256_HEX', 'HMAC_SHA512_HEX'] as const;

/**
 * Field-encryption keys as `id:base64key` pairs, comma-separated; the first is the one new values
 * are encrypted with, the others still decrypt older values (rotation).
 */
function fieldKeys(env: Env, name: string) {
  const entries = list(env, name).map((entry) => {
    const [id, encoded] = entry.split(':');
    const key = Buffer.from(encoded ?? '', 'base64');
    if (!id || !/^[A-Za-z0-9_-]{1,32}$/.test(id) || key.length !== 32) {
      throw new ConfigError(
        name,
        'must be comma-separated id:base64 pairs, each key 32 bytes (AES-256)',
      );
    }
    return [id, key] as const;
  });
  const active = entries[0];
  if (!active) throw new ConfigError(name, 'is required');
  return { activeKeyId: active[0], keys: new Map(entries) as ReadonlyMap<string, Buffer> };
}

/**
 * A BIP-39 English mnemonic of 12 to 24 words, its checksum verified: a mistyped or swapped word
 * would silently derive other addresses than the ones the platform already handed out.
 */
function mnemonic(env: Env, name: string): string {
  const words = text(env, name).toLowerCase().split(/\s+/).join(' ');
  if (!validateMnemonic(words, wordlist)) {
    throw new ConfigError(
      name,
      'must be a BIP-39 English mnemonic of 12, 15, 18, 21 or 24 words with a valid checksum',
    );
  }
  return words;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function processPorts(env: Env) {
  return {
    platform: port(env, 'PLATFORM_PORT', 8080),
    trading: port(env, 'TRADING_PORT', 8081),
    chain: port(env, 'CHAIN_PORT', 8082),
    providerSandbox: port(env, 'PROVIDER_SANDBOX_PORT', 8083),
    fix: port(env, 'FIX_PORT', 9878),
  };
}

export function loadConfig(env: Env = process.env) {
  const host = text(env, 'HOST', '127.0.0.1');
  const ports = processPorts(env);
  const local = (p: number) => `http://${host}:${p}`;
  const config = {
    dataDir: path.resolve(text(env, 'TESSERA_DATA_DIR', '.tessera')),
    logLevel: oneOf(env, 'LOG_LEVEL', logLevels, 'info'),
    host,
    ports,
    urls: {
      platform: url(env, 'PLATFORM_URL', local(ports.platform)),
      trading: url(env, 'TRADING_URL', local(ports.trading)),
      /** every trading node's public URL in a cluster: the web app may send to each (its CSP) */
      tradingNodes: list(env, 'TRADING_NODE_URLS').map((value) => {
        try {
          return new URL(value).toString().replace(/\/$/, '');
        } catch {
          throw new ConfigError('TRADING_NODE_URLS', `must be URLs, got "${value}"`);
        }
      }),
      chain: url(env, 'CHAIN_URL', local(ports.chain)),
      providerSandbox: url(env, 'PROVIDER_SANDBOX_URL', local(ports.providerSandbox)),
    },
    fix: {
      /** the gateway's CompID: the TargetCompID of what clients send */
      compId: text(env, 'FIX_COMP_ID', 'TESSERA'),
      /** PEM files: both set, the gateway speaks FIX over TLS only */
      tlsCert: optional(env, 'FIX_TLS_CERT'),
      tlsKey: optional(env, 'FIX_TLS_KEY'),
      /** how often a logged-on session looks for order events it has not reported */
      eventPollMs: integer(env, 'FIX_EVENT_POLL_MS', 250, 0, 60_000),
      /** HeartBtInt the gateway asks for when the client's Logon gives none */
      heartbeatSeconds: integer(env, 'FIX_HEARTBEAT_SECONDS', 30, 1, 300),
    },
    database: {
      url: url(env, 'DATABASE_URL'),
      poolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 500),
    },
    chain: {
      rpcUrl: url(env, 'CHAIN_RPC_URL'),
      signerKey: hexKey(env, 'CHAIN_SIGNER_KEY'),
      /** signs KYC claims for the platform ClaimIssuer; derived from the signer key when unset */
      claimSignerKey:
        optional(env, 'CHAIN_CLAIM_SIGNER_KEY') === undefined
          ? undefined
          : hexKey(env, 'CHAIN_CLAIM_SIGNER_KEY'),
      rpcTimeoutMs: integer(env, 'CHAIN_RPC_TIMEOUT_MS', 10_000, 100, 600_000),
      receiptTimeoutMs: integer(env, 'CHAIN_RECEIPT_TIMEOUT_MS', 60_000, 100, 3_600_000),
      pollingIntervalMs: integer(env, 'CHAIN_POLLING_INTERVAL_MS', 50, 10, 60_000),
      /** how long the platform waits for the chain service's answer (the spec's 3 minutes) */
      clientTimeoutMs: integer(env, 'CHAIN_CLIENT_TIMEOUT_MS', 180_000, 100, 3_600_000),
      /** blocks (the transaction's own included) before a recorded transaction is final */
      confirmations: integer(env, 'CHAIN_CONFIRMATIONS', 1, 1, 1_000),
      /** the confirmation watcher's wait when a round found nothing to check */
      watchIntervalMs: integer(env, 'CHAIN_WATCH_INTERVAL_MS', 1_000, 10, 600_000),
      /** a transaction sent this long ago without a receipt is reported to staff */
      pendingAlertMs: integer(env, 'CHAIN_PENDING_ALERT_MS', 120_000, 100, 86_400_000),
    },
    auth: {
      jwtSecret: secret(env, 'JWT_SECRET'),
      accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 60, 86_400),
      refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 300),
      serviceToken: secret(env, 'SERVICE_TOKEN'),
      /** signed requests per API key per minute, on each process */
      apiKeyRateLimitPerMinute: integer(env, 'API_KEY_RATE_LIMIT_PER_MINUTE', 1200, 1),
      /** how recent a second factor must be for a step-up action (docs/security.md) */
      stepUpMaxAgeSeconds: integer(env, 'STEP_UP_MAX_AGE_SECONDS', 300, 30, 3_600),
      /** the life of the challenge between a sign-in's password and its second factor */
      factorChallengeTtlSeconds: integer(env, 'FACTOR_CHALLENGE_TTL_SECONDS', 300, 30, 3_600),
      /** passkeys are bound to this domain and used from these origins (the web app's) */
      webauthn: {
        rpId: text(env, 'WEBAUTHN_RP_ID', 'localhost'),
        origins: listOr(env, 'WEBAUTHN_ORIGINS', [`http://localhost:${ports.platform}`]),
      },
    },
    provider: {
      /** the identity-verification provider's API; the sandbox by default */
      baseUrl: url(env, 'PROVIDER_BASE_URL', local(ports.providerSandbox)),
      appToken: text(env, 'PROVIDER_APP_TOKEN'),
      secretKey: secret(env, 'PROVIDER_SECRET_KEY', 16),
      webhookSecret: secret(env, 'PROVIDER_WEBHOOK_SECRET', 16),
      accessTokenTtlSeconds: integer(env, 'PROVIDER_ACCESS_TOKEN_TTL_SECONDS', 600, 60, 86_400),
      timeoutMs: integer(env, 'PROVIDER_TIMEOUT_MS', 10_000, 100, 120_000),
      levels: {
        individualKyc: text(env, 'PROVIDER_LEVEL_INDIVIDUAL_KYC', 'platform-individual-kyc'),
        corporateInvestorKyb: text(
          env,
          'PROVIDER_LEVEL_CORPORATE_INVESTOR_KYB',
          'platform-corporate-investor-kyb',
        ),
        issuerKyb: text(env, 'PROVIDER_LEVEL_ISSUER_KYB', 'platform-issuer-kyb'),
      },
    },
    providerSandbox: {
      /** where the sandbox delivers its webhooks */
      webhookUrl: url(
        env,
        'PROVIDER_SANDBOX_WEBHOOK_URL',
        `${local(ports.platform)}/webhooks/provider`,
      ),
      mode: oneOf(env, 'PROVIDER_SANDBOX_MODE', ['automatic', 'manual'] as const, 'automatic'),
      /** delay before an automatic decision once an applicant is submitted */
      autoDecisionDelayMs: integer(env, 'PROVIDER_SANDBOX_DECISION_DELAY_MS', 2_000, 0, 3_600_000),
      webhookDigestAlg: oneOf(
        env,
        'PROVIDER_SANDBOX_DIGEST_ALG',
        digestAlgorithms,
        'HMAC_SHA256_HEX',
      ),
      /** waits between webhook delivery attempts after a failure */
      webhookRetryDelaysMs: (
        optional(env, 'PROVIDER_SANDBOX_RETRY_DELAYS_MS') ?? '1000,5000,30000,120000'
      )
        .split(',')
        .map((item) => {
          if (!/^\d+$/.test(item.trim()))
            throw new ConfigError(
              'PROVIDER_SANDBOX_RETRY_DELAYS_MS',
              'must be comma-separated milliseconds',
            );
          return Number(item);
        }),
    },
    encryption: fieldKeys(env, 'FIELD_ENCRYPTION_KEYS'),
    issuance: {
      /** success fee on total_raised at go-live, basis points (DECISIONS.md: default 100) */
      successFeeBps: integer(env, 'SUCCESS_FEE_BPS', 100, 0, 10_000),
      /** ISO country of the platform's own on-chain identities (the treasury) */
      platformCountry: text(env, 'PLATFORM_COUNTRY', 'AE'),
      /** how often the allocation and chain-sync workers look for work when idle */
      workerIdleMs: integer(env, 'WORKER_IDLE_MS', 500, 10, 600_000),
      /** a claimed job whose worker fell silent this long is claimed again (above the chain timeout) */
      workerLeaseSeconds: integer(env, 'WORKER_LEASE_SECONDS', 240, 1, 86_400),
      /** the workers' failure policy: attempts, then a backoff doubling from the first wait */
      workerPolicy: {
        maxAttempts: integer(env, 'WORKER_MAX_ATTEMPTS', 5, 1, 1_000),
        backoffSeconds: integer(env, 'WORKER_BACKOFF_SECONDS', 10, 1, 86_400),
        maxBackoffSeconds: integer(env, 'WORKER_MAX_BACKOFF_SECONDS', 900, 1, 86_400),
        /** transient chain failures use no attempt: a jittered wait doubling up to the cap */
        transient: {
          baseMs: integer(env, 'CHAIN_RETRY_BASE_MS', 1_000, 10, 3_600_000),
          maxMs: integer(env, 'CHAIN_RETRY_MAX_MS', 30_000, 10, 3_600_000),
        },
      },
    },
    /** the email channel (docs/configuration.md "Email") */
    mail: {
      /** the SMTP server mail goes to; unset, emails wait in the outbox (`tessera start` sets its sink's) */
      smtpUrl: optional(env, 'SMTP_URL') === undefined ? undefined : url(env, 'SMTP_URL'),
      from: text(env, 'MAIL_FROM', 'Tessera <no-reply@tessera.localhost>'),
      /** how long an email verification link works */
      verifyLinkHours: integer(env, 'EMAIL_VERIFY_LINK_HOURS', 48, 1, 720),
      /** how long a password reset link works */
      resetLinkMinutes: integer(env, 'PASSWORD_RESET_LINK_MINUTES', 30, 5, 1_440),
    },
    dividends: {
      /** dividend payments claimed and paid per transaction by the distributor */
      batchSize: integer(env, 'DIVIDEND_BATCH_SIZE', 500, 1, 10_000),
      /** days before a debt token's payment from which an uncovered one is reported */
      debtWarnDays: integer(env, 'DEBT_FUNDING_WARN_DAYS', 7, 0, 90),
    },
    splits: {
      /** holders a split scales per transaction and chain batch (batchMint or batchBurn) */
      batchSize: integer(env, 'SPLIT_BATCH_SIZE', 100, 1, 100),
    },
    settlement: {
      /** how often the settlement processor looks for pending trades (DECISIONS: 1 s) */
      tickMs: integer(env, 'SETTLEMENT_TICK_MS', 1_000, 10, 600_000),
      /** trades claimed per tick, grouped by token into batchForcedTransfer calls */
      batchSize: integer(env, 'SETTLEMENT_BATCH_SIZE', 200, 1, 10_000),
      /** how often the periodic reconciliation runs (its mismatches become a metric) */
      reconcileIntervalMs: integer(env, 'RECONCILE_INTERVAL_MS', 300_000, 1_000, 86_400_000),
    },
    tradingWriter: {
      /** most order commands a token's writer commits in one transaction (1: one per order) */
      maxBatch: integer(env, 'TRADING_MAX_BATCH', 500, 1, 10_000),
    },
    /** trading nodes (docs/deployment.md) */
    cluster: {
      /** NATS servers (one URL or a comma-separated list); set: this node is one of several */
      natsUrl: optional(env, 'NATS_URL'),
      /** this trading node's name, unique among the live nodes */
      nodeId: text(env, 'TRADING_NODE_ID', `${os.hostname()}-${process.pid}`),
      /** how long a book's lease lasts unrenewed: a dead node's books move within it */
      leaseMs: integer(env, 'BOOK_LEASE_MS', 5_000, 300, 600_000),
    },
    marketData: {
      /** WebSocket connections one IP address may hold on the trading process's /ws */
      maxSocketsPerIp: integer(env, 'WS_MAX_SOCKETS_PER_IP', 50, 1, 100_000),
    },
    /** the platform's surveillance thresholds, for tokens without their own (docs/market-data.md) */
    surveillance: {
      spoofing_size_multiple: integer(env, 'SURVEILLANCE_SPOOFING_SIZE_MULTIPLE', 5, 1, 1_000),
      spoofing_max_lifetime_seconds: integer(
        env,
        'SURVEILLANCE_SPOOFING_MAX_LIFETIME_SECONDS',
        60,
        1,
        3_600,
      ),
      layering_min_levels: integer(env, 'SURVEILLANCE_LAYERING_MIN_LEVELS', 3, 2, 100),
      layering_window_seconds: integer(env, 'SURVEILLANCE_LAYERING_WINDOW_SECONDS', 10, 1, 3_600),
      wash_window_seconds: integer(env, 'SURVEILLANCE_WASH_WINDOW_SECONDS', 120, 1, 3_600),
      wash_min_round_trips: integer(env, 'SURVEILLANCE_WASH_MIN_ROUND_TRIPS', 2, 1, 100),
      wash_price_tolerance_bps: integer(
        env,
        'SURVEILLANCE_WASH_PRICE_TOLERANCE_BPS',
        10,
        0,
        10_000,
      ),
    },
    /** custodial wallet addresses are derived from this (BIP-44, m/44'/60'/0'/0/i) */
    custody: { mnemonic: mnemonic(env, 'CUSTODY_MNEMONIC') },
    wallet: {
      challengeTtlSeconds: integer(env, 'WALLET_CHALLENGE_TTL_SECONDS', 300, 30, 3_600),
    },
    bootstrapAdmin: {
      email: optional(env, 'TESSERA_ADMIN_EMAIL'),
      password: optional(env, 'TESSERA_ADMIN_PASSWORD'),
    },
    http: {
      corsOrigins: list(env, 'CORS_ORIGINS'),
      rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 1),
      /** the login throttle (docs/decisions/platform.md "Login throttle") */
      loginThrottle: {
        perAccountAndAddress: {
          freeFailures: integer(env, 'LOGIN_FREE_FAILURES', 5, 1, 1000),
          maxDelaySeconds: integer(env, 'LOGIN_MAX_DELAY_SECONDS', 900, 1, 86_400),
        },
        perAddress: {
          freeFailures: integer(env, 'LOGIN_FREE_FAILURES_PER_ADDRESS', 20, 1, 100_000),
          maxDelaySeconds: integer(env, 'LOGIN_MAX_DELAY_SECONDS', 900, 1, 86_400),
        },
      },
      /** proxies whose X-Forwarded-For is believed (addresses or CIDRs); none by default */
      trustedProxies: list(env, 'TRUSTED_PROXIES'),
      credentialRateLimitPerMinute: integer(env, 'CREDENTIAL_RATE_LIMIT_PER_MINUTE', 30, 1),
      bodyLimitBytes: integer(env, 'HTTP_BODY_LIMIT_BYTES', 1_048_576, 1024),
    },
  };
  // A lease that ends while its worker still waits for the chain lets a second worker take the job.
  if (config.issuance.workerLeaseSeconds * 1000 <= config.chain.clientTimeoutMs) {
    throw new ConfigError(
      'WORKER_LEASE_SECONDS',
      `must exceed the chain client's timeout (CHAIN_CLIENT_TIMEOUT_MS, ${config.chain.clientTimeoutMs} ms)`,
    );
  }
  return deepFreeze(config);
}

export type Config = ReturnType<typeof loadConfig>;

/**
 * What `tessera start` needs before the rest can be parsed: where its data lives and the ports of
 * the embedded PostgreSQL and anvil it starts when DATABASE_URL or CHAIN_RPC_URL is not given.
 */
export function loadLauncherConfig(env: Env = process.env) {
  return deepFreeze({
    dataDir: path.resolve(text(env, 'TESSERA_DATA_DIR', '.tessera')),
    host: text(env, 'HOST', '127.0.0.1'),
    embedPostgres: optional(env, 'DATABASE_URL') === undefined,
    embedChain: optional(env, 'CHAIN_RPC_URL') === undefined,
    /** no SMTP server given: `tessera start` runs a mail sink and shows what it receives */
    embedMail: optional(env, 'SMTP_URL') === undefined,
    embeddedPostgresPort: port(env, 'EMBEDDED_POSTGRES_PORT', 54329),
    /** more settings of the embedded PostgreSQL (e.g. a slow-statement log, pg_stat_statements) */
    embeddedPostgresSettings: serverSettings(env, 'EMBEDDED_POSTGRES_SETTINGS'),
    anvilPort: port(env, 'ANVIL_PORT', 8545),
    /** trading nodes to run: above 1, a local cluster over NATS (docs/deployment.md) */
    tradingNodes: integer(env, 'TRADING_NODES', 1, 1, 16),
    /** the processes' ports: the trading nodes after the first take the next ones left */
    ports: processPorts(env),
    /** the NATS of a local cluster; unset: the launcher starts a `nats-server` */
    natsUrl: optional(env, 'NATS_URL'),
    logLevel: oneOf(env, 'LOG_LEVEL', logLevels, 'info'),
    /** how the launcher prints its processes' logs: `text` for a person, `json` for a shipper */
    logFormat: oneOf(env, 'LOG_FORMAT', ['text', 'json'] as const, 'text'),
  });
}

export type LauncherConfig = ReturnType<typeof loadLauncherConfig>;

function deepFreeze<T>(value: T): T {
  // Maps and buffers (encryption keys) are exposed through read-only types instead.
  if (value && typeof value === 'object' && !(value instanceof Map) && !ArrayBuffer.isView(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
