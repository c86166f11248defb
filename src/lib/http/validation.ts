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
import { fieldLabel, fieldProblems, type FieldProblem } from './validation-messages.js';

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

/**
 * A UTF-16 surrogate without its pair: JSON can carry one (`"\ud800"`), UTF-8 cannot, so the
 * database would store U+FFFD in its place. Text with one is refused wherever it is taken.
 */
const loneSurrogate = /\p{Surrogate}/u;

/** Parsed JSON and query strings: arrays and plain objects, not a raw body's Buffer. */
function isPlainContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Where in `value` (a text, or a key or text within) a lone surrogate is, e.g. `body.owners.0`.
 * Walked with a stack of its own, not by recursion: a body nested thousands deep is refused or
 * passed, never a stack overflow (a 500).
 */
function loneSurrogateAt(value: unknown, field: string): string | undefined {
  const pending: Array<[unknown, string]> = [[value, field]];
  while (pending.length > 0) {
    const [next, at] = pending.pop()!;
    if (typeof next === 'string') {
      if (loneSurrogate.test(next)) return at;
      continue;
    }
    if (!isPlainContainer(next)) continue;
    const entries: Array<[string, unknown]> = Object.entries(next);
    // in reverse, so the first field is looked at first
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!;
      if (loneSurrogate.test(key)) return at;
      pending.push([child, `${at}.${key}`]);
    }
  }
  return undefined;
}

/** Refuses (400 VALIDATION_FAILED) a request part (`body`, `querystring`...) with a lone surrogate. */
export function refuseLoneSurrogates(part: string, value: unknown): void {
  const field = loneSurrogateAt(value, part);
  if (field === undefined) return;
  const problem: FieldProblem = {
    field,
    message: 'must not contain a lone UTF-16 surrogate',
    detail: `${fieldLabel(field)} holds a character that is not valid Unicode (a lone surrogate).`,
  };
  throw new AppError('VALIDATION_FAILED', problem.detail, { errors: [problem] });
}

/**
 * A route's querystring schema refusing unknown parameters, as bodies refuse unknown fields: none
 * given is no parameter at all. An explicit `additionalProperties` stands. Only an object schema
 * can say which parameters it takes.
 */
export function strictQuerystring(schema: unknown, route: string): object {
  if (schema === undefined) return { type: 'object', properties: {}, additionalProperties: false };
  const object = schema as Record<string, unknown>;
  if (object.type !== 'object') {
    throw new Error(`the querystring schema of ${route} must be an object schema`);
  }
  return 'additionalProperties' in object ? object : { ...object, additionalProperties: false };
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
    refuseLoneSurrogates('body', body);
    if (validate(body)) return;
    const errors = fieldProblems('body', validate.errors ?? []);
    throw new AppError('VALIDATION_FAILED', errors[0]?.detail ?? 'The request is not valid', {
      errors,
    });
  };
}
