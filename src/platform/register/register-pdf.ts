/**
 * The register as a PDF a person signs (A4 landscape): the token, the instant and the chain block
 * it was reconciled at, one row per holder with the totals, and a certification block with lines
 * for the signatory's name, title, signature and date.
 */
import { a4Landscape, PdfReport, type PdfColumn } from '../../lib/pdf-report.js';
import { registerColumns } from './register-columns.js';
import type { Register } from './register.service.js';

/** The page's columns (register-columns.ts) but the user id, for a person to read and sign. */
const printed = registerColumns.filter((c) => c.width > 0);
const columns: PdfColumn[] = printed.map((c) => [c.heading, c.width, c.numeric]);

export async function registerPdf(register: Register): Promise<Uint8Array> {
  const report = await PdfReport.create(a4Landscape, {
    title: `Register of holders: ${register.symbol} as of ${register.as_of}`,
    createdAt: new Date(register.generated_at),
  });
  report.line(`Register of holders: ${register.token_name} (${register.symbol})`, {
    bold: true,
    size: 14,
  });
  report.line(`Issuer: ${register.issuer_name}`);
  report.line(`As of: ${register.as_of}    Generated: ${register.generated_at}`);
  report.line(
    `Supply in circulation: ${register.supply_in_circulation} of ${register.total_supply}    ` +
      `Holders: ${register.totals.investor_holders} investor(s); the issuer and the treasury are listed, not counted`,
  );
  const r = register.reconciliation;
  report.line(
    'block_number' in r
      ? `Chain reconciliation at block ${r.block_number} (${r.block_timestamp}): ${r.status}` +
          (r.differences.length > 0 ? `, ${r.differences.length} wallet(s) differ` : '')
      : `Chain reconciliation: ${r.status} (${r.detail})`,
  );
  report.gap(6);

  const rows = register.holders.map((h) => printed.map((c) => c.cell(h) ?? ''));
  rows.push(printed.map((c) => c.total(register) ?? ''));
  report.table(columns, rows, (i) => i === rows.length - 1);

  report.room(110);
  report.gap(16);
  report.line('Certification', { bold: true, size: 10 });
  report.line(
    `I certify that the above is a true register of the holders of ${register.symbol} as of ${register.as_of}.`,
  );
  report.gap(14);
  for (const label of ['Name', 'Title', 'Signature', 'Date']) report.blank(label);
  return report.save();
}
