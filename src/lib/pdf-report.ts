/**
 * A printed report with pdf-lib: lines of text and tables that break onto new pages (the header
 * repeated), numbered "Page n of m" at the end. The registers and the investor statements are
 * written with it. The standard fonts encode WinAnsi only: anything else prints as '?'.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export const a4Landscape: [number, number] = [841.89, 595.28];
export const a4Portrait: [number, number] = [595.28, 841.89];

/** A table column: its label, its width in points, right-aligned (numbers) or not. */
export type PdfColumn = readonly [label: string, width: number, right: boolean];

const margin = 36;
const rowHeight = 13;
const cellSize = 7.5;
/** The smallest size a cell shrinks to before it is cut: a wallet address is printed whole. */
const minCellSize = 6;

export function printable(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

/**
 * The text at the cell's size, or smaller down to `minCellSize` so that it fits whole (a
 * register's wallet address must be readable in full); cut, ending in '..', only past that.
 */
function fitted(text: string, font: PDFFont, width: number): { text: string; size: number } {
  const full = printable(text);
  const fits = (t: string, size: number) => font.widthOfTextAtSize(t, size) <= width - 4;
  const size = Math.max(
    minCellSize,
    Math.min(
      cellSize,
      Math.floor((10 * (width - 4)) / font.widthOfTextAtSize(full, 1)) / 10 || cellSize,
    ),
  );
  if (fits(full, size)) return { text: full, size };
  let shown = full;
  while (shown.length > 0 && !fits(`${shown}..`, minCellSize)) shown = shown.slice(0, -1);
  return { text: `${shown}..`, size: minCellSize };
}

export class PdfReport {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    readonly pdf: PDFDocument,
    private readonly size: [number, number],
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  static async create(
    size: [number, number],
    meta: { title: string; createdAt: Date },
  ): Promise<PdfReport> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(printable(meta.title));
    pdf.setCreator('Tessera');
    pdf.setCreationDate(meta.createdAt);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    return new PdfReport(pdf, size, font, bold);
  }

  private newPage(): void {
    this.page = this.pdf.addPage(this.size);
    this.y = this.size[1] - margin;
  }

  /** Starts a new page unless `height` points are left above the bottom margin. */
  room(height: number): void {
    if (this.y - height < margin + 20) this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  line(text: string, options: { bold?: boolean; size?: number } = {}): void {
    const size = options.size ?? 9;
    this.room(size);
    this.page.drawText(printable(text), {
      x: margin,
      y: this.y,
      size,
      font: options.bold ? this.bold : this.font,
    });
    this.y -= size + 5;
  }

  /** A label and a rule to write on (a signature block). */
  blank(label: string): void {
    this.room(22);
    this.page.drawText(`${label}:`, { x: margin, y: this.y, size: 9, font: this.font });
    this.page.drawLine({
      start: { x: margin + 60, y: this.y - 2 },
      end: { x: margin + 320, y: this.y - 2 },
      thickness: 0.5,
    });
    this.y -= 22;
  }

  private row(columns: readonly PdfColumn[], cells: readonly string[], font: PDFFont): void {
    let x = margin;
    cells.forEach((cell, i) => {
      const [, width, right] = columns[i]!;
      const { text, size } = fitted(cell, font, width);
      const textWidth = font.widthOfTextAtSize(text, size);
      this.page.drawText(text, {
        x: right ? x + width - 4 - textWidth : x,
        y: this.y,
        size,
        font,
      });
      x += width;
    });
    this.y -= rowHeight;
  }

  private header(columns: readonly PdfColumn[]): void {
    this.row(
      columns,
      columns.map(([label]) => label),
      this.bold,
    );
    this.page.drawLine({
      start: { x: margin, y: this.y + rowHeight - 3 },
      end: { x: this.size[0] - margin, y: this.y + rowHeight - 3 },
      thickness: 0.5,
      color: rgb(0.4, 0.4, 0.4),
    });
  }

  /** One row per line of `rows` (bold where `boldRows` says), the header again on each page. */
  table(
    columns: readonly PdfColumn[],
    rows: readonly (readonly string[])[],
    boldRows: (index: number) => boolean = () => false,
  ): void {
    this.room(rowHeight * 2);
    this.header(columns);
    for (const [i, cells] of rows.entries()) {
      if (this.y < margin + 20) {
        this.newPage();
        this.header(columns);
      }
      this.row(columns, cells, boldRows(i) ? this.bold : this.font);
    }
  }

  /** Numbers the pages and answers the file. */
  async save(): Promise<Uint8Array> {
    this.pdf.getPages().forEach((p, i, all) =>
      p.drawText(`Page ${i + 1} of ${all.length}`, {
        x: this.size[0] - margin - 60,
        y: margin - 14,
        size: 7,
        font: this.font,
      }),
    );
    return this.pdf.save();
  }
}
