/**
 * Tessera's typed SDK (docs/sdk.md): openapi-fetch clients over the types generated from the
 * platform's and the trading process's OpenAPI documents (src/sdk/generated), each request
 * signed with an API key (docs/api.md, "API keys") or carrying a bearer token.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { systemClock, type Clock } from '../lib/clock.js';
import {
  keyHeader,
  signRequest,
  signatureHeader,
  timestampHeader,
} from '../lib/auth/request-signing.js';
import type { paths as PlatformPaths } from './generated/platform.js';
import type { paths as TradingPaths } from './generated/trading.js';

export type { PlatformPaths, TradingPaths };

export type Credentials = { accessToken: string } | { accessKey: string; secret: string };

export interface TesseraOptions {
  /** the platform process's base URL (accounts, keys, tokens, portfolio) */
  platformUrl: string;
  /** the trading process's base URL (orders, trades, books) */
  tradingUrl: string;
  /** none: the public routes only */
  credentials?: Credentials;
  clock?: Clock;
}

export interface Tessera {
  platform: Client<PlatformPaths>;
  trading: Client<TradingPaths>;
}

/** Signs each request as it goes out: the path and body signed are the ones sent. */
function signer(key: { accessKey: string; secret: string }, clock: Clock): Middleware {
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      const body = Buffer.from(await request.clone().arrayBuffer());
      const timestamp = String(clock.now().getTime());
      const signature = signRequest(key.secret, {
        timestamp,
        method: request.method,
        pathWithQuery: url.pathname + url.search,
        body,
      });
      request.headers.set(keyHeader, key.accessKey);
      request.headers.set(timestampHeader, timestamp);
      request.headers.set(signatureHeader, signature);
      return request;
    },
  };
}

function bearer(accessToken: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${accessToken}`);
      return request;
    },
  };
}

export function tessera(options: TesseraOptions): Tessera {
  const platform = createClient<PlatformPaths>({ baseUrl: options.platformUrl });
  const trading = createClient<TradingPaths>({ baseUrl: options.tradingUrl });
  const { credentials } = options;
  if (credentials) {
    const auth =
      'accessToken' in credentials
        ? bearer(credentials.accessToken)
        : signer(credentials, options.clock ?? systemClock);
    platform.use(auth);
    trading.use(auth);
  }
  return { platform, trading };
}
