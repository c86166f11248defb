import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { parseAddress, parseAmount } from './parse-input.js';

describe('parseAddress', () => {
  it('checksums lowercase addresses', () => {
    expect(parseAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8', 'to_addr')).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
  });

  it('refuses a mixed-case address with a wrong checksum', () => {
    expect(() => parseAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79c8', 'to_addr')).toThrow(
      AppError,
    );
  });
});

describe('parseAmount', () => {
  it('reads amounts beyond 2^53 exactly', () => {
    expect(parseAmount('123456789012345678901234567890', 'amount')).toBe(
      123456789012345678901234567890n,
    );
  });

  it('refuses amounts beyond uint256', () => {
    expect(() => parseAmount('9'.repeat(78), 'amount')).toThrow(/exceeds/);
  });
});
