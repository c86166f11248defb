/** Staff lists name tokens by id; this reads every token once to show their symbols instead. */
import { api, type Page } from './api.js';
import type { Token } from './types.js';
import { useLoad } from './ui.js';

export function useTokenSymbols() {
  const tokens = useLoad(() => api.get<Page<Token>>('/api/v1/tokens?limit=100'));
  return {
    tokens: tokens.data?.data ?? [],
    symbol: (id: string) => tokens.data?.data.find((t) => t.id === id)?.symbol ?? id,
  };
}
