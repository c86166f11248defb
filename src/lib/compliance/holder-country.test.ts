import { describe, expect, it } from 'vitest';
import { holderCountry, isCompany, type CountrySources } from './holder-country.js';

const person = (over: Partial<CountrySources> = {}): CountrySources => ({
  role: 'investor',
  account_type: 'individual',
  business_country: null,
  residence: null,
  nationality: null,
  ...over,
});

describe("a holder's country", () => {
  it('is a person’s residence, not their nationality', () => {
    expect(holderCountry(person({ residence: 'US', nationality: 'DE' }), 'AE')).toEqual({
      alpha2: 'US',
      alpha3: 'USA',
      numeric: 840,
    });
  });

  it('is the nationality only when the KYC gave no residence, and the platform’s without a KYC', () => {
    expect(holderCountry(person({ nationality: 'DE' }), 'AE').alpha2).toBe('DE');
    expect(holderCountry(person(), 'AE').alpha2).toBe('AE');
  });

  it('is a company’s country of incorporation, whoever its owner is and wherever they live', () => {
    const corporate = person({
      account_type: 'corporate',
      business_country: 'LU',
      residence: 'US',
      nationality: 'DE',
    });
    expect(holderCountry(corporate, 'AE').alpha2).toBe('LU');
    const issuer = person({ role: 'issuer', account_type: null, business_country: 'SG' });
    expect(holderCountry(issuer, 'AE').alpha2).toBe('SG');
    // an individual investor who also owns an issuer business is still a person
    expect(holderCountry(person({ business_country: 'SG', residence: 'FR' }), 'AE').alpha2).toBe(
      'FR',
    );
  });

  it('is the platform’s for the treasury', () => {
    const treasury = person({ role: 'treasury', account_type: null });
    expect(isCompany(treasury)).toBe(true);
    expect(holderCountry(treasury, 'AE').alpha2).toBe('AE');
  });

  it('refuses a code that is no country rather than guess', () => {
    expect(() => holderCountry(person({ residence: 'XX' }), 'AE')).toThrow(/no ISO country/);
  });
});
