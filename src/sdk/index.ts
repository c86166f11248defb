/**
 * Tessera's typed SDK (docs/sdk.md): openapi-fetch clients over the types generated from the
 * OpenAPI documents of the platform, the trading process, the chain process and the provider
 * sandbox (src/sdk/generated). Platform and trading requests are signed with an API key
 * (docs/api.md, "API keys") or carry a bearer token; chain requests carry the service token;
 * provider sandbox requests are signed with the provider's app token and secret key.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { systemClock, type Clock } from '../lib/clock.js';
import {
  keyHeader,
  signRequest,
  signatureHeader,
  timestampHeader,
} from '../lib/auth/request-signing.js';
import { requestSignature } from '../lib/provider-signing.js';
import { bookRoutedFetch } from './book-routed-fetch.js';
import type { paths as ChainPaths } from './generated/chain.js';
import type { paths as PlatformPaths } from './generated/platform.js';
import type { paths as ProviderSandboxPaths } from './generated/provider-sandbox.js';
import type { paths as TradingPaths } from './generated/trading.js';

export type { ChainPaths, PlatformPaths, ProviderSandboxPaths, TradingPaths };

export type Credentials = { accessToken: string } | { accessKey: string; secret: string };

export interface TesseraOptions {
  /** the platform process's base URL (accounts, keys, tokens, portfolio) */
  platformUrl: string;
  /** the trading process's base URL (orders, trades, books) */
  tradingUrl: string;
  /** none: the public routes only */
  credentials?: Credentials;
  /** the chain process's base URL (internal: every route needs `serviceToken`) */
  chainUrl?: string;
  /** the SERVICE_TOKEN, sent as a bearer token to the chain process only */
  serviceToken?: string;
  /** the provider sandbox's base URL (the identity provider's API under /resources) */
  providerUrl?: string;
  /** PROVIDER_APP_TOKEN and PROVIDER_SECRET_KEY: provider sandbox requests are signed with them */
  providerCredentials?: { appToken: string; secretKey: string };
  clock?: Clock;
  /**
   * A trading cluster: each command of a book goes straight to the node that owns it, as
   * `GET /api/v1/cluster/book-owners` names it, and to `tradingUrl` when none does or the owner
   * cannot be reached (docs/sdk.md, "A cluster").
   */
  tokenAware?: boolean;
}

export interface Tessera {
  platform: Client<PlatformPaths>;
  trading: Client<TradingPaths>;
  /** present when `chainUrl` is given */
  chain?: Client<ChainPaths>;
  /** present when `providerUrl` is given */
  provider?: Client<ProviderSandboxPaths>;
}

/** Tessera's clients with the chain and provider sandbox ones that `options` asked for. */
export type TesseraFor<O extends TesseraOptions> = Tessera &
  (O extends { chainUrl: string } ? { chain: Client<ChainPaths> } : unknown) &
  (O extends { providerUrl: string } ? { provider: Client<ProviderSandboxPaths> } : unknown);

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

/** The provider's request signature (src/lib/provider-signing.ts): seconds, not milliseconds. */
function providerSigner(key: { appToken: string; secretKey: string }, clock: Clock): Middleware {
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      const body = Buffer.from(await request.clone().arrayBuffer());
      const ts = String(Math.floor(clock.now().getTime() / 1000));
      request.headers.set('x-app-token', key.appToken);
      request.headers.set('x-app-access-ts', ts);
      request.headers.set(
        'x-app-access-sig',
        requestSignature(key.secretKey, ts, request.method, url.pathname + url.search, body),
      );
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

export function tessera<O extends TesseraOptions>(options: O): TesseraFor<O> {
  const clock = options.clock ?? systemClock;
  const platform = createClient<PlatformPaths>({ baseUrl: options.platformUrl });
  const trading = createClient<TradingPaths>({
    baseUrl: options.tradingUrl,
    ...(options.tokenAware ? { fetch: bookRoutedFetch(options.tradingUrl) } : {}),
  });
  const { credentials } = options;
  if (credentials) {
    const auth =
      'accessToken' in credentials ? bearer(credentials.accessToken) : signer(credentials, clock);
    platform.use(auth);
    trading.use(auth);
  }
  const clients: Tessera = { platform, trading };
  if (options.chainUrl !== undefined) {
    clients.chain = createClient<ChainPaths>({ baseUrl: options.chainUrl });
    if (options.serviceToken !== undefined) clients.chain.use(bearer(options.serviceToken));
  }
  if (options.providerUrl !== undefined) {
    clients.provider = createClient<ProviderSandboxPaths>({ baseUrl: options.providerUrl });
    if (options.providerCredentials)
      clients.provider.use(providerSigner(options.providerCredentials, clock));
  }
  return clients as TesseraFor<O>;
}
