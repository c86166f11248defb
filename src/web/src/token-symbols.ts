/** Staff lists name tokens by id; this reads every token once to show their symbols instead. */
import { ok, platform } from './api.js';
import { useLoad } from './ui.js';

export function useTokenSymbols() {
  const tokens = useLoad(() =>
    ok(platform.GET('/api/v1/tokens', { params: { query: { limit: 100 } } })),
  );
  return {
    tokens: tokens.data?.data ?? [],
    symbol: (id: string) => tokens.data?.data.find((t) => t.id === id)?.symbol ?? id,
  };
}
