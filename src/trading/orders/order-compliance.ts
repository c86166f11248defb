/**
 * The token's transfer rules before an order or an amend that raises its quantity reaches the
 * book (docs/compliance.md). The check and the commit of the order are one step for whatever the
 * check depends on: orders that could breach a holder cap together run one at a time per token,
 * orders that could breach a balance or lock-up rule one at a time per user and token, so two
 * orders never pass on the same room. A token without rules costs one read and no wait.
 */
import { evaluateOrder } from '../../lib/compliance/compliance-checks.js';
import type { ComplianceRules } from '../../lib/compliance/compliance-rules.js';
import {
  findComplianceRules,
  readComplianceState,
} from '../../lib/compliance/compliance-state.queries.js';
import { complianceError } from '../../lib/compliance/evaluate-transfer.js';
import type { Db } from '../../lib/db/database.js';
import type { Clock } from '../books/sequencer.js';

export interface OrderIntent {
  tokenId: string;
  userId: string;
  side: 'buy' | 'sell';
  /** the new order's quantity, or what an amend adds */
  quantity: number;
}

/** What the order's check must not share with another's: undefined when it depends on no state. */
function serialKey(rules: ComplianceRules, intent: OrderIntent): string | undefined {
  if (intent.side === 'buy' && (rules.maxHolders !== null || rules.maxHoldersPerCountry !== null))
    return intent.tokenId;
  const perUser = intent.side === 'buy' ? rules.maxBalance !== null : rules.lockUp !== null;
  return perUser ? `${intent.tokenId}:${intent.userId}` : undefined;
}

/** An order the rules accepted: its check's place is held until its commit settles. */
export interface Admission {
  until<T>(committed: Promise<T>): Promise<T>;
}

const unheld: Admission = { until: (committed) => committed };

export function orderCompliance(deps: { db: Db; clock: Clock; platformCountry: string }) {
  const { db, clock } = deps;
  /** per key, the end of the last holder's turn */
  const tails = new Map<string, Promise<void>>();

  /** Waits for the key's turn; answers the release of it. */
  async function turn(key: string): Promise<() => void> {
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const tail = previous.then(() => new Promise<void>((done) => (release = done)));
    tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    };
  }

  return {
    /**
     * Checks the order against the token's rules (refusing with the rule's code); the caller
     * passes its commit to `until`, which holds the check's turn until the commit settles.
     */
    async admit(intent: OrderIntent): Promise<Admission> {
      const rules = await findComplianceRules(db, intent.tokenId);
      if (!rules) return unheld;
      const key = serialKey(rules, intent);
      const release = key === undefined ? () => undefined : await turn(key);
      try {
        const state = await readComplianceState(db, intent.tokenId, [intent.userId], {
          count: 'committed',
          platformCountry: deps.platformCountry,
        });
        const verdict = evaluateOrder(
          rules,
          state.token,
          state.holders.get(intent.userId)!,
          intent.side,
          intent.quantity,
          clock.now(),
        );
        if (!verdict.allowed) throw complianceError(verdict);
      } catch (error) {
        release();
        throw error;
      }
      return { until: (committed) => committed.finally(release) };
    },
  };
}

export type OrderCompliance = ReturnType<typeof orderCompliance>;
