/**
 * The instruments FIX names (Symbol, SecurityID) and the tokens they are, kept in memory for
 * every session of the gateway (docs/fix.md, "Throughput"): a one-row SELECT per order was a
 * statement and a commit of its own. A name not known yet is read at once (a token created after
 * the gateway started is usable at its first order), and what is known is read anew every
 * `maxAgeMs` (a changed contract address is seen within that time). A name that is no token is
 * not kept: it is read, and refused, at each order as before.
 */
import type { Db } from '../lib/db/database.js';
import { tokenOf } from './fix.queries.js';

export interface InstrumentToken {
  id: string;
  symbol: string;
  contract_address: string | null;
}

export class Instruments {
  private known = new Map<string, InstrumentToken>();
  private readAt = performance.now();

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs: number,
  ) {}

  /** The one token a Symbol and/or SecurityID name (both must agree); undefined: none or two. */
  async tokenOf(
    symbol: string | undefined,
    address: string | undefined,
  ): Promise<InstrumentToken | undefined> {
    if (symbol === undefined && address === undefined) return undefined;
    const now = performance.now();
    if (now - this.readAt >= this.maxAgeMs) {
      this.known = new Map();
      this.readAt = now;
    }
    const key = `${symbol ?? ''}\u0000${address?.toLowerCase() ?? ''}`;
    const known = this.known.get(key);
    if (known) return known;
    const tokens = await tokenOf(this.db, symbol, address);
    const token = tokens.length === 1 ? tokens[0] : undefined;
    if (token) this.known.set(key, token);
    return token;
  }
}
