/**
 * Request validation: bodies are checked strictly (no type coercion, unknown fields refused,
 * schemas declare `additionalProperties: false`), while path and query parameters, which arrive as
 * text, are coerced to the declared types.
 *
 * The `date-time` and `date` formats are tightened beyond RFC 3339's grammar to what the code and
 * PostgreSQL can hold: the text must parse to a real instant (a leap second `23:59:60` does not:
 * JavaScript's Date refuses it) in the years 0001 to 9999 (PostgreSQL has no year 0).
 */
import type { TSchema } from '@sinclair/typebox';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { AppError } from '../errors.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function fitsTimestamp(text: string, grammar: (text: string) => boolean): boolean {
  if (!grammar(text)) return false;
  const time = Date.parse(text);
  if (!Number.isFinite(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
    ...options,
  });
  addFormats(ajv);
  const rfc3339 = {
    dateTime: ajv.formats['date-time'] as { validate: (text: string) => boolean },
    date: ajv.formats.date as { validate: (text: string) => boolean },
  };
  ajv.addFormat('date-time', (text: string) => fitsTimestamp(text, rfc3339.dateTime.validate));
  ajv.addFormat('date', (text: string) => fitsTimestamp(text, rfc3339.date.validate));
  return ajv;
}

export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = makeAjv({ coerceTypes: false });
  const coercing = makeAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema as object);
  };
}

const bodies = makeAjv({ coerceTypes: false });

/**
 * A body check for routes that must parse the body themselves (a signed webhook is checked over
 * its raw bytes first): the same rules as the schema-validated routes, refused with the same
 * VALIDATION_FAILED problem.
 */
export function bodyCheck<T extends TSchema>(schema: T): (body: unknown) => void {
  const validate: ValidateFunction = bodies.compile(schema);
  return (body) => {
    if (validate(body)) return;
    const errors = (validate.errors ?? []).map((issue) => ({
      field: `body${issue.instancePath}`.replaceAll('/', '.'),
      message: issue.message ?? 'is not valid',
    }));
    const first = errors[0];
    throw new AppError(
      'VALIDATION_FAILED',
      first ? `${first.field} ${first.message}` : 'The request is not valid',
      { errors },
    );
  };
}
