/**
 * What the single-process sequencer read and then wrote of its tokens and its traders (each with
 * every wallet it holds, so that a token it has none of needs no read), so that a batch planned
 * while nothing is in flight reads only what it has not seen: at a low rate every order is its
 * own batch, and its two reads were a third of its time.
 *
 * Safe because each entry carries the row's `trading_version`, which a trigger raises at every
 * change (migration 0071), whoever makes it: the batch's write checks, in the same statement, that
 * every version it was planned on still holds (`ReadVersions`, batch.queries.ts), and a batch
 * whose check fails is planned again from fresh reads. The batch's own write raises the versions
 * of the rows it updates by one, and `committed` lays it over the entries as the next read would
 * find it. Pure: no IO.
 */
import type { ComplianceRules } from '../../lib/compliance/compliance-rules.js';
import { centsOf, formatCents } from '../../lib/cents.js';
import type { Batch, HeldTokens, TokenBalance } from './batch.js';
import type {
  BookWrite,
  TokenRead,
  TokensRead,
  TraderOf,
  TraderReads,
  TraderRow,
} from './batch.queries.js';
import type { PendingWrite } from './pending-write.js';

/**
 * The versions a batch was planned on, and the balances it planned with (which its own writes
 * change: checked too, so an entry that drifted from its row is found like a stale one); a
 * wallet's version is -1 and its balances null where the user had none.
 */
export interface ReadVersions {
  users: { id: string; version: number; fiat_balance: string }[];
  wallets: {
    user_id: string;
    token_id: string;
    version: number;
    balance: number | null;
    locked: number | null;
  }[];
  tokens: { id: string; version: number }[];
}

interface CachedWallet {
  held: HeldTokens;
  version: number;
}

/** A user's row with every wallet the user holds (a token absent here: none of it). */
interface CachedTrader {
  row: TraderRow;
  wallets: Map<string, CachedWallet>;
}

/** What a batch plans on, as from the two reads, and the versions its write must find. */
export interface CachedReads extends TokensRead {
  traders: TraderReads;
  versions: ReadVersions;
}

/** Past this many users the cache starts again (a bound on its memory; refilled as they trade). */
const maxUsers = 20_000;

export class ReadCache {
  private readonly tokens = new Map<string, { read: TokenRead; rules: ComplianceRules | null }>();
  private readonly traders = new Map<string, CachedTrader>();

  /** What of a batch's tokens and users the cache lacks. */
  missing(
    tokenIds: readonly string[],
    userIds: readonly string[],
  ): { tokenIds: string[]; userIds: string[] } {
    return {
      tokenIds: tokenIds.filter((id) => !this.tokens.has(id)),
      userIds: userIds.filter((id) => !this.traders.has(id)),
    };
  }

  /**
   * Keeps fresh reads of tokens and of users with all their wallets (`readWholeTraders`), made
   * while no write of this sequencer was in flight; copies, since what was read is planned on.
   */
  store({ tokens, rules }: TokensRead, whole: TraderReads): void {
    for (const [id, read] of tokens) {
      this.tokens.set(id, { read: { ...read }, rules: rules.get(id) ?? null });
    }
    if (this.traders.size + whole.traders.size > maxUsers) this.traders.clear();
    for (const [id, row] of whole.traders) {
      this.traders.set(id, { row: { ...row }, wallets: new Map() });
    }
    for (const [tokenId, ofToken] of whole.wallets) {
      for (const [userId, held] of ofToken) {
        const version = whole.walletVersions.get(tokenId)?.get(userId) ?? -1;
        this.traders.get(userId)?.wallets.set(tokenId, { held: { ...held }, version });
      }
    }
  }

  /**
   * A batch's reads from the cache (copies: planning changes them), with the versions they
   * carry; tokens and users the cache does not hold (unknown to the database) are absent. With
   * the write of a batch in flight (`pending`, which must set no halt or uncross), as that write
   * will leave them: it commits before this batch's write is sent.
   */
  reads(
    tokenIds: readonly string[],
    pairs: readonly TraderOf[],
    pending?: PendingWrite,
  ): CachedReads {
    const tokens = new Map<string, TokenRead>();
    const rules = new Map<string, ComplianceRules>();
    const versions: ReadVersions = { users: [], wallets: [], tokens: [] };
    for (const id of tokenIds) {
      const cached = this.tokens.get(id);
      if (!cached) continue;
      const read = { ...cached.read };
      const lastPrice = pending?.tokens.get(id)?.lastPrice;
      if (lastPrice) read.token = { ...read.token, last_price: lastPrice };
      tokens.set(id, read);
      if (cached.rules) rules.set(id, cached.rules);
      versions.tokens.push({ id, version: read.token.trading_version });
    }
    const traders = new Map<string, TraderRow>();
    const wallets = new Map<string, Map<string, HeldTokens>>();
    for (const { userId, tokenId } of pairs) {
      const trader = this.traders.get(userId);
      if (!trader) continue;
      if (!traders.has(userId)) {
        const row = { ...trader.row };
        fiatAfter(row, pending?.fiat.get(userId));
        traders.set(userId, row);
        const { trading_version: version, fiat_balance } = row;
        versions.users.push({ id: userId, version, fiat_balance });
      }
      const cached = trader.wallets.get(tokenId);
      const wallet = walletAfter(
        cached && { held: { ...cached.held }, version: cached.version },
        pending?.wallets.get(tokenId)?.get(userId),
      );
      versions.wallets.push({
        user_id: userId,
        token_id: tokenId,
        version: wallet?.version ?? -1,
        balance: wallet?.held.balance ?? null,
        locked: wallet?.held.locked ?? null,
      });
      if (!wallet) continue;
      let ofToken = wallets.get(tokenId);
      if (!ofToken) wallets.set(tokenId, (ofToken = new Map<string, HeldTokens>()));
      ofToken.set(userId, wallet.held);
    }
    return {
      tokens,
      rules,
      traders: { traders, wallets, walletVersions: new Map(), markerSeen: false },
      versions,
    };
  }

  /**
   * Lays a committed write over the entries, as its statement left the rows: each user it moved
   * fiat for and each wallet it changed one version up, a wallet it created at version 0, the
   * books' last prices. A token whose halt or uncross it set (a change its trigger counts) is
   * forgotten: the next batch reads it.
   */
  committed(pending: PendingWrite, writes: readonly BookWrite[]): void {
    for (const [userId, cents] of pending.fiat) {
      const trader = this.traders.get(userId);
      if (trader) fiatAfter(trader.row, cents);
    }
    for (const [tokenId, deltas] of pending.wallets) {
      for (const [userId, delta] of deltas) {
        const trader = this.traders.get(userId);
        if (!trader) continue;
        const wallet = walletAfter(trader.wallets.get(tokenId), delta);
        if (wallet) trader.wallets.set(tokenId, wallet);
      }
    }
    for (const { tokenId, batch, bookSequence } of writes) {
      const cached = this.tokens.get(tokenId);
      if (!cached) continue;
      if (setsHaltOrUncross(batch)) {
        this.tokens.delete(tokenId);
        continue;
      }
      cached.read.token = {
        ...cached.read.token,
        last_price: batch.lastPrice ?? cached.read.token.last_price,
        book_sequence: bookSequence,
      };
    }
  }

  /** Forgets a book's token (this process stopped serving it; its wallets stay, guarded). */
  forgetToken(tokenId: string): void {
    this.tokens.delete(tokenId);
  }

  /** Forgets everything: after a write that failed, whose outcome the entries cannot follow. */
  clear(): void {
    this.tokens.clear();
    this.traders.clear();
  }
}

/** Whether a batch's write sets its token's halt or uncross (a change the token's trigger counts). */
export function setsHaltOrUncross(batch: Batch): boolean {
  return batch.haltedUntil !== null || batch.lastUncrossAt !== null;
}

/** A user's row after a write moved `cents` of their fiat (the write updates it even by 0). */
function fiatAfter(row: TraderRow, cents: bigint | undefined): void {
  if (cents === undefined) return;
  row.fiat_balance = formatCents(centsOf(row.fiat_balance) + cents);
  row.trading_version += 1;
}

/**
 * A wallet (changed in place) after a write's `delta`: one version up, or created at version 0
 * with the deltas (if another writer created it first, the guard finds it); a delta of zero is
 * not written (batch.queries.ts).
 */
function walletAfter(
  wallet: CachedWallet | undefined,
  delta: TokenBalance | undefined,
): CachedWallet | undefined {
  if (!delta || (delta.balance === 0 && delta.locked === 0)) return wallet;
  if (!wallet) return { held: { ...delta, frozen: 0, addressFrozen: false }, version: 0 };
  wallet.held.balance += delta.balance;
  wallet.held.locked += delta.locked;
  wallet.version += 1;
  return wallet;
}
