/**
 * People named on staff screens instead of bare ids: a page's users read in one query and
 * attached to its rows.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../lib/db/database.js';

export const UserRef = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    full_name: Type.Union([Type.String(), Type.Null()]),
  },
  { description: 'the person: id, email and name' },
);
export type UserRef = Static<typeof UserRef>;

/** A view's rows with their person attached (`withUsers`). */
export const WithUser = Type.Object({ user: Type.Union([UserRef, Type.Null()]) });

/** The users of `ids` by id (unknown ids are left out). */
export async function userRefs(db: Db, ids: string[]): Promise<Map<string, UserRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Each view with its `key` user attached as `user` (null when the account is gone). */
export async function withUsers<V extends Record<K, string>, K extends string>(
  db: Db,
  views: V[],
  key: K,
): Promise<Array<V & { user: UserRef | null }>> {
  const refs = await userRefs(
    db,
    views.map((v) => v[key]),
  );
  return views.map((v) => ({ ...v, user: refs.get(v[key]) ?? null }));
}
