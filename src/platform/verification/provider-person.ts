/**
 * The person a provider submission screens (pure). It is built, and checked against what the
 * application row can store, before any call to the provider, so a submission that could not be
 * recorded never reaches the provider; and what is recorded is checked to be what the provider
 * holds, so the row names the person who was screened.
 */
import { AppError } from '../../lib/errors.js';
import type { PersonInfo } from './provider-client.js';

/** kyc_applications.full_name is varchar(200). */
export const fullNameMaxLength = 200;

export interface ProviderPerson extends Required<PersonInfo> {
  fullName: string;
}

export function providerPerson(input: {
  firstName: string;
  lastName: string;
  dob: string;
  /** alpha-3 */
  country: string;
  /** alpha-3 */
  nationality: string;
}): ProviderPerson {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const fullName = `${firstName} ${lastName}`;
  if ([...fullName].length > fullNameMaxLength) {
    throw new AppError(
      'VALIDATION_FAILED',
      `first_name and last_name together have more than ${fullNameMaxLength - 1} characters`,
      { errors: [{ field: 'body.last_name', message: 'makes the full name too long' }] },
    );
  }
  return { ...input, firstName, lastName, fullName };
}

const screenedFields = ['firstName', 'lastName', 'dob', 'country', 'nationality'] as const;

/** Whether the provider's provided data (`fixedInfo`) is this person's. */
export function holdsPerson(fixedInfo: Record<string, unknown>, person: ProviderPerson): boolean {
  return screenedFields.every((field) => fixedInfo[field] === person[field]);
}

/** The provider's fields of the person (what is sent as `fixedInfo`). */
export function personInfoOf(person: ProviderPerson): PersonInfo {
  const { firstName, lastName, dob, country, nationality } = person;
  return { firstName, lastName, dob, country, nationality };
}
