/** The token page's transfer rules, in the words a buyer is told them (docs/compliance.md). */
import { ok, platform } from '../api.js';
import { rulesInWords } from '../token-rules.js';
import { Loaded, useLoad } from '../ui.js';

export function TokenRulesPanel({ tokenId }: { tokenId: string }) {
  const rules = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/tokens/{id}/compliance-rules', { params: { path: { id: tokenId } } }),
      ),
    [tokenId],
  );
  return (
    <section aria-label="Transfer rules">
      <h2>Transfer rules</h2>
      <Loaded state={rules}>
        {(r) => {
          const words = rulesInWords(r);
          return words.length === 0 ? (
            <p class="muted">No transfer rules beyond verification.</p>
          ) : (
            <ul data-testid="token-rules">
              {words.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          );
        }}
      </Loaded>
    </section>
  );
}
