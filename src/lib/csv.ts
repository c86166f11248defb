/**
 * CSV as RFC 4180 writes it (CRLF, fields quoted when they hold a comma, quote or line break). A
 * text cell a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an
 * apostrophe: names come from users. A signed decimal (-12.50) is a number to a spreadsheet, not a
 * formula, and stays as it is.
 */
export type CsvCell = string | number | null;

const formulaStart = /^[=+\-@\t\r]/;
const signedDecimal = /^-[0-9]+(\.[0-9]+)?$/;

function field(cell: CsvCell): string {
  if (cell === null) return '';
  let text = String(cell);
  if (typeof cell === 'string' && formulaStart.test(text) && !signedDecimal.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
