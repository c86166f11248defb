/** Turns validated request text into domain values: checksummed addresses, uint256 amounts. */
import { getAddress, isAddress, maxUint256, type Address } from 'viem';
import { AppError } from '../../lib/errors.js';

export function parseAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: true })) {
    throw new AppError('VALIDATION_FAILED', `${field} is not a valid address (bad checksum)`, {
      errors: [{ field, message: 'is not a valid address (bad checksum)' }],
    });
  }
  return getAddress(value);
}

export function parseAmount(value: string, field: string): bigint {
  const amount = BigInt(value);
  if (amount > maxUint256) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', `${field} exceeds 2^256 - 1`, { field });
  }
  return amount;
}
