/** What the trading tests compare after a load: the database's own view of money and books. */
import { sql } from 'kysely';
import type { Db } from '../../src/lib/db/database.js';
import { Exact } from '../../src/lib/money.js';

export interface BookLevel {
  price: string;
  quantity: number;
  order_count: number;
}

/** The sum of every user's fiat balance (the treasury's included), to the cent. */
export async function totalFiat(db: Db): Promise<string> {
  const result = await sql<{ sum: string }>`select sum(fiat_balance) as sum from users`.execute(db);
  return new Exact(result.rows[0]!.sum).toFixed(2);
}

/** The book the token's open orders in the database imply, in the REST book's shape. */
export async function bookFromDatabase(
  db: Db,
  tokenId: string,
): Promise<{ bids: BookLevel[]; asks: BookLevel[] }> {
  const levels = await sql<{ side: string; price: string; quantity: string; n: number }>`
    select side, price, sum(remaining_quantity) as quantity, count(*)::int as n from orders
    where token_id = ${tokenId} and status in ('open', 'partially_filled')
    group by side, price order by side, price`.execute(db);
  const side = (name: string) =>
    levels.rows
      .filter((row) => row.side === name)
      .map((row) => ({
        price: new Exact(row.price).toFixed(2),
        quantity: Number(row.quantity),
        order_count: row.n,
      }));
  return { bids: side('buy').reverse(), asks: side('sell') };
}
