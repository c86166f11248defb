/**
 * Test rows for what the issuance flows create (a business, a token, a wallet, an allocation),
 * inserted directly so fiat, wallet and portfolio tests need not walk the whole offering.
 */
import { transaction, type Db } from '../../../lib/db/database.js';
import { recordTokenMovements } from '../../../lib/ledger/token-movements.js';
import { newId } from '../../../lib/ids.js';

export async function insertToken(db: Db, ownerId: string, symbol: string): Promise<string> {
  const businessId = newId();
  await db
    .insertInto('businesses')
    .values({
      id: businessId,
      owner_id: ownerId,
      kind: 'issuer',
      name: `${symbol} Holdings`,
      registration_number: `R-${symbol}`,
      country: 'AE',
      industry: 'real_estate',
      platform_allocation_pct: '5',
    })
    .execute();
  const tokenId = newId();
  await db
    .insertInto('tokens')
    .values({
      id: tokenId,
      business_id: businessId,
      name: `${symbol} Tower`,
      symbol,
      decimals: 0,
      total_supply: 1000,
      primary_offering_pct: '80',
      team_pct: '10',
      reserve_pct: '10',
      price_per_token: '10.00',
      min_investment: '10.00',
      raise_currency: 'USD',
    })
    .execute();
  return tokenId;
}

/** The wallet with its movement in the register's record (an airdrop: no allocation row), now or `at`. */
export async function insertWallet(
  db: Db,
  userId: string,
  tokenId: string,
  balance: number,
  at?: Date,
) {
  await transaction(db, async (trx) => {
    await trx
      .insertInto('wallets')
      .values({ id: newId(), user_id: userId, token_id: tokenId, balance })
      .execute();
    if (balance > 0) {
      await recordTokenMovements(trx, [
        {
          tokenId,
          kind: 'airdrop',
          fromUserId: null,
          toUserId: userId,
          quantity: balance,
          sourceType: 'test_fixture',
          sourceId: newId(),
          ...(at ? { at } : {}),
        },
      ]);
    }
  });
}
