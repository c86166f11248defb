/**
 * The register as a PDF a person signs (pdf-lib, A4 landscape): the token, the instant and the
 * chain block it was reconciled at, one row per holder with the totals, and a certification block
 * with lines for the signatory's name, title, signature and date.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Register } from './register.service.js';

const pageSize: [number, number] = [841.89, 595.28];
const margin = 36;
const rowHeight = 13;
const fontSize = 7.5;

/** label, width, right-aligned */
const columns: [string, number, boolean][] = [
  ['Legal name', 130, false],
  ['Type', 48, false],
  ['Country', 38, false],
  ['Accreditation', 58, false],
  ['Units', 62, true],
  ['% of supply', 50, true],
  ['Locked', 48, true],
  ['Frozen', 48, true],
  ['Locked-up', 50, true],
  ['Wallet address', 190, false],
];

/** The standard fonts encode WinAnsi only: anything else is shown as '?'. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

/** The text cut to the column, ending in '..' when cut. */
function fitted(text: string, font: PDFFont, width: number): string {
  const full = printable(text);
  let shown = full;
  const fits = (t: string) => font.widthOfTextAtSize(t, fontSize) <= width - 4;
  while (shown.length > 0 && !fits(shown === full ? shown : `${shown}..`))
    shown = shown.slice(0, -1);
  return shown === full ? shown : `${shown}..`;
}

function drawRow(page: PDFPage, font: PDFFont, y: number, cells: readonly string[]): void {
  let x = margin;
  cells.forEach((cell, i) => {
    const [, width, right] = columns[i]!;
    const text = fitted(cell, font, width);
    const textWidth = font.widthOfTextAtSize(text, fontSize);
    page.drawText(text, { x: right ? x + width - 4 - textWidth : x, y, size: fontSize, font });
    x += width;
  });
}

export async function registerPdf(register: Register): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Register of holders: ${printable(register.symbol)} as of ${register.as_of}`);
  pdf.setCreator('Tessera');
  pdf.setCreationDate(new Date(register.generated_at));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const headerCells = columns.map(([label]) => label);
  const bottom = margin + 20;

  let page = pdf.addPage(pageSize);
  let y = pageSize[1] - margin;
  const line = (text: string, options: { font?: PDFFont; size?: number } = {}) => {
    page.drawText(printable(text), {
      x: margin,
      y,
      size: options.size ?? 9,
      font: options.font ?? font,
    });
    y -= (options.size ?? 9) + 5;
  };
  line(`Register of holders: ${register.token_name} (${register.symbol})`, {
    font: bold,
    size: 14,
  });
  line(`Issuer: ${register.issuer_name}`);
  line(`As of: ${register.as_of}    Generated: ${register.generated_at}`);
  line(
    `Supply in circulation: ${register.supply_in_circulation}    Holders: ${register.totals.holders}`,
  );
  const r = register.reconciliation;
  line(
    'block_number' in r
      ? `Chain reconciliation at block ${r.block_number} (${r.block_timestamp}): ${r.status}` +
          (r.differences.length > 0 ? `, ${r.differences.length} wallet(s) differ` : '')
      : `Chain reconciliation: ${r.status} (${r.detail})`,
  );
  y -= 6;

  const header = () => {
    drawRow(page, bold, y, headerCells);
    page.drawLine({
      start: { x: margin, y: y - 3 },
      end: { x: pageSize[0] - margin, y: y - 3 },
      thickness: 0.5,
      color: rgb(0.4, 0.4, 0.4),
    });
    y -= rowHeight;
  };
  header();
  const rows = register.holders.map((h) => [
    h.legal_name,
    h.holder_type,
    h.country ?? '',
    h.accreditation ?? '',
    h.units,
    h.pct_of_supply,
    h.locked_units,
    h.frozen_units,
    h.locked_up_units,
    h.wallet_address ?? '',
  ]);
  const { totals } = register;
  rows.push([
    'TOTAL',
    '',
    '',
    '',
    totals.units,
    register.holders.length > 0 ? '100.0000' : '0.0000',
    totals.locked_units,
    totals.frozen_units,
    totals.locked_up_units,
    '',
  ]);
  for (const [i, cells] of rows.entries()) {
    if (y < bottom) {
      page = pdf.addPage(pageSize);
      y = pageSize[1] - margin;
      header();
    }
    drawRow(page, i === rows.length - 1 ? bold : font, y, cells);
    y -= rowHeight;
  }

  if (y < bottom + 110) {
    page = pdf.addPage(pageSize);
    y = pageSize[1] - margin;
  }
  y -= 16;
  line('Certification', { font: bold, size: 10 });
  line(
    `I certify that the above is a true register of the holders of ${register.symbol} as of ${register.as_of}.`,
  );
  y -= 14;
  for (const label of ['Name', 'Title', 'Signature', 'Date']) {
    page.drawText(`${label}:`, { x: margin, y, size: 9, font });
    page.drawLine({
      start: { x: margin + 60, y: y - 2 },
      end: { x: margin + 320, y: y - 2 },
      thickness: 0.5,
    });
    y -= 22;
  }
  pdf.getPages().forEach((p, i, all) =>
    p.drawText(`Page ${i + 1} of ${all.length}`, {
      x: pageSize[0] - margin - 60,
      y: margin - 14,
      size: 7,
      font,
    }),
  );
  return pdf.save();
}
