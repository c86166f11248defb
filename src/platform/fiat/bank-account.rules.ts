/**
 * A bank account as the investor types it, checked before it is kept (pure): an IBAN by its
 * length for its country and its mod-97 check digits, or a local account number with its bank's
 * code, a BIC (SWIFT) or a US routing number by its own check digit. Spaces and dashes are
 * ignored; letters are upper-cased.
 */
import type { BankAccountScheme } from '../../lib/db/schema-fiat.js';

export interface BankAccountInput {
  holder_name: string;
  iban?: string | undefined;
  account_number?: string | undefined;
  bank_code?: string | undefined;
  /** ISO alpha-2; an IBAN's own country wins */
  country?: string | undefined;
}

export interface CheckedBankAccount {
  holderName: string;
  scheme: BankAccountScheme;
  account: string;
  bankCode: string | null;
  country: string;
}

/** A field and what is wrong with it, said to the investor. */
export type BankAccountProblem = { field: string; message: string };

/** IBAN lengths of the countries that use one (ISO 13616 registry, the common ones). */
const ibanLengths: Record<string, number> = {
  AD: 24,
  AE: 23,
  AT: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  QA: 29,
  RO: 24,
  SA: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TR: 26,
};

const compact = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** ISO 7064 mod 97-10 over the IBAN moved and lettered: 1 for a valid IBAN. */
function ibanRemainder(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

export function ibanProblem(raw: string): string | undefined {
  const iban = compact(raw);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/.test(iban))
    return 'An IBAN is a country code, two check digits and up to 30 letters or digits.';
  const length = ibanLengths[iban.slice(0, 2)];
  if (length === undefined) return `${iban.slice(0, 2)} IBANs are not accepted.`;
  if (iban.length !== length)
    return `A ${iban.slice(0, 2)} IBAN has ${length} characters; this one has ${iban.length}.`;
  if (ibanRemainder(iban) !== 1) return 'The IBAN check digits do not match: a character is wrong.';
  return undefined;
}

/** The ABA check: 3, 7 and 1 times the digits in turn sum to a multiple of 10. */
function routingNumberValid(code: string): boolean {
  if (!/^[0-9]{9}$/.test(code)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...code].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 10 === 0;
}

const bic = /^[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export function checkBankAccount(
  input: BankAccountInput,
): CheckedBankAccount | { problems: BankAccountProblem[] } {
  const problems: BankAccountProblem[] = [];
  const holderName = input.holder_name.trim().replace(/\s+/g, ' ');
  if (holderName.length < 2 || holderName.length > 140 || /[\r\n]/.test(input.holder_name))
    problems.push({
      field: 'holder_name',
      message: "The account holder's name is one line of 2 to 140 characters.",
    });
  if (input.iban) {
    const problem = ibanProblem(input.iban);
    if (problem) problems.push({ field: 'iban', message: problem });
    if (problems.length > 0) return { problems };
    const iban = compact(input.iban);
    return { holderName, scheme: 'iban', account: iban, bankCode: null, country: iban.slice(0, 2) };
  }
  const account = compact(input.account_number ?? '');
  const code = compact(input.bank_code ?? '');
  const country = (input.country ?? '').toUpperCase();
  if (!account) {
    problems.push({
      field: 'iban',
      message: 'Give an IBAN, or an account number with its bank code.',
    });
    return { problems };
  }
  if (!/^[0-9A-Z]{4,34}$/.test(account))
    problems.push({
      field: 'account_number',
      message: 'An account number is 4 to 34 letters or digits.',
    });
  const bicCountry = bic.exec(code)?.[1];
  if (!bicCountry && !routingNumberValid(code))
    problems.push({
      field: 'bank_code',
      message: 'The bank code is a BIC (8 or 11 characters) or a 9-digit US routing number.',
    });
  const resolved = bicCountry ?? (routingNumberValid(code) ? 'US' : country);
  if (problems.length > 0) return { problems };
  return { holderName, scheme: 'local', account, bankCode: code, country: resolved };
}

/** How an account shows where its number is not to be read whole: its last four characters. */
export const maskedAccount = (last4: string) => `•••• ${last4}`;

/** The sealed account's context: the ciphertext opens only in its own row. */
export const bankAccountContext = (id: string) => `bank_accounts:${id}:account`;
