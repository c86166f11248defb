/**
 * What a batch whose write is in flight will change in the rows the next batch reads (pipelining,
 * ARCHITECTURE principle 4): the users' fiat balances and the token wallets (deltas), and each
 * book's token row (last price and halt, set outright). The next batch is planned against its
 * reads with these changes laid over them, so it sees the balances as the batch in flight will
 * leave them. Pure: no IO.
 *
 * The deltas must be added only to reads that did not see the batch commit, and a read sent while
 * the write is in flight may land on either side of its commit. So the read also looks for one
 * order row as the batch leaves it (`marker`): the write is one statement and a read one
 * snapshot, so finding that row means the read saw all of the batch, and not finding it, none.
 * An order row the batch wrote never looks as it did before: a batch inserts it, or moves it on
 * (filled up, ended, quantity down, or a new time priority), and no one else writes the rows of
 * the books this process owns.
 */
import type { Order } from '../../lib/db/schema-trading.js';
import { centsOf, formatCents } from '../../lib/cents.js';
import type { Batch, FiatAccount, HeldTokens, TokenBalance } from './batch.js';
import type { TokenRead, TraderOf, TraderReads } from './batch.queries.js';

/** One order row as a batch leaves it, and the batch (its journal row, in journal mode). */
export type OrderMarker = Pick<
  Order,
  'id' | 'token_id' | 'status' | 'quantity' | 'filled_quantity' | 'priority'
> & { batch_id: string };

export interface PendingWrite {
  marker: OrderMarker;
  /** net fiat change by user, in cents */
  fiat: Map<string, bigint>;
  /** token id to user id to balance and locked deltas */
  wallets: Map<string, Map<string, TokenBalance>>;
  /** token id to what the write sets on the token's row (null: left as it is) */
  tokens: Map<string, { lastPrice: string | null; haltedUntil: Date | null }>;
}

/** What a planned batch (`parts` non-empty) will write, taken before anything plans on top. */
export function pendingWriteOf(
  fiat: FiatAccount,
  parts: ReadonlyMap<string, Batch>,
  treasuryId: string,
): PendingWrite {
  const net = new Map<string, bigint>();
  const add = (userId: string, cents: bigint) => net.set(userId, (net.get(userId) ?? 0n) + cents);
  for (const movement of fiat.movements) add(movement.userId, centsOf(movement.amount));
  const wallets = new Map<string, Map<string, TokenBalance>>();
  const tokens = new Map<string, { lastPrice: string | null; haltedUntil: Date | null }>();
  let marker: OrderMarker | undefined;
  for (const [tokenId, batch] of parts) {
    if (batch.fees !== 0n) add(treasuryId, batch.fees);
    wallets.set(
      tokenId,
      new Map([...batch.wallets].map(([userId, delta]) => [userId, { ...delta }])),
    );
    tokens.set(tokenId, { lastPrice: batch.lastPrice, haltedUntil: batch.haltedUntil });
    const row = batch.inserted.values().next().value ?? batch.updated.values().next().value;
    if (!marker && row) {
      const { id, status, quantity, filled_quantity, priority } = row;
      const at = { token_id: tokenId, batch_id: batch.id };
      marker = { id, status, quantity, filled_quantity, priority, ...at };
    }
  }
  // a part is non-empty: it inserts or updates an order row (its trades update both orders)
  if (!marker) throw new Error('a batch with a write changes at least one order row');
  return { marker, fiat: net, wallets, tokens };
}

/** The tokens as the write in flight leaves them (its values are set, so any read takes them). */
export function tokensAfter(
  reads: Map<string, TokenRead>,
  pending: PendingWrite | undefined,
): Map<string, TokenRead> {
  if (!pending) return reads;
  for (const [tokenId, read] of reads) {
    const set = pending.tokens.get(tokenId);
    if (!set) continue;
    read.token = {
      ...read.token,
      last_price: set.lastPrice ?? read.token.last_price,
      halted_until: set.haltedUntil ?? read.token.halted_until,
    };
  }
  return reads;
}

/**
 * The traders' balances as the write in flight leaves them: its deltas added to a read that did
 * not see it (`seen` false), for the pairs the batch read. A wallet the write creates appears.
 */
export function tradersAfter(
  reads: TraderReads,
  pairs: readonly TraderOf[],
  pending: PendingWrite | undefined,
  seen: boolean,
): TraderReads {
  if (!pending || seen) return reads;
  for (const trader of reads.traders.values()) {
    const delta = pending.fiat.get(trader.id);
    if (delta) trader.fiat_balance = formatCents(delta + centsOf(trader.fiat_balance));
  }
  for (const { userId, tokenId } of pairs) {
    const delta = pending.wallets.get(tokenId)?.get(userId);
    if (!delta || !reads.traders.has(userId)) continue;
    let ofToken = reads.wallets.get(tokenId);
    if (!ofToken) reads.wallets.set(tokenId, (ofToken = new Map<string, HeldTokens>()));
    const wallet = ofToken.get(userId);
    if (wallet) {
      wallet.balance += delta.balance;
      wallet.locked += delta.locked;
    } else {
      // a wallet the batch in flight creates: nothing of it can be frozen yet
      ofToken.set(userId, { ...delta, frozen: 0, addressFrozen: false });
    }
  }
  return reads;
}
