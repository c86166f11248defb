/**
 * The provider sandbox: a stand-in for the identity-verification provider with the real
 * provider's API shape (signed `/resources` API, applicants, access tokens, review statuses),
 * a widget page opened with an access token, an operator page to decide applicants, automatic
 * decisions for demos and tests, and signed webhooks with retries. See docs/provider-sandbox.md.
 */
import { systemClock, type Clock } from '../lib/clock.js';
import path from 'node:path';
import type { Config } from '../lib/config.js';
import { buildHttpApp, type HttpApp } from '../lib/http/app.js';
import { httpOptionsFrom } from '../lib/http/serve.js';
import type { Logger } from '../lib/logger.js';
import { apiRoutes } from './api.routes.js';
import { providerSignatureScheme } from './api.schemas.js';
import { levelCatalogue } from './levels.js';
import { operatorRoutes } from './operator.routes.js';
import { ProviderSandbox } from './sandbox-service.js';
import { SandboxStore } from './sandbox-store.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { widgetRoutes } from './widget.routes.js';

export interface ProviderSandboxOptions {
  /** the clock for token expiry, signature freshness and timestamps; the system's by default */
  clock?: Clock;
  /** where the state file lives; `<dataDir>/provider-sandbox` by default */
  stateDirectory?: string;
}

/** The provider's webhook timeout: no answer within 5 s is a failed delivery. */
const webhookTimeoutMs = 5_000;

export async function buildProviderSandboxApp(
  config: Config,
  logger: Logger,
  options: ProviderSandboxOptions = {},
): Promise<HttpApp> {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now().getTime();
  const store = SandboxStore.open(
    options.stateDirectory ?? path.join(config.dataDir, 'provider-sandbox'),
  );
  const webhooks = new WebhookDispatcher(
    store,
    {
      url: config.providerSandbox.webhookUrl,
      secret: config.provider.webhookSecret,
      algorithm: config.providerSandbox.webhookDigestAlg,
      retryDelaysMs: config.providerSandbox.webhookRetryDelaysMs,
      timeoutMs: webhookTimeoutMs,
    },
    now,
    logger,
  );
  const levels = levelCatalogue(config.provider.levels);
  const settings = {
    levels,
    individualLevel: config.provider.levels.individualKyc,
    mode: config.providerSandbox.mode,
    decisionDelayMs: config.providerSandbox.autoDecisionDelayMs,
    defaultTokenTtlSeconds: config.provider.accessTokenTtlSeconds,
  };
  const sandbox = new ProviderSandbox(store, webhooks, settings, now, logger);

  const app = await buildHttpApp({
    ...httpOptionsFrom(
      config,
      logger,
      'provider-sandbox',
      'A stand-in for the identity-verification provider (docs/provider-sandbox.md).',
    ),
    securitySchemes: { providerSignature: providerSignatureScheme },
  });
  // Each part is its own encapsulated scope: its body parsers and error pages stay its own.
  await app.register(
    (api: HttpApp, _options, done) => {
      apiRoutes(api, {
        sandbox,
        levels,
        credentials: { appToken: config.provider.appToken, secretKey: config.provider.secretKey },
        now,
      });
      done();
    },
    { prefix: '/resources' },
  );
  await app.register((widget: HttpApp, _options, done) => {
    widgetRoutes(widget, sandbox);
    done();
  });
  await app.register((operator: HttpApp, _options, done) => {
    operatorRoutes(operator, {
      sandbox,
      appToken: config.provider.appToken,
      settings: {
        mode: settings.mode,
        decisionDelayMs: settings.decisionDelayMs,
        webhookUrl: config.providerSandbox.webhookUrl,
      },
    });
    done();
  });

  app.addHook('onReady', (done) => {
    webhooks.start();
    sandbox.resume();
    done();
  });
  app.addHook('onClose', async () => {
    sandbox.stop();
    await webhooks.stop();
  });
  return app;
}
