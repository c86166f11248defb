/**
 * The one funnel from errors to RFC 9457 problem+json. Known errors (AppError, schema and body
 * parsing errors from Fastify) keep their code and status; anything else is logged in full and
 * answered as a bare 500 without internals.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, type ErrorCode } from '../errors.js';
import { fieldProblems } from './validation-messages.js';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  instance: string;
  request_id: string;
  [extra: string]: unknown;
}

export function problemType(code: ErrorCode): string {
  return `urn:tessera:problem:${code.toLowerCase().replaceAll('_', '-')}`;
}

function fromFastifyError(error: FastifyError): AppError | undefined {
  if (error.validation) {
    const errors = fieldProblems(error.validationContext ?? '', error.validation);
    return new AppError('VALIDATION_FAILED', errors[0]?.detail ?? 'The request is not valid', {
      errors,
    });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('BODY_TOO_LARGE', error.message);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', error.message);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('PARAMETER_TOO_LONG', 'A path parameter is longer than 100 characters');
    case 'FST_ERR_BAD_URL':
      return new AppError('MALFORMED_URL', 'A path parameter is not valid percent-encoding');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('MALFORMED_JSON', error.message);
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return new AppError('MALFORMED_JSON', error.message);
  }
  if (error.statusCode === 429) return new AppError('RATE_LIMITED', error.message);
  return undefined;
}

export function toProblem(error: unknown, request: FastifyRequest): Problem {
  const known =
    error instanceof AppError
      ? error
      : (fromFastifyError(error as FastifyError) ?? new AppError('INTERNAL_ERROR'));
  return {
    ...known.extra,
    type: problemType(known.code),
    title: known.title,
    status: known.status,
    detail: known.detail ?? known.title,
    code: known.code,
    instance: request.url,
    request_id: request.id,
  };
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type('application/problem+json').send(problem);
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const problem = toProblem(error, request);
  // A refusal that names when to come back says it the standard way too (RFC 9110 Retry-After).
  if (typeof problem.retry_after === 'number') reply.header('retry-after', problem.retry_after);
  if (problem.status === 503 && error instanceof AppError) {
    // a refusal for want of a book, the chain or a service: expected while one is down or moving
    // (hundreds in a failover), so a warning with its code and detail, not a stack per request
    request.log.warn(
      { code: problem.code, detail: problem.detail },
      'request refused: unavailable',
    );
  } else if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: problem.code, status: problem.status }, 'request refused');
  return sendProblem(reply, problem);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const problem = toProblem(
    new AppError(
      'ROUTE_NOT_FOUND',
      `${request.method} ${request.url.split('?')[0]} is not a route`,
    ),
    request,
  );
  return sendProblem(reply, problem);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a broken request line, headers
 * too large, too slow): answered on the socket as problem+json, then the socket is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const code: ErrorCode =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 'HEADERS_TOO_LARGE'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'REQUEST_TIMEOUT'
          : 'MALFORMED_REQUEST';
    const known = new AppError(code);
    const body = JSON.stringify({
      type: problemType(code),
      title: known.title,
      status: known.status,
      detail: known.title,
      code,
    });
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Type: application/problem+json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
