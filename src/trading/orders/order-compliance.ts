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

export function orderCompliance(deps: { db: Db; clock: Clock; platformCountry: string }) {
  const { db, clock } = deps;
  const tails = new Map<string, Promise<unknown>>();

  async function oneAtATime<T>(key: string | undefined, work: () => Promise<T>): Promise<T> {
    if (key === undefined) return work();
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  }

  return {
    /** Submits the order once the token's rules accept it; refuses with the rule's code. */
    async submitChecked<T>(intent: OrderIntent, submit: () => Promise<T>): Promise<T> {
      const rules = await findComplianceRules(db, intent.tokenId);
      if (!rules) return submit();
      return oneAtATime(serialKey(rules, intent), async () => {
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
        return submit();
      });
    },
  };
}

export type OrderCompliance = ReturnType<typeof orderCompliance>;
