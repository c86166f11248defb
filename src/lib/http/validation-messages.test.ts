import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { CountryCode } from '../../platform/verification/kyc.schemas.js';
import { Quantity } from '../../trading/orders/orders.schemas.js';
import { AppError } from '../errors.js';
import { Price, Text } from './route-schemas.js';
import { bodyCheck } from './validation.js';
import { fieldLabel } from './validation-messages.js';

/** The refusal of `body` against an object schema of `fields`. */
function refusal(fields: Parameters<typeof Type.Object>[0], body: unknown) {
  try {
    bodyCheck(Type.Object(fields, { additionalProperties: false }))(body);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const app = error as AppError;
    return { code: app.code, detail: app.detail, errors: app.extra?.errors };
  }
  throw new Error('accepted');
}

describe('validation refusals said to people', () => {
  it('names the field from its path', () => {
    expect(fieldLabel('body.country_of_residence')).toBe('Country of residence');
    expect(fieldLabel('body.owners.0')).toBe('Item 1');
    expect(fieldLabel('body')).toBe('The request');
  });

  it('a country typed as a name asks for one from the list, the code stays', () => {
    const r = refusal({ country: CountryCode }, { country: 'Germany' });
    expect(r.code).toBe('VALIDATION_FAILED');
    expect(r.detail).toBe(
      'Country must be chosen from the list of countries (an ISO 3166 code such as "DE").',
    );
    expect(r.errors).toEqual([
      {
        field: 'body.country',
        message: 'must NOT have more than 3 characters',
        detail: r.detail,
      },
    ]);
  });

  it('a price with three decimals says what a price is, not the regular expression', () => {
    const r = refusal({ price: Price }, { price: '12.345' });
    expect(r.detail).toBe('Price must be above 0 with at most 2 decimals, such as 12.50.');
  });

  it('missing, unknown, empty, too long and one-of fields each get a sentence', () => {
    expect(refusal({ name: Text(5) }, {}).detail).toBe('Name is required.');
    expect(refusal({ name: Text(5) }, { name: 'a', colour: 'red' }).detail).toBe(
      '"colour" is not a field this request takes.',
    );
    expect(refusal({ name: Text(5) }, { name: '' }).detail).toBe('Name must not be empty.');
    expect(refusal({ name: Text(5) }, { name: 'abcdef' }).detail).toBe(
      'Name must be one line of text, not blank, up to 5 characters.',
    );
    const side = Type.Union([Type.Literal('buy'), Type.Literal('sell')]);
    expect(refusal({ side }, { side: 'hold' }).detail).toBe('Side must be one of: buy, sell.');
    expect(refusal({ at: Type.String({ format: 'date-time' }) }, { at: 'soon' }).detail).toBe(
      'At must be a date and time with its zone (e.g. 2026-05-01T09:00:00Z).',
    );
  });
});

describe('quantities as integers or integer strings', () => {
  const accept = (value: unknown) => {
    const body = { quantity: value };
    bodyCheck(Type.Object({ quantity: Quantity }))(body);
    return body.quantity;
  };

  it('takes 100 and "100" alike and hands the route the number', () => {
    expect(accept(100)).toBe(100);
    expect(accept('100')).toBe(100);
    expect(accept('1000000000000')).toBe(1_000_000_000_000);
  });

  it('refuses fractions, zero, signs, padding and values above the maximum, in words', () => {
    for (const bad of [0, 1.5, '1.5', '0', '-3', '+3', '007', ' 7', '', 'ten', 1e12 + 1]) {
      expect(refusal({ quantity: Quantity }, { quantity: bad }).detail).toBe(
        'Quantity must be a whole number from 1 to 1000000000000, as a number or as text.',
      );
    }
    expect(refusal({ quantity: Quantity }, { quantity: '1000000000001' }).detail).toBe(
      'Quantity must be at most 1000000000000.',
    );
  });
});
