/**
 * The order API as the FIX gateway calls it: signed HTTP requests with the session's API key to
 * the trading process (docs/api.md, "API keys"), the same path as every other program's orders.
 * A command of a known book goes straight to the book's owner in a cluster (the token-aware
 * route, src/lib/book-route.ts), anything else to the configured trading URL, whose node forwards
 * it. Timestamps rise strictly per key so two identical requests within a millisecond are not
 * taken as replays.
 */
import { clientAddressHeaders } from '../lib/auth/client-address.js';
import { signRequest } from '../lib/auth/request-signing.js';
import type { BookRoute } from '../lib/book-route.js';
import type { Clock } from '../lib/clock.js';

export interface SigningKey {
  accessKey: string;
  secret: string;
}

export type ApiAnswer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; code: string; detail: string };

export class OrderClient {
  private last = 0;

  constructor(
    private readonly route: BookRoute,
    private readonly key: SigningKey,
    private readonly clock: Clock,
    /** the FIX client's address, proven with SERVICE_TOKEN (the key's allow-list meets it) */
    private readonly client: { address: string; serviceToken: string },
  ) {}

  async call<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    pathWithQuery: string,
    body?: unknown,
    /** the book the command is for, when known: sent to its owner */
    tokenId?: string,
  ): Promise<ApiAnswer<T>> {
    const text = body === undefined ? '' : JSON.stringify(body);
    this.last = Math.max(this.clock.now().getTime(), this.last + 1);
    const timestamp = String(this.last);
    const signature = signRequest(this.key.secret, {
      timestamp,
      method,
      pathWithQuery,
      body: text,
    });
    const response = await this.route.send(tokenId, (baseUrl) =>
      fetch(`${baseUrl}${pathWithQuery}`, {
        method,
        headers: {
          'x-tessera-key': this.key.accessKey,
          'x-tessera-timestamp': timestamp,
          'x-tessera-signature': signature,
          ...clientAddressHeaders(this.client.serviceToken, this.client.address, signature),
          ...(text === '' ? {} : { 'content-type': 'application/json' }),
        },
        ...(text === '' ? {} : { body: text }),
      }),
    );
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return { ok: true, status: response.status, body: answer as T };
    return {
      ok: false,
      status: response.status,
      code: typeof answer.code === 'string' ? answer.code : 'INTERNAL_ERROR',
      detail: typeof answer.detail === 'string' ? answer.detail : response.statusText,
    };
  }
}
