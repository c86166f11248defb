/** Whole tokens as the contract's base units: quantity * 10^decimals. */
export function baseUnits(quantity: number, decimals: number): string {
  return (BigInt(quantity) * 10n ** BigInt(decimals)).toString();
}
