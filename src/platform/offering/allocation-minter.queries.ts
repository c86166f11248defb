import type { Db } from '../../lib/db/database.js';

/** The nationality of the user's newest approved KYC application (undefined without one). */
export async function approvedNationality(db: Db, userId: string): Promise<string | undefined> {
  const kyc = await db
    .selectFrom('kyc_applications')
    .select('nationality')
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return kyc?.nationality;
}

/** What a mint needs of the token: its contract, decimals and payer. */
export function mintedToken(db: Db, tokenId: string) {
  return db
    .selectFrom('tokens')
    .select(['contract_address', 'decimals', 'business_id'])
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
}
