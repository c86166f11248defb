/**
 * Errors of the sandbox's provider API, answered in the provider's own body shape
 * `{description, code, correlationId, errorCode?, errorName?}` rather than Tessera's problem+json,
 * so the platform's provider client meets the same errors here as against the real provider.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyError } from 'fastify';
import { AppError } from '../lib/errors.js';

export interface ProviderErrorBody {
  description: string;
  code: number;
  correlationId: string;
  errorCode?: number;
  errorName?: string;
}

export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly errorCode?: number,
    readonly errorName?: string,
  ) {
    super(description);
  }

  body(): ProviderErrorBody {
    return {
      description: this.description,
      code: this.status,
      correlationId: correlationId(),
      ...(this.errorCode === undefined ? {} : { errorCode: this.errorCode }),
      ...(this.errorName === undefined ? {} : { errorName: this.errorName }),
    };
  }
}

/** The provider's correlation ids look like `req-<uuid>`. */
export function correlationId(): string {
  return `req-${randomUUID()}`;
}

export const notFound = (what: string) => new ProviderError(404, `${what} not found`);
export const conflict = (description: string) => new ProviderError(409, description);
export const badRequest = (description: string) => new ProviderError(400, description);

/**
 * Any error of a sandbox route as a provider error: schema and body errors keep their 4xx status,
 * Tessera errors raised by shared hooks (rate limit) keep theirs, anything else is a bare 500.
 */
export function refusalOf(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof AppError)
    return new ProviderError(error.status, error.detail ?? error.title);
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return badRequest(`Invalid request: ${fastifyError.message}`);
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ProviderError(status, fastifyError.message);
  }
  return new ProviderError(500, 'Internal error');
}
