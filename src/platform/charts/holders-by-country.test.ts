import { describe, expect, it } from 'vitest';
import type { HolderProfileRow } from '../register/register.queries.js';
import { holdersByCountry } from './holders-by-country.js';

const profile = (id: string, extra: Partial<HolderProfileRow>): HolderProfileRow => ({
  id,
  email: `${id}@example.com`,
  role: 'investor',
  full_name: id,
  account_type: 'individual',
  accreditation_status: null,
  wallet_address: null,
  business_name: null,
  business_country: null,
  residence: null,
  nationality: null,
  ...extra,
});

describe('holders by country', () => {
  it("groups the holders by the register's country, most holders first", () => {
    const profiles = [
      profile('a', { residence: 'DE', nationality: 'FR' }),
      profile('b', { nationality: 'DE' }),
      profile('c', { residence: 'FR' }),
      profile('d', { account_type: 'corporate', business_country: 'AE', residence: 'FR' }),
      profile('e', {}),
      profile('t', { role: 'treasury', account_type: null }),
      profile('i', { role: 'issuer', account_type: null, business_country: 'GB' }),
    ];
    const holdings = [
      { userId: 'a', units: '10' },
      { userId: 'b', units: '2.5' },
      { userId: 'c', units: '40' },
      { userId: 'd', units: '5' },
      { userId: 'e', units: '1' },
      { userId: 't', units: '7' },
      { userId: 'i', units: '900' },
    ];
    // e has no approved KYC: the platform's country, as on chain; the treasury and the issuer
    // hold but are not holders, as the register and a dividend count them
    expect(holdersByCountry(holdings, profiles, 'CH', 'i')).toEqual([
      { country: 'DE', holders: 2, units: '12.5' },
      { country: 'FR', holders: 1, units: '40' },
      { country: 'AE', holders: 1, units: '5' },
      { country: 'CH', holders: 1, units: '1' },
    ]);
  });

  it('is empty without holders', () => {
    expect(holdersByCountry([], [], 'CH', 'i')).toEqual([]);
  });
});
