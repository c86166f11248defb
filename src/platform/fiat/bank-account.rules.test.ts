import { describe, expect, it } from 'vitest';
import { checkBankAccount, ibanProblem } from './bank-account.rules.js';

describe('bank account checks', () => {
  it('takes valid IBANs with spaces and lower case, and names the country from them', () => {
    expect(ibanProblem('GB82 WEST 1234 5698 7654 32')).toBeUndefined();
    expect(ibanProblem('de89370400440532013000')).toBeUndefined();
    expect(
      checkBankAccount({ holder_name: ' Ada  Lovelace ', iban: 'GB82 WEST 1234 5698 7654 32' }),
    ).toEqual({
      holderName: 'Ada Lovelace',
      scheme: 'iban',
      account: 'GB82WEST12345698765432',
      bankCode: null,
      country: 'GB',
    });
  });

  it('refuses an IBAN with a wrong character, length or country, saying which', () => {
    expect(ibanProblem('GB82 WEST 1234 5698 7654 33')).toBe(
      'The IBAN check digits do not match: a character is wrong.',
    );
    expect(ibanProblem('GB82 WEST 1234 5698 7654 3')).toBe(
      'A GB IBAN has 22 characters; this one has 21.',
    );
    expect(ibanProblem('ZZ82 WEST 1234 5698 7654 32')).toBe('ZZ IBANs are not accepted.');
    expect(ibanProblem('12345')).toMatch(/^An IBAN is/);
  });

  it('takes an account number with a BIC or a US routing number checked by its digit', () => {
    expect(
      checkBankAccount({ holder_name: 'Ada', account_number: '12-3456-78', bank_code: 'chasus33' }),
    ).toMatchObject({ scheme: 'local', account: '12345678', bankCode: 'CHASUS33', country: 'US' });
    expect(
      checkBankAccount({ holder_name: 'Ada', account_number: '12345678', bank_code: '021000021' }),
    ).toMatchObject({ bankCode: '021000021', country: 'US' });
    expect(
      checkBankAccount({ holder_name: 'Ada', account_number: '12345678', bank_code: '021000022' }),
    ).toEqual({
      problems: [
        {
          field: 'bank_code',
          message: 'The bank code is a BIC (8 or 11 characters) or a 9-digit US routing number.',
        },
      ],
    });
  });

  it('asks for an account and a one-line name', () => {
    expect(checkBankAccount({ holder_name: 'A\nB' })).toEqual({
      problems: [
        {
          field: 'holder_name',
          message: "The account holder's name is one line of 2 to 140 characters.",
        },
        { field: 'iban', message: 'Give an IBAN, or an account number with its bank code.' },
      ],
    });
  });
});
