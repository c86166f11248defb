/** The register as CSV: one row per holder, then a TOTAL row; the instant and block in a header. */
import { toCsv } from '../../lib/csv.js';
import type { Register } from './register.service.js';

export const registerCsvHeader = [
  'legal_name',
  'holder_type',
  'country',
  'accreditation',
  'units',
  'pct_of_supply',
  'locked_units',
  'frozen_units',
  'locked_up_units',
  'wallet_address',
  'user_id',
] as const;

export function registerCsv(register: Register): string {
  const rows = register.holders.map((h) => [
    h.legal_name,
    h.holder_type,
    h.country,
    h.accreditation,
    h.units,
    h.pct_of_supply,
    h.locked_units,
    h.frozen_units,
    h.locked_up_units,
    h.wallet_address,
    h.user_id,
  ]);
  const { totals } = register;
  rows.push([
    'TOTAL',
    null,
    null,
    null,
    totals.units,
    register.holders.length > 0 ? '100.0000' : '0.0000',
    totals.locked_units,
    totals.frozen_units,
    totals.locked_up_units,
    null,
    null,
  ]);
  return toCsv(registerCsvHeader, rows);
}

export function registerFileName(register: Register, extension: 'csv' | 'pdf'): string {
  const instant = register.as_of.replaceAll(':', '').replace(/\.\d+Z$/, 'Z');
  return `register-${register.symbol}-${instant}.${extension}`;
}
