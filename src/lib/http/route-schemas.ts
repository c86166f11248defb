/**
 * The shared building blocks of request schemas, used by every process's routes so one input rule
 * holds everywhere (docs/api.md, "Input rules"): text without control characters and no longer
 * than its column, date-times that parse and fit PostgreSQL's timestamptz (the `date-time` and
 * `date` formats are tightened in validation.ts), money as exact decimal strings.
 */
import { Type, type StringOptions } from '@sinclair/typebox';

/** OpenAPI security of routes behind the bearer access token. */
export const bearer = [{ bearer: [] }];

/** Path parameters of routes addressing one resource by its UUID. */
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/**
 * Control characters (C0 with NUL, DEL, C1): PostgreSQL cannot store NUL in text, and none of
 * them belongs in a name, a number or a note.
 */
const controls = '\\u0000-\\u001F\\u007F-\\u009F';
const oneLine = `^(?=[\\s\\S]*\\S)[^${controls}]*$`;
/** The same without tab, line feed and carriage return. */
const lines = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$';

/**
 * One line of text: 1 to `maxLength` characters (the column's length), not blank, no control
 * characters.
 */
export const Text = (maxLength: number, options: StringOptions = {}) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: oneLine,
    expects: `one line of text, not blank, up to ${maxLength} characters`,
    ...options,
  });

/** Free text such as notes and reasons: up to `maxLength` characters, tabs and line breaks allowed. */
export const MultilineText = (maxLength: number, options: StringOptions = {}) =>
  Type.String({
    maxLength,
    pattern: lines,
    expects: `text of up to ${maxLength} characters without control characters`,
    ...options,
  });

/** An instant: RFC 3339 with a zone, years 0001 to 9999, no leap second (validation.ts). */
export const DateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });

const twoDecimals = '(?:\\.[0-9]{1,2})?';

/**
 * Money as a decimal string, at most 2 decimals, no sign, no exponent, at most `integerDigits`
 * digits before the point (NUMERIC(20, 2) columns hold 18).
 */
export const Money = (description: string, integerDigits = 15) =>
  Type.String({
    pattern: `^(?:0|[1-9][0-9]{0,${integerDigits - 1}})${twoDecimals}$`,
    expects: 'digits with at most 2 decimals and no sign, such as 250.00',
    description,
    examples: ['250.00'],
  });

/** Money above zero (a price, an amount to move). */
export const PositiveMoney = (description: string, integerDigits = 15) =>
  Type.String({
    pattern: `^(?!0+(?:\\.0{1,2})?$)(?:0|[1-9][0-9]{0,${integerDigits - 1}})${twoDecimals}$`,
    expects: 'above 0 with at most 2 decimals, such as 250.00',
    description,
    examples: ['250.00'],
  });

/** A positive price, at most 2 decimals, below 10^12 (NUMERIC(20,2) with room for totals). */
export const Price = Type.String({
  pattern: `^(?!0+(?:\\.0{1,2})?$)(?:0|[1-9][0-9]{0,11})${twoDecimals}$`,
  description: 'decimal string > 0 with at most 2 decimals, on the token tick (e.g. "12.50")',
  expects: 'above 0 with at most 2 decimals, such as 12.50',
  examples: ['12.50'],
});

/**
 * A percentage as a decimal string with at most 2 decimals: 0 to 100 with `upTo100`, else up to
 * 999.99 (NUMERIC(5, 2) columns; a rate such as a circuit breaker's may pass 100). With
 * `acceptNumber`, a JSON number is taken too, for fields clients have sent as numbers: the
 * `x-decimal-text` keyword in validation.ts replaces it by its decimal text (refusing more than 2
 * decimals, never rounding), so routes always receive the text.
 */
export const Percent = (
  description: string,
  options: { upTo100?: boolean; acceptNumber?: boolean } = {},
) => {
  const pattern = options.upTo100
    ? `^(?:100(?:\\.0{1,2})?|(?:0|[1-9][0-9]?)${twoDecimals})$`
    : `^(?:0|[1-9][0-9]{0,2})${twoDecimals}$`;
  const range = options.upTo100 ? 'from 0 to 100' : 'up to 999.99';
  const expects = `a percentage ${range} with at most 2 decimals, such as 2.50`;
  return options.acceptNumber
    ? Type.Unsafe<string>({
        anyOf: [
          { type: 'number', minimum: 0, maximum: options.upTo100 ? 100 : 999.99 },
          { type: 'string', pattern },
        ],
        'x-decimal-text': pattern,
        expects: `${expects}, as text or as a number`,
        description,
      })
    : Type.String({ pattern, expects, description, examples: ['2.50'] });
};

/**
 * A count of whole tokens from 1 to `maximum`, given as a JSON integer or as its digits in text
 * (`100` or `"100"`, as prices travel as text): routes always receive the number (the
 * `x-whole-quantity` keyword in validation.ts converts the text). DECISIONS: "Quantities".
 */
export const WholeQuantity = (maximum: number, description = 'whole tokens') =>
  Type.Unsafe<number>({
    anyOf: [
      { type: 'integer', minimum: 1, maximum },
      { type: 'string', pattern: `^[1-9][0-9]{0,${String(maximum).length - 1}}$` },
    ],
    'x-whole-quantity': maximum,
    expects: `a whole number from 1 to ${maximum}, as a number or as text`,
    description,
  });
