/** The register as CSV: the page's columns, one row per holder, then a TOTAL row. */
import { toCsv } from '../../lib/csv.js';
import { registerColumns } from './register-columns.js';
import type { Register } from './register.service.js';

export const registerCsvHeader = registerColumns.map((c) => c.csv);

export function registerCsv(register: Register): string {
  const rows = register.holders.map((h) => registerColumns.map((c) => c.cell(h)));
  rows.push(registerColumns.map((c) => c.total(register)));
  return toCsv(registerCsvHeader, rows);
}

export function registerFileName(register: Register, extension: 'csv' | 'pdf'): string {
  const instant = register.as_of.replaceAll(':', '').replace(/\.\d+Z$/, 'Z');
  return `register-${register.symbol}-${instant}.${extension}`;
}
