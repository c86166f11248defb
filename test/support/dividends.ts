/**
 * Rows a dividend needs, inserted directly (holders by the hundred would take minutes through
 * registration): verified holders with token wallets, an issuer whose token is live, fiat moved
 * through the real ledger. Sums over the whole database for the conservation checks.
 */
import { transaction, type Db } from '../../src/lib/db/database.js';
import { newId } from '../../src/lib/ids.js';
import { moveFiat } from '../../src/lib/ledger/fiat-ledger.js';
import { insertToken, insertWallet } from '../../src/platform/portfolio/testing/token-fixture.js';

/**
 * A KYC-approved individual investor who cannot log in, holding `balance` of the token (received
 * now, or `at`).
 */
export async function insertHolder(
  db: Db,
  tokenId: string,
  balance: number,
  at?: Date,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: `holder-${id}@example.com`,
      password_hash: null,
      role: 'investor',
      account_type: 'individual',
      full_name: null,
      email_verified_at: new Date(),
      kyc_status: 'approved',
      kyc_level: 2,
      accreditation_status: 'retail',
      fatca_status: 'clear',
      wallet_address: null,
    })
    .execute();
  await insertWallet(db, id, tokenId, balance, at);
  return id;
}

/** The issuer's verified business with a live (secondary) token; returns the token id. */
export async function liveToken(db: Db, issuerId: string, symbol: string): Promise<string> {
  await db
    .updateTable('users')
    .set({ kyc_status: 'approved', kyc_level: 2 })
    .where('id', '=', issuerId)
    .execute();
  const tokenId = await insertToken(db, issuerId, symbol);
  await db
    .updateTable('businesses')
    .set({ kyb_status: 'approved', status: 'active' })
    .where('owner_id', '=', issuerId)
    .execute();
  await db.updateTable('tokens').set({ status: 'secondary' }).where('id', '=', tokenId).execute();
  return tokenId;
}

/** A deposit (or, negative, a withdrawal) through the ledger. */
export function fund(db: Db, userId: string, amount: string): Promise<string> {
  return transaction(db, (trx) =>
    moveFiat(trx, {
      userId,
      amount,
      kind: amount.startsWith('-') ? 'withdrawal_hold' : 'deposit',
      referenceType: 'test',
      referenceId: newId(),
    }),
  );
}

export async function fiatOf(db: Db, userId: string): Promise<string> {
  return (
    await db
      .selectFrom('users')
      .select('fiat_balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).fiat_balance;
}

/** The sum of every user's fiat balance. */
export async function totalFiat(db: Db): Promise<string> {
  return (
    await db
      .selectFrom('users')
      .select((eb) => eb.fn.sum<string>('fiat_balance').as('total'))
      .executeTakeFirstOrThrow()
  ).total;
}
