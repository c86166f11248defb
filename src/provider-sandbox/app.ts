/**
 * The provider sandbox: a stand-in for the identity-verification provider with the real provider's
 * API shape. Its applicant, token, widget and webhook routes arrive with the verification issue;
 * today it serves health, readiness, metrics and OpenAPI like every process.
 */
import type { Config } from '../lib/config.js';
import { buildHttpApp, type HttpApp } from '../lib/http/app.js';
import { httpOptionsFrom } from '../lib/http/serve.js';
import type { Logger } from '../lib/logger.js';

export async function buildProviderSandboxApp(config: Config, logger: Logger): Promise<HttpApp> {
  return buildHttpApp(
    httpOptionsFrom(
      config,
      logger,
      'provider-sandbox',
      'A stand-in for the identity-verification provider.',
    ),
  );
}
