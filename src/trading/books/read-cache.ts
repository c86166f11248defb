/**
 * What the single-process sequencer read and then wrote of its tokens, traders and their wallets,
 * so that a batch planned while nothing is in flight reads only what it has not seen: at a low
 * rate every order is its own batch, and its two reads were a third of its time.
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
import type { HeldTokens } from './batch.js';
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
  /** null: the user had no wallet of the token */
  held: HeldTokens | null;
  version: number;
}

/** What a batch plans on, as from the two reads, and the versions its write must find. */
export interface CachedReads extends TokensRead {
  traders: TraderReads;
  versions: ReadVersions;
}

export class ReadCache {
  private readonly tokens = new Map<string, { read: TokenRead; rules: ComplianceRules | null }>();
  private readonly traders = new Map<string, TraderRow>();
  /** token id to user id to wallet */
  private readonly wallets = new Map<string, Map<string, CachedWallet>>();

  /** What of a batch's tokens and (user, token) pairs the cache lacks. */
  missing(
    tokenIds: readonly string[],
    pairs: readonly TraderOf[],
  ): { tokenIds: string[]; pairs: TraderOf[] } {
    return {
      tokenIds: tokenIds.filter((id) => !this.tokens.has(id)),
      pairs: pairs.filter(
        ({ userId, tokenId }) =>
          !this.traders.has(userId) || !this.wallets.get(tokenId)?.has(userId),
      ),
    };
  }

  /** Keeps fresh reads, made while no write of this sequencer was in flight (copies: they are planned on). */
  store({ tokens, rules }: TokensRead, reads: TraderReads, pairs: readonly TraderOf[]): void {
    for (const [id, read] of tokens) {
      this.tokens.set(id, { read: { ...read }, rules: rules.get(id) ?? null });
    }
    for (const [id, trader] of reads.traders) this.traders.set(id, { ...trader });
    for (const { userId, tokenId } of pairs) {
      if (!reads.traders.has(userId)) continue; // an unknown user: read again, refused again
      const read = reads.wallets.get(tokenId)?.get(userId);
      const held = read ? { ...read } : null;
      const version = reads.walletVersions.get(tokenId)?.get(userId) ?? -1;
      this.walletsOf(tokenId).set(userId, { held, version });
    }
  }

  /**
   * A batch's reads from the cache (copies: planning changes them), with the versions they
   * carry; tokens and users the cache does not hold (unknown to the database) are absent.
   */
  reads(tokenIds: readonly string[], pairs: readonly TraderOf[]): CachedReads {
    const tokens = new Map<string, TokenRead>();
    const rules = new Map<string, ComplianceRules>();
    const versions: ReadVersions = { users: [], wallets: [], tokens: [] };
    for (const id of tokenIds) {
      const cached = this.tokens.get(id);
      if (!cached) continue;
      tokens.set(id, { ...cached.read });
      if (cached.rules) rules.set(id, cached.rules);
      versions.tokens.push({ id, version: cached.read.token.trading_version });
    }
    const traders = new Map<string, TraderRow>();
    const wallets = new Map<string, Map<string, HeldTokens>>();
    for (const { userId, tokenId } of pairs) {
      const trader = this.traders.get(userId);
      const wallet = this.wallets.get(tokenId)?.get(userId);
      if (!trader || !wallet) continue;
      if (!traders.has(userId)) {
        traders.set(userId, { ...trader });
        const { trading_version: version, fiat_balance } = trader;
        versions.users.push({ id: userId, version, fiat_balance });
      }
      versions.wallets.push({
        user_id: userId,
        token_id: tokenId,
        version: wallet.version,
        balance: wallet.held?.balance ?? null,
        locked: wallet.held?.locked ?? null,
      });
      if (!wallet.held) continue;
      let ofToken = wallets.get(tokenId);
      if (!ofToken) wallets.set(tokenId, (ofToken = new Map<string, HeldTokens>()));
      ofToken.set(userId, { ...wallet.held });
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
   * fiat for and each wallet it changed one version up, the books' last prices. A wallet it
   * created, and a token whose halt or uncross it set (a change its trigger counts), are
   * forgotten: the next batch reads them.
   */
  committed(pending: PendingWrite, writes: readonly BookWrite[]): void {
    for (const [userId, cents] of pending.fiat) {
      const trader = this.traders.get(userId);
      if (!trader) continue;
      trader.fiat_balance = formatCents(centsOf(trader.fiat_balance) + cents);
      trader.trading_version += 1;
    }
    for (const [tokenId, deltas] of pending.wallets) {
      const ofToken = this.wallets.get(tokenId);
      if (!ofToken) continue;
      for (const [userId, delta] of deltas) {
        // the write skips a wallet whose deltas are both zero (batch.queries.ts)
        if (delta.balance === 0 && delta.locked === 0) continue;
        const wallet = ofToken.get(userId);
        if (!wallet) continue;
        if (!wallet.held) {
          ofToken.delete(userId);
          continue;
        }
        wallet.held.balance += delta.balance;
        wallet.held.locked += delta.locked;
        wallet.version += 1;
      }
    }
    for (const { tokenId, batch, bookSequence } of writes) {
      const cached = this.tokens.get(tokenId);
      if (!cached) continue;
      if (batch.haltedUntil !== null || batch.lastUncrossAt !== null) {
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

  /** Forgets a book's token and its wallets (this process stopped serving it). */
  forgetToken(tokenId: string): void {
    this.tokens.delete(tokenId);
    this.wallets.delete(tokenId);
  }

  /** Forgets everything: after a write that failed, whose outcome the entries cannot follow. */
  clear(): void {
    this.tokens.clear();
    this.traders.clear();
    this.wallets.clear();
  }

  private walletsOf(tokenId: string): Map<string, CachedWallet> {
    let ofToken = this.wallets.get(tokenId);
    if (!ofToken) this.wallets.set(tokenId, (ofToken = new Map<string, CachedWallet>()));
    return ofToken;
  }
}
