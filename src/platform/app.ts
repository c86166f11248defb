/**
 * The platform's composition root: wires the database, token signer, services and route plugins
 * into one HTTP app. No IO happens here beyond what the deps carry.
 */
import { systemClock, type Clock } from '../lib/clock.js';
import { AccessTokens } from '../lib/auth/access-token.js';
import { ApiKeyRing } from '../lib/auth/api-keys.js';
import { sessionChecker } from '../lib/auth/session-check.js';
import type { Config } from '../lib/config.js';
import type { Db } from '../lib/db/database.js';
import { buildHttpApp, type HttpApp } from '../lib/http/app.js';
import { guards } from '../lib/http/auth-guard.js';
import { httpOptionsFrom } from '../lib/http/serve.js';
import type { Logger } from '../lib/logger.js';
import { authRoutes } from './auth/auth.routes.js';
import { authService } from './auth/auth.service.js';
import { sessionsRoutes } from './auth/sessions.routes.js';
import { sessionsService } from './auth/sessions.service.js';
import { factorsRoutes } from './factors/factors.routes.js';
import { factorsService } from './factors/factors.service.js';
import { passkeys } from './factors/passkeys.js';
import { usersRoutes } from './users/users.routes.js';
import { usersService } from './users/users.service.js';
import { FieldEncryption } from '../lib/crypto/field-encryption.js';
import { adminKycRoutes } from './verification/admin-kyc.routes.js';
import { verificationGates } from './verification/gates.js';
import { kybRoutes } from './verification/kyb.routes.js';
import { kybService } from './verification/kyb.service.js';
import { kycReviewService } from './verification/kyc-review.service.js';
import { kycRoutes } from './verification/kyc.routes.js';
import { kycService } from './verification/kyc.service.js';
import { ProviderClient } from './verification/provider-client.js';
import { webhookRoutes } from './verification/webhook.routes.js';
import { webhookService } from './verification/webhook.service.js';
import { adminFiatRoutes } from './fiat/admin-fiat.routes.js';
import { fiatRoutes } from './fiat/fiat.routes.js';
import { fiatService } from './fiat/fiat.service.js';
import { portfolioRoutes } from './portfolio/portfolio.routes.js';
import { portfolioService } from './portfolio/portfolio.service.js';
import { custodyKey, walletAddresses } from './wallets/wallet-address.js';
import { walletLinkService } from './wallets/wallet-link.js';
import { walletRecoveryService } from './wallets/wallet-recovery.js';
import { walletRoutes } from './wallets/wallet.routes.js';
import { orderAuditRoutes } from './order-audit/order-audit.routes.js';
import { orderAuditService } from './order-audit/order-audit.service.js';
import { chartsRoutes } from './charts/charts.routes.js';
import { chartsService } from './charts/charts.service.js';
import { registerRoutes } from './register/register.routes.js';
import { registerService } from './register/register.service.js';
import { statementsRoutes } from './statements/statements.routes.js';
import { statementsService } from './statements/statements.service.js';
import { chainCallerReadiness, chainClientFor, type ChainClient } from '../lib/chain-client.js';
import { businessesRoutes } from './businesses/businesses.routes.js';
import { businessesService } from './businesses/businesses.service.js';
import { debtRoutes } from './debt/debt.routes.js';
import { debtService } from './debt/debt.service.js';
import { debtBurnRetries } from './debt/debt-burn-retries.js';
import { dividendsRoutes } from './dividends/dividends.routes.js';
import { splitsRoutes } from './splits/splits.routes.js';
import { splitsService } from './splits/splits.service.js';
import { workRoutes } from './work/work.routes.js';
import { dividendsService } from './dividends/dividends.service.js';
import { offeringRoutes } from './offering/offering.routes.js';
import { offeringService } from './offering/offering.service.js';
import { agentActionsRoutes } from './agent-actions/agent-actions.routes.js';
import { agentActionsService } from './agent-actions/agent-actions.service.js';
import { complianceRulesRoutes } from './compliance/compliance-rules.routes.js';
import { complianceRulesService } from './compliance/compliance-rules.service.js';
import { tokensRoutes } from './tokens/tokens.routes.js';
import { tokensService } from './tokens/tokens.service.js';
import { bankAccountsService } from './fiat/bank-accounts.service.js';
import { documentsService } from './verification/documents.service.js';
import { classificationService } from './verification/classification.service.js';
import { classificationRoutes } from './verification/classification.routes.js';
import { defaultWebDir, webRoutes } from './web/web.routes.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import { apiKeysService } from './api-keys/api-keys.service.js';
import { fixSessionsRoutes } from './fix-sessions/fix-sessions.routes.js';
import { fixSessionsService } from './fix-sessions/fix-sessions.service.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { meetingsRoutes } from './corporate-actions/meetings.routes.js';
import { meetingsStaffRoutes } from './corporate-actions/meetings-staff.routes.js';
import { meetingsService } from './corporate-actions/meetings.service.js';

export interface PlatformDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** defaults to an HTTP client of config.urls.chain */
  chain?: ChainClient;
  /** the built web client served at `/`; defaults to dist/web */
  webDir?: string;
  /** the services' time (login throttle, sessions, offering windows, statements...) */
  clock?: Clock;
  /** how often the API keys in force are reloaded; 0: only when this process changes one */
  apiKeyPollMs?: number;
}

export async function buildPlatformApp(deps: PlatformDeps): Promise<HttpApp> {
  const { config, db, logger, clock = systemClock } = deps;
  const chain = deps.chain ?? chainClientFor(config);
  const app = await buildHttpApp({
    ...httpOptionsFrom(
      config,
      logger,
      'platform',
      'Users, verification, businesses, tokens, primary offering, fiat ledger, dividends, admin.',
    ),
    readiness: () => chainCallerReadiness(db, chain, logger),
  });
  const tokens = new AccessTokens(config.auth.jwtSecret, config.auth.accessTokenTtlSeconds);
  const encryption = new FieldEncryption(config.encryption);
  const apiKeys = new ApiKeyRing({
    db,
    clock,
    encryption,
    logger,
    perMinute: config.auth.apiKeyRateLimitPerMinute,
  });
  // A process whose database is down still starts and says so on /readyz; the poll loads the keys.
  await apiKeys
    .refresh()
    .catch((error: unknown) => logger.error({ err: error }, 'api keys not loaded'));
  const apiKeyPollMs = deps.apiKeyPollMs ?? 1000;
  if (apiKeyPollMs > 0) {
    apiKeys.start(apiKeyPollMs, (error) => logger.error({ err: error }, 'api key poll failed'));
  }
  app.addHook('onClose', () => apiKeys.stop());
  const passkeyCheck = passkeys(db, config.auth.webauthn, clock);
  const factors = factorsService({
    db,
    encryption,
    clock,
    loginThrottle: config.http.loginThrottle,
    passkeys: passkeyCheck,
  });
  const guard = guards({
    tokens,
    isSessionActive: sessionChecker(db),
    apiKeys,
    serviceToken: config.auth.serviceToken,
    stepUpMaxAgeSeconds: config.auth.stepUpMaxAgeSeconds,
    hasFactor: (userId) => factors.hasFactor(userId),
    clock,
  });
  const auth = authService({
    db,
    tokens,
    refreshTokenTtlSeconds: config.auth.refreshTokenTtlSeconds,
    loginThrottle: config.http.loginThrottle,
    factors,
    passkeys: passkeyCheck,
    factorChallengeTtlSeconds: config.auth.factorChallengeTtlSeconds,
    clock,
    webUrl: config.urls.platform,
    verifyLinkHours: config.mail.verifyLinkHours,
    resetLinkMinutes: config.mail.resetLinkMinutes,
  });
  authRoutes(app, auth, guard, config.http.credentialRateLimitPerMinute);
  factorsRoutes(app, { db, factors, auth, passkeys: passkeyCheck }, guard);
  sessionsRoutes(app, sessionsService(db), guard);
  const users = usersService(db, clock);
  usersRoutes(app, users, guard);
  apiKeysRoutes(app, apiKeysService({ db, clock, encryption, ring: apiKeys }), guard);
  fixSessionsRoutes(app, fixSessionsService(db), guard);
  notificationsRoutes(app, db, guard, clock);

  const provider = new ProviderClient({
    baseUrl: config.provider.baseUrl,
    appToken: config.provider.appToken,
    secretKey: config.provider.secretKey,
    timeoutMs: config.provider.timeoutMs,
    clock,
  });
  // The sandbox has a widget page of its own; the real provider's widget is its JavaScript SDK.
  const widgetUrl =
    config.provider.baseUrl === config.urls.providerSandbox
      ? `${config.provider.baseUrl}/websdk`
      : undefined;
  const providerOptions = {
    provider,
    tokenTtlSeconds: config.provider.accessTokenTtlSeconds,
    ...(widgetUrl ? { widgetUrl } : {}),
  };
  const gates = verificationGates(db);
  kycRoutes(
    app,
    kycService({
      db,
      clock,
      encryption,
      logger,
      providerLevel: config.provider.levels.individualKyc,
      ...providerOptions,
    }),
    users,
    gates,
    guard,
  );
  const documents = documentsService(db, encryption, clock);
  adminKycRoutes(
    app,
    db,
    kycReviewService(db, encryption, clock),
    documents,
    provider,
    guard,
    clock,
  );
  classificationRoutes(app, classificationService(db, documents, clock), documents, users, guard);
  kybRoutes(
    app,
    db,
    kybService({ db, clock, levels: config.provider.levels, ...providerOptions }),
    users,
    guard,
  );
  webhookRoutes(
    app,
    webhookService({ db, clock, webhookSecret: config.provider.webhookSecret, logger, provider }),
  );

  const fiat = fiatService(db, clock);
  const bankAccounts = bankAccountsService(db, encryption, clock);
  fiatRoutes(app, fiat, bankAccounts, gates, guard);
  adminFiatRoutes(app, fiat, bankAccounts, guard);
  portfolioRoutes(app, portfolioService(db), gates, guard);
  walletRoutes(
    app,
    walletLinkService({
      db,
      clock,
      challengeTtlSeconds: config.wallet.challengeTtlSeconds,
      addresses: walletAddresses(custodyKey(config.custody.mnemonic)),
    }),
    walletRecoveryService({ db, clock }),
    gates,
    guard,
  );

  businessesRoutes(app, businessesService(db), guard, gates);
  tokensRoutes(
    app,
    tokensService({ db, chain, successFeeBps: config.issuance.successFeeBps, clock }),
    guard,
    gates,
  );
  complianceRulesRoutes(app, complianceRulesService(db), guard);
  agentActionsRoutes(app, agentActionsService(db, clock), guard);
  offeringRoutes(
    app,
    offeringService(db, { platformCountry: config.issuance.platformCountry, clock }),
    guard,
    gates,
  );
  dividendsRoutes(
    app,
    dividendsService({ db, platformCountry: config.issuance.platformCountry, clock }),
    guard,
    gates,
  );
  splitsRoutes(app, splitsService(db, clock), guard, gates);
  debtRoutes(app, debtService({ db, clock }), debtBurnRetries({ db, clock }), guard, gates);
  registerRoutes(
    app,
    registerService({ db, chain, clock, platformCountry: config.issuance.platformCountry }),
    guard,
  );
  const meetings = meetingsService({ db, clock, webUrl: config.urls.platform });
  meetingsRoutes(app, meetings, guard);
  meetingsStaffRoutes(app, meetings, guard);
  orderAuditRoutes(app, orderAuditService({ db, clock }), guard);
  statementsRoutes(app, statementsService({ db, clock }), gates, guard);
  chartsRoutes(
    app,
    chartsService({ db, clock, platformCountry: config.issuance.platformCountry }),
    guard,
  );
  workRoutes(app, db, guard);
  await webRoutes(app, {
    dir: deps.webDir ?? defaultWebDir,
    tradingUrl: config.urls.trading,
    tradingNodes: config.urls.tradingNodes,
  });
  return app;
}

export { chainClientFor };
