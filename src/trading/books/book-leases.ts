/**
 * The books this node holds by lease (DECISIONS "one writer per token", issue 27): each with the
 * epoch it was taken at, which every batch write of the book carries as its fence
 * (batch.queries.ts), so a node that lost a lease (paused, partitioned, slow) can never commit
 * for that book again. Leases are renewed every third of their period with the node's heartbeat;
 * a book whose lease was not renewed in time is free for any node to take (and rebuild from the
 * database). A book handed over goes to a successor the balancer names (book-share.ts), leased
 * to it at once so no other node takes it meanwhile; so do the books of a node that died, given
 * out by the first live node to see their leases run out. In the single-process mode (`exclusive`) the
 * node takes every lease at once, from whoever held it: there is no other node, only perhaps a
 * former life of this one.
 */
import type { Db } from '../../lib/db/database.js';
import type { TradingMetrics } from '../metrics.js';
import type { Fence } from './batch.queries.js';
import {
  heartbeat,
  leaseView,
  liveNodes,
  moveLeases,
  orphanedLeases,
  renewLeases,
  retireNode,
  takeLease,
} from './book-leases.queries.js';
import { shareOf, successors } from './book-share.js';

export interface LeaseSettings {
  /** this node's name, unique among the live ones */
  node: string;
  /** where this node serves (shown to staff) */
  url: string | null;
  /** how long a lease lasts without renewal */
  leaseMs: number;
  /** the single-process mode: take every lease at once */
  exclusive: boolean;
}

/** What the balancer should do for this node's even share. */
export interface Rebalance {
  /** how many of its books this node holds above its share */
  surplus: number;
  /** books handed over to this node (or its former life), and free ones as many as it may take */
  take: string[];
}

export class BookLeases {
  private readonly held = new Map<string, number>();

  constructor(
    private readonly db: Db,
    readonly settings: LeaseSettings,
    private readonly metrics: Pick<
      TradingMetrics,
      'booksOwned' | 'failovers' | 'leaseAcquiredAt' | 'leasesRenewedAt' | 'nodeDraining'
    >,
  ) {}

  get node(): string {
    return this.settings.node;
  }

  get tokenIds(): string[] {
    return [...this.held.keys()];
  }

  holds(tokenId: string): boolean {
    return this.held.has(tokenId);
  }

  /** Takes a book's lease (a new epoch); false while another live node holds it. */
  async acquire(tokenId: string): Promise<boolean> {
    if (this.held.has(tokenId)) return true;
    const { node, leaseMs, exclusive } = this.settings;
    const taken = await takeLease(this.db, tokenId, node, leaseMs, exclusive);
    if (taken === undefined) return false;
    if (taken.from !== null && taken.from !== node) this.metrics.failovers.inc();
    this.held.set(tokenId, taken.epoch);
    this.metrics.booksOwned.set(this.held.size);
    this.metrics.leaseAcquiredAt.setToCurrentTime({ token_id: tokenId });
    return true;
  }

  /** The fence of a write of these books: the epochs held now (0, never valid, if none). */
  fence(tokenIds: readonly string[]): Fence {
    return {
      node: this.settings.node,
      tokenIds: [...tokenIds],
      epochs: tokenIds.map((id) => this.held.get(id) ?? 0),
    };
  }

  /** Stops holding a book here (the database lease is left to expire or be taken). */
  forget(tokenId: string): void {
    this.held.delete(tokenId);
    this.metrics.booksOwned.set(this.held.size);
    this.metrics.leaseAcquiredAt.remove({ token_id: tokenId });
  }

  /**
   * Heartbeat (in a cluster: the single process has no one to tell) and renewal; answers the
   * books another node took meanwhile (forgotten here). A renewal extends a lease no other node
   * took, expired or not, at the same epoch: an owner late to renew keeps its book without a gap.
   * Only the leases held when it began are judged: one taken while it ran was not asked about.
   */
  async renew(draining: boolean): Promise<string[]> {
    const { node, url, leaseMs, exclusive } = this.settings;
    if (!exclusive) await heartbeat(this.db, node, url, leaseMs, draining);
    this.metrics.nodeDraining.set(draining ? 1 : 0);
    const asked = [...this.held];
    const renewed = await renewLeases(
      this.db,
      node,
      asked.map(([id]) => id),
      leaseMs,
    );
    this.metrics.leasesRenewedAt.setToCurrentTime();
    const lost = asked.filter(
      ([id, epoch]) => renewed.get(id) !== epoch && this.held.get(id) === epoch,
    );
    for (const [id] of lost) this.forget(id);
    return lost.map(([id]) => id);
  }

  /**
   * Hands books over at the epochs held, each to the live node furthest below its share (or
   * released to anyone when none is), for it to rebuild; answers the books each successor got.
   */
  async release(tokenIds: readonly string[]): Promise<Map<string, string[]>> {
    const held = tokenIds.flatMap((id) => this.heldEntry(id));
    const [nodes, view] = await Promise.all([liveNodes(this.db), leaseView(this.db)]);
    const holdings = new Map([...view.held].map(([node, ids]) => [node, ids.length]));
    const takers = successors(view.books, nodes, holdings, held.length);
    const { node, leaseMs } = this.settings;
    const moved = await moveLeases(
      this.db,
      node,
      held.map(([tokenId, epoch], i) => ({ tokenId, epoch, from: node, to: takers[i] ?? null })),
      leaseMs,
    );
    for (const [id] of held) this.forget(id);
    return moved;
  }

  /**
   * Gives out the books of nodes gone (their leases ran out), all at once, each to the live node
   * furthest below its share (this one too), leased to it so that no other node takes it
   * meanwhile: a dead node's book changes owner once, rather than first to whichever node had
   * requests waiting for it and then on to the others by the balancer. Answers the books each
   * node got (none while every live node has its share: the books stay free to anyone), and the
   * nodes gone they were taken from.
   */
  async adoptOrphans(): Promise<{ moved: Map<string, string[]>; gone: string[] }> {
    const [nodes, view, orphans] = await Promise.all([
      liveNodes(this.db),
      leaseView(this.db),
      orphanedLeases(this.db),
    ]);
    if (orphans.length === 0) return { moved: new Map(), gone: [] };
    const holdings = new Map([...view.held].map(([node, ids]) => [node, ids.length]));
    const takers = successors(view.books, nodes, holdings, orphans.length);
    const given = orphans.flatMap((lease, i) => {
      const to = takers[i];
      return to ? [{ ...lease, to }] : [];
    });
    const moved = await moveLeases(this.db, this.settings.node, given, this.settings.leaseMs);
    this.metrics.failovers.inc([...moved.values()].reduce((sum, ids) => sum + ids.length, 0));
    return { moved, gone: [...new Set(given.map((lease) => lease.from))] };
  }

  /**
   * This node's share against what it holds, and the books it should take toward it: those
   * handed over to it first, then free ones.
   */
  async rebalance(): Promise<Rebalance> {
    const [nodes, view] = await Promise.all([liveNodes(this.db), leaseView(this.db)]);
    const share = shareOf(view.books, nodes, this.settings.node);
    const handed = (view.held.get(this.settings.node) ?? []).filter((id) => !this.held.has(id));
    const free = view.free.filter((id) => !this.held.has(id));
    const room = Math.max(share - this.held.size - handed.length, 0);
    return {
      surplus: Math.max(this.held.size - share, 0),
      take: [...handed, ...free.slice(0, room)],
    };
  }

  /** Leaves the cluster: the node's row goes (its leases were handed over before). */
  async retire(): Promise<void> {
    await retireNode(this.db, this.settings.node);
  }

  private heldEntry(tokenId: string): [string, number][] {
    const epoch = this.held.get(tokenId);
    return epoch === undefined ? [] : [[tokenId, epoch]];
  }
}
