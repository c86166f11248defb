/**
 * The parameters of a statement of constant text (a prepared statement over `unnest` arrays)
 * from one table: each parameter is declared once, with its SQL type and how the statement's
 * input gives its value, and answers its placeholder. The text is written with the placeholders;
 * `valuesOf` gives the values in the order they were declared, so no position is numbered by hand.
 */
interface Entry<I> {
  /** a part that numbers its own parameters (e.g. `fiatBatchCtes`) gives several at once */
  spread: boolean;
  value: (input: I) => unknown;
}

/** Array parameters of the columns of some rows: their placeholders and their unnest. */
export interface RowColumns<K extends string> {
  /** each column's placeholder (`$n::type[]`) */
  column: Record<K, string>;
  /** the column names, in order (the target of an insert, the select list of the unnest) */
  names: string;
  /** `unnest(...) as alias(names)` */
  unnest(alias: string): string;
}

/**
 * Types whose values (numbers, numeric or uuid strings) never hold a quote, comma, brace or
 * space: their array literal is the values joined, where pg would quote and escape each element.
 */
const plainTypes = new Set(['uuid', 'bigint', 'integer', 'numeric']);

function plainElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    return String(value);
  }
  throw new Error('a plain array holds numbers and strings');
}

function plainArray(values: readonly unknown[]): string {
  return `{${values.map(plainElement).join(',')}}`;
}

export class StatementParameters<I> {
  private readonly entries: Entry<I>[] = [];
  private next = 1;

  /** One parameter; answers `$n::type`. */
  one(type: string, value: (input: I) => unknown): string {
    this.entries.push({ spread: false, value });
    return `$${this.next++}::${type}`;
  }

  /** `count` parameters that `values` gives together; answers the number of the first. */
  several(count: number, values: (input: I) => unknown[]): number {
    this.entries.push({ spread: true, value: values });
    const first = this.next;
    this.next += count;
    return first;
  }

  /**
   * One array parameter per column of `rows` (`types` in column order: the row's key and SQL
   * type). `rows` is read once per column: give it a field of the input, not a computation.
   */
  rows<R, K extends keyof R & string>(
    rows: (input: I) => readonly R[],
    types: Record<K, string>,
  ): RowColumns<K> {
    const keys = Object.keys(types) as K[];
    const column = {} as Record<K, string>;
    for (const key of keys) {
      const type = types[key];
      column[key] = this.one(
        `${type}[]`,
        plainTypes.has(type)
          ? (input) => plainArray(rows(input).map((row) => row[key]))
          : (input) => rows(input).map((row) => row[key]),
      );
    }
    const names = keys.join(', ');
    const placeholders = keys.map((key) => column[key]).join(', ');
    return { column, names, unnest: (alias) => `unnest(${placeholders}) as ${alias}(${names})` };
  }

  /** The values of `input`, in the statement's order. */
  valuesOf(input: I): unknown[] {
    const values: unknown[] = [];
    for (const { spread, value } of this.entries) {
      if (spread) values.push(...(value(input) as unknown[]));
      else values.push(value(input));
    }
    if (values.length !== this.next - 1) throw new Error('a part gave more or fewer parameters');
    return values;
  }
}
