/**
 * People named by id in data from the trading process (surveillance alerts): their names and
 * emails read from the platform in one request (GET /admin/user-refs).
 */
import { ok, platform } from './api.js';
import type { UserRef } from './types.js';
import { useLoad } from './ui.js';

export function useUserRefs(ids: string[]): (id: string) => UserRef | undefined {
  const sorted = [...new Set(ids)].sort();
  const key = sorted.join('&id=');
  const refs = useLoad(
    () =>
      key
        ? ok(platform.GET('/api/v1/admin/user-refs', { params: { query: { id: sorted } } }))
        : Promise.resolve({ data: [] as UserRef[] }),
    [key],
  );
  return (id) => refs.data?.data.find((u) => u.id === id);
}
