/**
 * The docs name error codes with the HTTP status they answer ("409 `ORDER_NOT_OPEN`", or a table
 * with a status column and a code column). The status comes from the error catalogue alone
 * (AppError takes it from there), so every pairing in the docs is checked against it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../src/lib/errors.js';

const docs = new URL('../docs/', import.meta.url);
const catalogue: Readonly<Record<string, { status: number }>> = errorCatalogue;

interface Pairing {
  where: string;
  code: string;
  status: number;
}

const STATUS = String.raw`\b[45]\d\d\b`;
const CODE = String.raw`\x60[A-Z][A-Z0-9_]+\x60`;
/** A status followed by one or more codes: "409 `A`", "409 `A`, `B`", "409 `A` or `B`". */
const INLINE = new RegExp(String.raw`(${STATUS})((?:\s*(?:,|or|and)?\s*${CODE})+)`, 'g');
const CODES = new RegExp(CODE, 'g');

function codesIn(text: string): string[] {
  return [...text.matchAll(CODES)].map((match) => match[0].slice(1, -1));
}

function cellsOf(line: string): string[] | undefined {
  if (!line.trimStart().startsWith('|')) return undefined;
  return line
    .replace(/\\\|/g, '')
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/** Every (code, status) pair a docs line states. */
export function pairingsOf(line: string, where: string): Pairing[] {
  const inline = [...line.matchAll(INLINE)].flatMap((match) =>
    codesIn(match[2]!).map((code) => ({ where, code, status: Number(match[1]) })),
  );
  if (inline.length > 0) return inline;
  // A table row whose one status cell holds only the status: the codes are the cells that open
  // with one (a description cell naming a setting is not a code cell).
  const cells = cellsOf(line);
  const statuses = cells?.filter((cell) => new RegExp(`^${STATUS}$`).test(cell)) ?? [];
  if (cells === undefined || statuses.length !== 1) return [];
  const status = Number(statuses[0]);
  return cells
    .filter((cell) => new RegExp(`^${CODE}`).test(cell))
    .flatMap((cell) => codesIn(cell).map((code) => ({ where, code, status })));
}

function docsPairings(): Pairing[] {
  return readdirSync(docs, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .flatMap((file) =>
      readFileSync(new URL(file, docs), 'utf8')
        .split('\n')
        .flatMap((line, index) => pairingsOf(line, `docs/${file}:${index + 1}`)),
    );
}

describe('error statuses in the docs', () => {
  it('reads pairings inline and from table columns', () => {
    expect(pairingsOf('refused with 409 `A_B`, `CC` or `DD`; 422 `EE`', 'x')).toEqual([
      { where: 'x', code: 'A_B', status: 409 },
      { where: 'x', code: 'CC', status: 409 },
      { where: 'x', code: 'DD', status: 409 },
      { where: 'x', code: 'EE', status: 422 },
    ]);
    expect(pairingsOf('| 403 | gate | `FORBIDDEN_ROLE` (with `errors[]`), `XY` |', 'x')).toEqual([
      { where: 'x', code: 'FORBIDDEN_ROLE', status: 403 },
      { where: 'x', code: 'XY', status: 403 },
    ]);
    expect(pairingsOf('| `CHAIN_TIMEOUT` | 504 | within `SOME_TIMEOUT_MS` |', 'x')).toEqual([
      { where: 'x', code: 'CHAIN_TIMEOUT', status: 504 },
    ]);
    expect(pairingsOf('| `SOME_SETTING` | `10000` | 503 later |', 'x')).toEqual([]);
  });

  it('gives every code the status the catalogue answers', () => {
    const pairings = docsPairings();
    expect(pairings.length).toBeGreaterThan(50);
    const wrong = pairings
      .filter(({ code, status }) => catalogue[code]?.status !== status)
      .map(({ where, code, status }) => {
        const answered = catalogue[code]?.status ?? 'no such code';
        return `${where}: ${status} ${code} (the code answers ${answered})`;
      });
    expect(wrong).toEqual([]);
  });
});
