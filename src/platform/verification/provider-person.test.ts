import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { holdsPerson, personInfoOf, providerPerson } from './provider-person.js';

const input = {
  firstName: ' Ada ',
  lastName: 'Lovelace ',
  dob: '1990-01-02',
  country: 'GBR',
  nationality: 'GBR',
};

describe('providerPerson', () => {
  it('trims the names and composes the full name', () => {
    expect(providerPerson(input)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      dob: '1990-01-02',
      country: 'GBR',
      nationality: 'GBR',
    });
  });

  it('refuses names that together overflow the stored full name', () => {
    expect(() =>
      providerPerson({ ...input, firstName: 'A'.repeat(100), lastName: 'B'.repeat(100) }),
    ).toThrow(AppError);
    expect(
      providerPerson({ ...input, firstName: 'A'.repeat(100), lastName: 'B'.repeat(99) }).fullName,
    ).toHaveLength(200);
  });
});

describe('holdsPerson', () => {
  const person = providerPerson(input);
  it('is true only when every screened field matches', () => {
    expect(holdsPerson({ ...personInfoOf(person), firstNameEn: 'Ada' }, person)).toBe(true);
    expect(holdsPerson({ ...personInfoOf(person), firstName: 'Sanction' }, person)).toBe(false);
    expect(holdsPerson({ firstName: 'Ada', lastName: 'Lovelace' }, person)).toBe(false);
  });
});
