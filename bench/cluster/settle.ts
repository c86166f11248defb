/**
 * Before the cluster is measured: every book taken by a node (the first order to a book makes
 * the node it reaches its owner, sent again on a 503 while it is being taken) and the books spread
 * evenly, unchanged for three readings a second apart, so that no hand-over falls in the run.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/lib/db/database.js';
import { randomLimitOrder, type Trader } from '../support/seeded-system.js';
import { postForAnswer } from '../trading/load.js';

const settleTimeoutMs = 60_000;

async function owners(db: Db): Promise<string> {
  const { rows } = await sql<{ owners: string }>`
    select string_agg(token_id || '=' || coalesce(owner_node, ''), ',' order by token_id) as owners
    from book_leases`.execute(db);
  return rows[0]?.owners ?? '';
}

function even(mapping: string, tokens: number, nodes: number): boolean {
  const counts = new Map<string, number>();
  for (const entry of mapping.split(',')) {
    const owner = entry.split('=')[1]!;
    counts.set(owner, (counts.get(owner) ?? 0) + 1);
  }
  const share = Math.floor(tokens / nodes);
  return (
    !counts.has('') &&
    counts.size === nodes &&
    [...counts.values()].every((n) => n === share || n === share + 1)
  );
}

export async function settleCluster(
  db: Db,
  urls: string[],
  trader: Trader,
  tokens: string[],
): Promise<void> {
  const deadline = Date.now() + settleTimeoutMs;
  for (const tokenId of tokens) {
    const body = JSON.stringify(randomLimitOrder(tokenId));
    for (;;) {
      const url = urls[Math.floor(Math.random() * urls.length)]!;
      const answer = await postForAnswer(`${url}/api/v1/orders`, trader.token, body);
      if (answer.status === 200) break;
      if (Date.now() > deadline) {
        throw new Error(`book ${tokenId} not taken: ${answer.status} ${answer.body} from ${url}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const readings: string[] = [];
  while (readings.length < 3 || new Set(readings.slice(-3)).size > 1) {
    if (Date.now() > deadline) throw new Error('the books did not settle on the nodes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mapping = await owners(db);
    readings.push(
      even(mapping, tokens.length, urls.length) ? mapping : `uneven ${readings.length}`,
    );
  }
}
