/** The reads of reconciliation (reconciliation.ts): the database's side of each token. */
import { sql } from 'kysely';
import type { Db } from '../../lib/db/database.js';

export function deployedTokens(db: Db) {
  return db
    .selectFrom('tokens')
    .select(['id', 'symbol', 'contract_address', 'decimals'])
    .where('contract_address', 'is not', null)
    .orderBy('symbol')
    .execute();
}

export interface Holder {
  user_id: string;
  wallet_address: string | null;
  balance: number;
  /** quantity bought in trades not settled yet, minus quantity sold */
  in_flight: number;
}

/** The batch keys of the token's in-flight trades that were sent, and may be on chain. */
export async function sentBatchKeys(db: Db, tokenId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('trades')
    .select('settlement_batch_key')
    .distinct()
    .where('token_id', '=', tokenId)
    .where('settlement_status', '<>', 'settled')
    .where('settlement_batch_key', 'is not', null)
    .execute();
  return rows.map((r) => r.settlement_batch_key!);
}

/** `landed`: batch keys whose transaction is mined; their trades are on chain, not in flight. */
export async function holdersOf(db: Db, tokenId: string, landed: string[]): Promise<Holder[]> {
  const result = await sql<Holder>`
    select w.user_id, u.wallet_address, w.balance::int8 as balance,
      coalesce((select sum(case when t.buyer_id = w.user_id then t.quantity else -t.quantity end)
        from trades t
        where t.token_id = w.token_id and t.settlement_status <> 'settled'
          and (t.settlement_batch_key is null or t.settlement_batch_key <> all(${landed}::text[]))
          and (t.buyer_id = w.user_id or t.seller_id = w.user_id)), 0)::int8 as in_flight
    from wallets w join users u on u.id = w.user_id
    where w.token_id = ${tokenId}
    order by w.user_id`.execute(db);
  return result.rows.map((r) => ({
    ...r,
    balance: Number(r.balance),
    in_flight: Number(r.in_flight),
  }));
}

/** The token's trades not settled yet (`n`, a count as text). */
export function countInFlight(db: Db, tokenId: string) {
  return db
    .selectFrom('trades')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('token_id', '=', tokenId)
    .where('settlement_status', '<>', 'settled')
    .executeTakeFirstOrThrow();
}
