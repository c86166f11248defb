/**
 * Request validation: bodies are checked strictly (no type coercion, unknown fields refused,
 * schemas declare `additionalProperties: false`), while path and query parameters, which arrive as
 * text, are coerced to the declared types.
 */
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
    ...options,
  });
  addFormats(ajv);
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
