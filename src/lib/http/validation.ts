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
import { Ajv, type Options, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
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

/**
 * `x-whole-quantity: max` (route-schemas.ts `WholeQuantity`): a quantity given as digits in text
 * is replaced by its number, so routes see one type; above `max` it is refused like a number.
 */
function addWholeQuantity(ajv: Ajv): void {
  const wholeQuantity: SchemaValidateFunction = (max: number, data: unknown, _schema, cxt) => {
    if (typeof data !== 'string' || !/^[1-9][0-9]*$/.test(data) || !cxt) return true;
    const value = Number(data);
    if (value > max) {
      wholeQuantity.errors = [
        { keyword: 'maximum', message: `must be <= ${max}`, params: { limit: max } },
      ];
      return false;
    }
    cxt.parentData[cxt.parentDataProperty] = value;
    return true;
  };
  ajv.addKeyword({
    keyword: 'x-whole-quantity',
    schemaType: 'number',
    modifying: true,
    errors: true,
    validate: wholeQuantity,
  });
}

/**
 * `x-decimal-text: pattern` (route-schemas.ts `Percent`): a JSON number is replaced by its decimal
 * text, the shortest that reads back as the same number (what the client wrote), which must match
 * `pattern` (so 1.005 or 1e-7 are refused, never rounded).
 */
function addDecimalText(ajv: Ajv): void {
  const decimalText: SchemaValidateFunction = (pattern: string, data: unknown, _schema, cxt) => {
    if (typeof data !== 'number' || !cxt) return true;
    const text = String(data);
    if (!new RegExp(pattern).test(text)) {
      decimalText.errors = [
        { keyword: 'pattern', message: `must match pattern "${pattern}"`, params: { pattern } },
      ];
      return false;
    }
    cxt.parentData[cxt.parentDataProperty] = text;
    return true;
  };
  ajv.addKeyword({
    keyword: 'x-decimal-text',
    schemaType: 'string',
    modifying: true,
    errors: true,
    validate: decimalText,
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
  addWholeQuantity(ajv);
  addDecimalText(ajv);
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
