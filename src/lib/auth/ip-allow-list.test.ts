import { describe, expect, it } from 'vitest';
import { allowListOf, invalidEntries } from './ip-allow-list.js';

describe('IP allow-lists', () => {
  it('refuses entries that are not addresses or ranges', () => {
    expect(
      invalidEntries([
        '10.0.0.1',
        '10.0.0.0/8',
        '2001:db8::/32',
        '::1',
        '10.0.0.0/33',
        '10.0.0.0/08',
        '2001:db8::/129',
        '10.0.0.1/8/1',
        'example.com',
        '10.0.0.0/',
      ]),
    ).toEqual([
      '10.0.0.0/33',
      '10.0.0.0/08',
      '2001:db8::/129',
      '10.0.0.1/8/1',
      'example.com',
      '10.0.0.0/',
    ]);
  });

  it('admits the addresses in its ranges, IPv4 clients seen as IPv6-mapped included', () => {
    const allowed = allowListOf(['203.0.113.0/24', '198.51.100.7', '2001:db8::/32']);
    expect(allowed('203.0.113.200')).toBe(true);
    expect(allowed('::ffff:203.0.113.5')).toBe(true);
    expect(allowed('198.51.100.7')).toBe(true);
    expect(allowed('198.51.100.8')).toBe(false);
    expect(allowed('2001:db8:1::5')).toBe(true);
    expect(allowed('2001:db9::5')).toBe(false);
    expect(allowed('not an address')).toBe(false);
  });

  it('admits every address when empty', () => {
    expect(allowListOf([])('192.0.2.1')).toBe(true);
  });
});
