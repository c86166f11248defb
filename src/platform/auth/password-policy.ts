/**
 * Password rules (pure). Length over composition, as NIST SP 800-63B advises: at least 12
 * characters, at most 128, not a run of one character, and not built on the account's email name.
 * Returns the broken rule, or undefined when the password is acceptable.
 */
export type PasswordRule = 'min_length' | 'max_length' | 'repetitive' | 'contains_email' | 'common';

export const passwordMinLength = 12;
export const passwordMaxLength = 128;

const common = new Set([
  'password1234',
  'passwordpassword',
  '123456789012',
  'qwertyuiopas',
  'letmein12345',
  'welcome12345',
  'administrator',
  'iloveyou1234',
  'abcdefghijkl',
  'password123!',
]);

export function brokenPasswordRule(password: string, email: string): PasswordRule | undefined {
  const length = [...password].length;
  if (length < passwordMinLength) return 'min_length';
  if (length > passwordMaxLength) return 'max_length';
  if (new Set(password).size <= 2) return 'repetitive';
  const name = email.split('@')[0]?.toLowerCase() ?? '';
  if (name.length >= 4 && password.toLowerCase().includes(name)) return 'contains_email';
  if (common.has(password.toLowerCase())) return 'common';
  return undefined;
}

export const passwordRuleText: Record<PasswordRule, string> = {
  min_length: `The password must have at least ${passwordMinLength} characters`,
  max_length: `The password must have at most ${passwordMaxLength} characters`,
  repetitive: 'The password must not repeat one or two characters',
  contains_email: 'The password must not contain the email name',
  common: 'The password is too common',
};
