/**
 * The countries a form offers: ISO 3166-1 alpha-2 codes with their English names (the same list
 * the API checks codes against, i18n-iso-countries), sorted by name.
 */
import english from 'i18n-iso-countries/langs/en.json';

/** A name, or the first of a country's names (some have an official and a short one). */
const first = (names: string | string[]) => (typeof names === 'string' ? names : names[0]!);

export const countries: readonly [code: string, name: string][] = Object.entries(
  english.countries as Record<string, string | string[]>,
)
  .map(([code, names]): [string, string] => [code, first(names)])
  .sort(([, a], [, b]) => a.localeCompare(b, 'en'));

/** The name of a stored code, or the code itself when it is not one. */
export function countryName(code: string): string {
  return countries.find(([c]) => c === code.toUpperCase())?.[1] ?? code;
}
