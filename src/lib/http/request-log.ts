/**
 * What a request looks like in the logs. Query strings carry secrets (a widget's `accessToken`,
 * a `?token=` link), and which names are secret is not knowable in one place, so every query
 * value is replaced; the names stay, which is what a reader of the logs needs to follow a request.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export const redactedValue = '[redacted]';

/** The URL with each query parameter's value replaced (`/x?token=[redacted]&a=[redacted]`). */
export function redactQuery(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url.slice(mark + 1);
  if (query === '') return url;
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      // A bare word (`?abc123`) may itself be the secret.
      return equals === -1 ? redactedValue : `${pair.slice(0, equals)}=${redactedValue}`;
    })
    .join('&');
  return `${url.slice(0, mark)}?${redacted}`;
}

/** Fastify's own request serializer, with the query values redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * One line per request, at debug: at the default level the log says what happened (refusals of
 * ours, failures), not every request, health checks and polls included.
 */
export class RequestLinesAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    request.log.debug(
      {
        req: request,
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
        ...(error ? { err: error } : {}),
      },
      'request completed',
    );
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }
}
