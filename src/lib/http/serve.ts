import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { HttpAppOptions } from './app.js';

/** The HTTP options every process takes from the configuration. */
export function httpOptionsFrom(
  config: Config,
  logger: Logger,
  name: string,
  description: string,
): Pick<
  HttpAppOptions,
  | 'name'
  | 'description'
  | 'logger'
  | 'corsOrigins'
  | 'rateLimitPerMinute'
  | 'bodyLimitBytes'
  | 'trustedProxies'
> {
  return {
    name,
    description,
    logger,
    // The web client is served by the platform and calls the trading process from that origin.
    corsOrigins: [...new Set([...config.http.corsOrigins, new URL(config.urls.platform).origin])],
    rateLimitPerMinute: config.http.rateLimitPerMinute,
    bodyLimitBytes: config.http.bodyLimitBytes,
    trustedProxies: config.http.trustedProxies,
  };
}
