import { describe, expect, it } from 'vitest';
import { parseCountry } from './countries.js';

describe('parseCountry', () => {
  it('accepts alpha-2 and alpha-3 in any case', () => {
    expect(parseCountry('ae')).toEqual({ alpha2: 'AE', alpha3: 'ARE', numeric: 784 });
    expect(parseCountry('USA')).toEqual({ alpha2: 'US', alpha3: 'USA', numeric: 840 });
  });

  it.each(['XX', 'ZZZ', '', 'U', 'UNITED'])('refuses %j', (code) => {
    expect(parseCountry(code)).toBeUndefined();
  });
});
