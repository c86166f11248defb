import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * An onRequest hook that admits only callers presenting the service credential
 * (`Authorization: Bearer <SERVICE_TOKEN>`), compared in constant time.
 */
export function requireServiceToken(serviceToken: string) {
  const expected = digest(serviceToken);
  return (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || !timingSafeEqual(digest(token), expected)) {
      return Promise.reject(new AppError('INVALID_SERVICE_CREDENTIAL'));
    }
    return Promise.resolve();
  };
}
