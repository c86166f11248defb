import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './unique-violation.js';

describe('isUniqueViolation', () => {
  const violation = { code: '23505', constraint: 'tokens_symbol_key' };

  it('tells a unique violation, of the named constraint when one is named', () => {
    expect(isUniqueViolation(violation)).toBe(true);
    expect(isUniqueViolation(violation, 'tokens_symbol_key')).toBe(true);
    expect(isUniqueViolation(violation, 'users_email_key')).toBe(false);
  });

  it('is false for any other error', () => {
    expect(isUniqueViolation({ code: '23514', constraint: 'tokens_symbol_key' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
  });
});
