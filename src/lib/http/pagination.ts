import { Type, type TSchema } from '@sinclair/typebox';

/** Query parameters of every list: `limit` (1..100, default 50) and an opaque `cursor`. */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  cursor: Type.Optional(Type.String({ format: 'uuid' })),
};

export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  });
}

/** Cuts the one extra row fetched to learn whether there is a next page. */
export function toPage<T extends { id: string }, V>(rows: T[], limit: number, view: (row: T) => V) {
  const page = rows.slice(0, limit);
  return {
    data: page.map(view),
    next_cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
