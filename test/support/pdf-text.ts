/**
 * The text of a generated PDF as pdf.js reads it, in rows: the items that share a baseline, left
 * to right, pages in order. Tests compare the numbers in them with the API's.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfRows(bytes: Uint8Array): Promise<string[][]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const rows: string[][] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const byLine = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      const line = byLine.get(y) ?? [];
      line.push({ x: item.transform[4] as number, text: item.str });
      byLine.set(y, line);
    }
    for (const y of [...byLine.keys()].sort((a, b) => b - a)) {
      rows.push(
        byLine
          .get(y)!
          .sort((a, b) => a.x - b.x)
          .map((i) => i.text),
      );
    }
  }
  await document.destroy();
  return rows;
}

/** RFC 4180 CSV as written by src/lib/csv.ts (quoted fields may hold commas and quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter((l) => l !== '')) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        cells.push(cell);
        cell = '';
      } else cell += c;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}
