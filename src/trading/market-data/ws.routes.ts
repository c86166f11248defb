/**
 * `/ws` (DECISIONS "Market data and WebSocket"): one socket per client for the public book and
 * trades channels and, after `auth`, the caller's private `orders` channel. Every bad message is
 * answered with an `error` carrying a stable code, and the socket stays usable; a socket that
 * sends nothing valid for the idle limit is closed. `tick` (every 5 s) sends the heartbeat,
 * closes idle sockets and ends the private channels of expired tokens and revoked sessions.
 * `/asyncapi.json` describes the socket (asyncapi.yaml).
 */
import { decodeJwt } from 'jose';
import type { RawData } from 'ws';
import type { AccessTokens } from '../../lib/auth/access-token.js';
import { apiKeySession, type ApiKeyRing } from '../../lib/auth/api-keys.js';
import { AppError } from '../../lib/errors.js';
import type { HttpApp } from '../../lib/http/app.js';
import type { Clock } from '../../lib/clock.js';
import { Client, type MarketDataHub, type ServerMessage } from './hub.js';
import {
  parseClientMessage,
  WsError,
  wsErrorCodes,
  type ClientMessage,
  type SignedKeyAuth,
  type WsErrorCode,
} from './protocol.js';

export interface SocketDeps {
  hub: MarketDataHub;
  tokens: AccessTokens;
  /** the API keys in force: an `auth` may be signed with one (scope `read`) */
  apiKeys: ApiKeyRing;
  isSessionActive: (sessionId: string) => boolean | Promise<boolean>;
  clock: Clock;
  /** the socket's AsyncAPI document (asyncapi.ts), served at /asyncapi.json */
  asyncApi: Record<string, unknown>;
}

/** close codes: policy violation (limits), and idle */
const closePolicy = 1008;
const closeIdle = 4000;

const textOf = (data: RawData) =>
  (Array.isArray(data)
    ? Buffer.concat(data)
    : Buffer.isBuffer(data)
      ? data
      : Buffer.from(new Uint8Array(data))
  ).toString('utf8');

export function marketDataSocket(app: HttpApp, deps: SocketDeps) {
  const { hub, clock } = deps;
  const ts = () => clock.now().toISOString();

  function error(client: Client, id: ClientMessage['id'], failure: WsError): void {
    hub.reply(client, {
      channel: 'control',
      type: 'error',
      id,
      ts: ts(),
      data: { code: failure.code, message: failure.message },
    });
  }

  /** The caller of a token's `auth`, with when it expires. */
  async function tokenCaller(token: string) {
    let claims;
    try {
      claims = deps.tokens.verify(token);
    } catch (failure) {
      const expired = failure instanceof Error && /expired/.test(failure.message);
      throw new WsError(
        expired ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN',
        expired ? 'The access token has expired' : 'The access token is not valid',
      );
    }
    if (!(await deps.isSessionActive(claims.sessionId))) {
      throw new WsError('INVALID_TOKEN', 'The session has ended; log in again');
    }
    const exp = decodeJwt(token).exp;
    return { ...claims, expiresAt: exp === undefined ? null : new Date(exp * 1000) };
  }

  /**
   * The caller of a key-signed `auth`: the checks of a signed HTTP request (the HMAC of
   * `timestamp + 'GET' + '/ws'`), and the `read` scope.
   */
  function keyCaller(client: Client, auth: SignedKeyAuth) {
    try {
      const entry = deps.apiKeys.admit(auth.accessKey, auth.timestamp);
      const signed = { timestamp: auth.timestamp, method: 'GET', pathWithQuery: '/ws', body: '' };
      deps.apiKeys.verify(entry, signed, auth.signature, client.ip);
      if (!entry.scopes.has('read')) {
        throw new AppError('API_KEY_SCOPE_MISSING', 'The private channels need the read scope');
      }
      deps.apiKeys.recordUse(entry, client.ip, 'WS auth');
      return {
        userId: entry.userId,
        sessionId: apiKeySession(entry.id),
        expiresAt: entry.expiresAt === null ? null : new Date(entry.expiresAt),
      };
    } catch (failure) {
      if (failure instanceof AppError && wsErrorCodes.includes(failure.code as WsErrorCode)) {
        throw new WsError(failure.code as WsErrorCode, failure.message);
      }
      throw failure;
    }
  }

  async function authenticate(
    client: Client,
    message: Extract<ClientMessage, { op: 'auth' }>,
  ): Promise<ServerMessage> {
    const claims =
      'key' in message ? keyCaller(client, message.key) : await tokenCaller(message.token);
    if (client.userId !== claims.userId) {
      if (client.userId !== null) hub.endPrivate(client);
      if (hub.socketsOf(claims.userId) >= hub.limits.maxSocketsPerUser) {
        throw new WsError('TOO_MANY_SOCKETS', 'Too many sockets for this user');
      }
    }
    client.userId = claims.userId;
    client.sessionId = claims.sessionId;
    client.expiresAt = claims.expiresAt;
    return {
      channel: 'auth',
      type: 'ack',
      ts: ts(),
      data: { user_id: claims.userId, expires_at: client.expiresAt?.toISOString() ?? null },
    };
  }

  async function handle(client: Client, message: ClientMessage): Promise<void> {
    switch (message.op) {
      case 'ping':
        hub.reply(client, { channel: 'pong', type: 'ack', id: message.id, ts: ts() });
        return;
      case 'auth':
        hub.reply(client, { ...(await authenticate(client, message)), id: message.id });
        return;
      case 'unsubscribe':
        for (const request of message.channels) hub.unsubscribe(client, request);
        hub.reply(client, {
          channel: 'control',
          type: 'ack',
          id: message.id,
          ts: ts(),
          data: { op: 'unsubscribe' },
        });
        return;
      case 'subscribe': {
        const snapshots: ServerMessage[] = [];
        for (const request of message.channels) {
          const snapshot = await hub.subscribe(client, request);
          if (snapshot) snapshots.push(snapshot);
        }
        hub.reply(client, {
          channel: 'control',
          type: 'ack',
          id: message.id,
          ts: ts(),
          data: { op: 'subscribe' },
        });
        for (const snapshot of snapshots) hub.reply(client, snapshot);
        return;
      }
    }
  }

  function receive(client: Client, data: RawData, isBinary: boolean): void {
    client.queue = client.queue.then(async () => {
      let message: ClientMessage | undefined;
      try {
        if (isBinary) throw new WsError('INVALID_MESSAGE', 'Send text frames');
        message = parseClientMessage(textOf(data));
        await handle(client, message);
        client.lastValidAt = clock.now();
      } catch (failure) {
        if (failure instanceof WsError) error(client, message?.id ?? null, failure);
        else {
          app.log.error({ err: failure }, 'websocket message failed');
          error(client, message?.id ?? null, new WsError('INVALID_MESSAGE', 'Not handled'));
        }
      }
    });
  }

  app.get('/asyncapi.json', { schema: { hide: true } }, () => deps.asyncApi);

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const client = new Client(socket, request.raw.socket, request.ip, clock.now());
    if (!hub.connect(client)) {
      error(client, null, new WsError('TOO_MANY_SOCKETS', 'Too many sockets from this address'));
      socket.close(closePolicy, 'too many sockets');
      return;
    }
    socket.on('message', (data, isBinary) => receive(client, data, isBinary));
    socket.on('close', () => hub.disconnect(client));
  });

  function endPrivate(client: Client, expired: boolean): void {
    hub.endPrivate(client);
    error(
      client,
      null,
      new WsError(
        expired ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN',
        expired
          ? 'The access token has expired; private channels are closed, auth again'
          : 'The session has ended; private channels are closed',
      ),
    );
  }

  /** Ends the private channels of the sockets authenticated in these (just revoked) sessions. */
  function endSessions(sessionIds: ReadonlySet<string>): void {
    for (const client of hub.clients) {
      if (client.userId !== null && sessionIds.has(client.sessionId!)) endPrivate(client, false);
    }
  }

  /** Heartbeat, idle sockets, expired tokens and ended sessions. */
  async function tick(): Promise<void> {
    const now = clock.now();
    for (const client of [...hub.clients]) {
      if (now.getTime() - client.lastValidAt.getTime() > hub.limits.idleMs) {
        client.socket.close(closeIdle, 'no valid message');
        hub.disconnect(client);
        continue;
      }
      hub.reply(client, { channel: 'heartbeat', type: 'heartbeat', ts: now.toISOString() });
      if (client.userId === null) continue;
      const expired = client.expiresAt !== null && client.expiresAt <= now;
      if (expired || !(await deps.isSessionActive(client.sessionId!))) endPrivate(client, expired);
    }
  }
  return { tick, endSessions };
}
