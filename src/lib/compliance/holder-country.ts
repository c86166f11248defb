/**
 * The one country of a holder that every rule, the chain's identity registry (`investorCountry`),
 * the register, the charts and the holder counts go by (docs/compliance.md "Which country"):
 * where the holder is subject to securities law. A person's country of residence from the
 * approved KYC; a company's country of incorporation from its KYB. Pure: the sources are read by
 * holder-country.queries.ts.
 */
import { parseCountry, type Country } from '../countries.js';

/** What the country is decided from, as holder-country.queries.ts reads it. */
export interface CountrySources {
  role: string;
  account_type: string | null;
  /** the country of incorporation of the business the account owns (a corporate investor's first) */
  business_country: string | null;
  /** the approved KYC's country of residence (null when the application gave none) */
  residence: string | null;
  /** the approved KYC's nationality */
  nationality: string | null;
}

const companyRoles = new Set(['issuer', 'treasury']);

/** A corporate account, or an issuer or the treasury (accounts of a company, whatever their KYC). */
export function isCompany(sources: Pick<CountrySources, 'role' | 'account_type'>): boolean {
  return (
    sources.account_type === 'corporate' ||
    (sources.account_type === null && companyRoles.has(sources.role))
  );
}

/**
 * A company's country of incorporation, else the residence the KYC gave, else (an application
 * without an address) its nationality, else `platformCountry` (the treasury, an account without
 * an approved KYC).
 */
export function holderCountry(sources: CountrySources, platformCountry: string): Country {
  const code =
    (isCompany(sources) ? sources.business_country : null) ??
    sources.residence ??
    sources.nationality ??
    platformCountry;
  const country = parseCountry(code);
  if (!country) throw new Error(`no ISO country for ${code}`);
  return country;
}
