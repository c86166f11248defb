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
import {
  Ajv,
  type ErrorObject,
  type Options,
  type SchemaValidateFunction,
  type ValidateFunction,
} from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { AppError } from '../errors.js';
import { fieldProblems } from './validation-messages.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function fitsTimestamp(text: string, grammar: (text: string) => boolean): boolean {
  if (!grammar(text)) return false;
  const time = Date.parse(text);
  if (!Number.isFinite(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** What a replacing keyword makes of a value: a replacement, a refusal, or nothing to do. */
type Replacement = { value: unknown } | { refusal: Partial<ErrorObject> } | undefined;

/**
 * A keyword that hands routes one type where two are accepted: `replace` answers what the value
 * becomes, or its refusal. Runs after the schema's own checks accepted the value.
 */
function addReplacingKeyword<T>(
  ajv: Ajv,
  keyword: string,
  schemaType: 'number' | 'string',
  replace: (setting: T, data: unknown) => Replacement,
): void {
  const validate: SchemaValidateFunction = (setting: T, data: unknown, _schema, cxt) => {
    const outcome = cxt ? replace(setting, data) : undefined;
    if (!outcome) return true;
    if ('refusal' in outcome) {
      validate.errors = [outcome.refusal];
      return false;
    }
    cxt!.parentData[cxt!.parentDataProperty] = outcome.value;
    return true;
  };
  ajv.addKeyword({ keyword, schemaType, modifying: true, errors: true, validate });
}

/**
 * `x-whole-quantity: max` (route-schemas.ts `WholeQuantity`): a quantity given as digits in text
 * is replaced by its number, so routes see one type; above `max` it is refused like a number.
 *
 * `x-decimal-text: pattern` (route-schemas.ts `Percent`): a JSON number is replaced by its decimal
 * text, the shortest that reads back as the same number (what the client wrote), which must match
 * `pattern` (so 1.005 or 1e-7 are refused, never rounded).
 */
function addReplacingKeywords(ajv: Ajv): void {
  addReplacingKeyword(ajv, 'x-whole-quantity', 'number', (max: number, data) => {
    if (typeof data !== 'string' || !/^[1-9][0-9]*$/.test(data)) return undefined;
    return Number(data) > max
      ? {
          refusal: {
            keyword: 'maximum',
            message: `must be <= ${max}`,
            params: { limit: max },
          },
        }
      : { value: Number(data) };
  });
  addReplacingKeyword(ajv, 'x-decimal-text', 'string', (pattern: string, data) => {
    if (typeof data !== 'number') return undefined;
    const text = String(data);
    return new RegExp(pattern).test(text)
      ? { value: text }
      : {
          refusal: {
            keyword: 'pattern',
            message: `must match pattern "${pattern}"`,
            params: { pattern },
          },
        };
  });
}

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
    // Each issue carries its schema, which says in words what a field expects (`expects`).
    verbose: true,
    ...options,
  });
  addFormats(ajv);
  addReplacingKeywords(ajv);
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
    const errors = fieldProblems('body', validate.errors ?? []);
    throw new AppError('VALIDATION_FAILED', errors[0]?.detail ?? 'The request is not valid', {
      errors,
    });
  };
}
