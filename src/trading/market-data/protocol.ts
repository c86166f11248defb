/**
 * The WebSocket protocol of DECISIONS "Market data and WebSocket": what a client may send, parsed
 * into a typed request or refused with one of the stable error codes below (answered as an
 * `error` message; the socket stays usable).
 */

export const wsErrorCodes = [
  'MALFORMED_JSON',
  'INVALID_MESSAGE',
  'UNKNOWN_OP',
  'UNKNOWN_CHANNEL',
  'UNKNOWN_TOKEN',
  'INVALID_DEPTH',
  'TOO_MANY_SUBSCRIPTIONS',
  'AUTH_REQUIRED',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'TOO_MANY_SOCKETS',
  // an `auth` signed with an API key: the HTTP API's codes for the same refusals
  'INVALID_API_KEY',
  'API_KEY_EXPIRED',
  'INVALID_SIGNATURE',
  'TIMESTAMP_OUTSIDE_WINDOW',
  'REPLAYED_REQUEST',
  'API_KEY_IP_NOT_ALLOWED',
  'API_KEY_SCOPE_MISSING',
  'API_KEY_RATE_LIMITED',
] as const;
export type WsErrorCode = (typeof wsErrorCodes)[number];

export class WsError extends Error {
  constructor(
    readonly code: WsErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A channel of one token's market data, public. */
export type PublicChannel =
  | { name: 'book'; tokenId: string; depth: number }
  | { name: 'trades' | 'ticker' | 'phase'; tokenId: string }
  | { name: 'candles'; tokenId: string; interval: CandleInterval };

/** A channel of the authenticated user's own data. */
export type PrivateChannel = { name: 'orders' } | { name: 'balances' };

export type ChannelRequest = PublicChannel | PrivateChannel;

export const isPrivate = (channel: ChannelRequest): channel is PrivateChannel =>
  channel.name === 'orders' || channel.name === 'balances';

/** An `auth` signed with an API key: the HMAC of `timestamp + 'GET' + '/ws'` (docs/api.md). */
export interface SignedKeyAuth {
  accessKey: string;
  timestamp: string;
  signature: string;
}

export type ClientMessage =
  | { op: 'subscribe' | 'unsubscribe'; id: string | number | null; channels: ChannelRequest[] }
  | { op: 'auth'; id: string | number | null; token: string }
  | { op: 'auth'; id: string | number | null; key: SignedKeyAuth }
  | { op: 'ping'; id: string | number | null };

export const defaultDepth = 25;
export const maxDepth = 100;
/** the checksum covers 10 levels, so a client must hold at least that many */
export const minDepth = 10;

import { candleIntervals, type CandleInterval } from './markets.schemas.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function channel(raw: unknown): ChannelRequest {
  if (typeof raw !== 'object' || raw === null) {
    throw new WsError('INVALID_MESSAGE', 'A channel is an object with a name');
  }
  const { name, token_id: tokenId, depth, interval } = raw as Record<string, unknown>;
  if (name === 'orders' || name === 'balances') return { name };
  if (
    name !== 'book' &&
    name !== 'trades' &&
    name !== 'ticker' &&
    name !== 'candles' &&
    name !== 'phase'
  ) {
    throw new WsError('UNKNOWN_CHANNEL', `Unknown channel ${JSON.stringify(name)}`);
  }
  if (typeof tokenId !== 'string' || !uuid.test(tokenId)) {
    throw new WsError('UNKNOWN_TOKEN', 'token_id must be a token id');
  }
  if (name === 'trades' || name === 'ticker' || name === 'phase') {
    return { name, tokenId: tokenId.toLowerCase() };
  }
  if (name === 'candles') {
    if (typeof interval !== 'string' || !Object.hasOwn(candleIntervals, interval)) {
      throw new WsError('INVALID_MESSAGE', 'interval is one of 1m, 5m, 1h, 1d');
    }
    return { name, tokenId: tokenId.toLowerCase(), interval: interval as CandleInterval };
  }
  const levels = depth ?? defaultDepth;
  if (typeof levels !== 'number' || !Number.isInteger(levels) || levels < minDepth) {
    throw new WsError('INVALID_DEPTH', `depth is an integer from ${minDepth} to ${maxDepth}`);
  }
  if (levels > maxDepth) {
    throw new WsError('INVALID_DEPTH', `depth is an integer from ${minDepth} to ${maxDepth}`);
  }
  return { name, tokenId: tokenId.toLowerCase(), depth: levels };
}

/** Parses one text frame; throws WsError for anything that is not a valid request. */
export function parseClientMessage(text: string): ClientMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new WsError('MALFORMED_JSON', 'The message is not valid JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new WsError('INVALID_MESSAGE', 'A message is a JSON object with an op');
  }
  const message = raw as Record<string, unknown>;
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  switch (message.op) {
    case 'ping':
      return { op: 'ping', id };
    case 'auth': {
      const { key, timestamp, signature } = message;
      if (key !== undefined) {
        if (
          typeof key !== 'string' ||
          key === '' ||
          typeof timestamp !== 'string' ||
          typeof signature !== 'string'
        ) {
          throw new WsError(
            'INVALID_MESSAGE',
            'auth with a key needs key, timestamp and signature',
          );
        }
        return { op: 'auth', id, key: { accessKey: key, timestamp, signature } };
      }
      if (typeof message.token !== 'string' || message.token === '') {
        throw new WsError('INVALID_MESSAGE', 'auth needs a token, or a key with its signature');
      }
      return { op: 'auth', id, token: message.token };
    }
    case 'subscribe':
    case 'unsubscribe':
      if (!Array.isArray(message.channels) || message.channels.length === 0) {
        throw new WsError('INVALID_MESSAGE', `${message.op} needs a list of channels`);
      }
      return { op: message.op, id, channels: message.channels.map(channel) };
    default:
      throw new WsError('UNKNOWN_OP', `Unknown op ${JSON.stringify(message.op)}`);
  }
}

/** A channel's key on one socket: one subscription per channel and token. */
export function channelKey(request: ChannelRequest): string {
  if (request.name === 'orders' || request.name === 'balances') return request.name;
  if (request.name === 'candles') return `candles:${request.tokenId}:${request.interval}`;
  return `${request.name}:${request.tokenId}`;
}
