/**
 * People named by id in data from the trading process (surveillance alerts): their names and
 * emails read from the platform in one request (GET /admin/user-refs).
 */
import { api } from './api.js';
import type { UserRef } from './types.js';
import { useLoad } from './ui.js';

export function useUserRefs(ids: string[]): (id: string) => UserRef | undefined {
  const key = [...new Set(ids)].sort().join('&id=');
  const refs = useLoad(
    () =>
      key
        ? api.get<{ data: UserRef[] }>(`/api/v1/admin/user-refs?id=${key}`)
        : Promise.resolve({ data: [] }),
    [key],
  );
  return (id) => refs.data?.data.find((u) => u.id === id);
}
