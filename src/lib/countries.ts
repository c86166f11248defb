/**
 * ISO 3166-1 country codes. The API accepts alpha-2 or alpha-3; Tessera stores alpha-2, sends the
 * identity provider alpha-3, and registers on-chain identities with the numeric code.
 */
import countries from 'i18n-iso-countries';

export interface Country {
  alpha2: string;
  alpha3: string;
  numeric: number;
}

/** The country for an alpha-2 or alpha-3 code (any case), or undefined when it is not one. */
export function parseCountry(code: string): Country | undefined {
  const upper = code.trim().toUpperCase();
  const alpha2 = upper.length === 3 ? countries.alpha3ToAlpha2(upper) : upper;
  if (!alpha2 || alpha2.length !== 2 || !countries.isValid(alpha2)) return undefined;
  const alpha3 = countries.alpha2ToAlpha3(alpha2);
  const numeric = countries.alpha2ToNumeric(alpha2);
  if (!alpha3 || !numeric) return undefined;
  return { alpha2, alpha3, numeric: Number(numeric) };
}

/** The country of an ISO 3166-1 numeric code (the chain's), or undefined when it is not one. */
export function countryByNumeric(numeric: number): Country | undefined {
  const alpha2 = countries.numericToAlpha2(String(numeric).padStart(3, '0'));
  return alpha2 ? parseCountry(alpha2) : undefined;
}
