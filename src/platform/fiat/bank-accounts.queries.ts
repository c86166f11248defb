/** The bank accounts on file: the one in force per user, and the one a withdrawal is paid to. */
import { sql, type Insertable } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { BankAccount, BankAccountsTable } from '../../lib/db/schema-fiat.js';

export function accountOnFile(db: Db | Trx, userId: string): Promise<BankAccount | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('replaced_at', 'is', null)
    .executeTakeFirst();
}

/** Puts `row` on file in place of the user's account (kept, marked replaced). */
export async function replaceAccount(
  trx: Trx,
  row: Insertable<BankAccountsTable>,
  at: Date,
): Promise<BankAccount> {
  await trx
    .updateTable('bank_accounts')
    .set({ replaced_at: at })
    .where('user_id', '=', row.user_id)
    .where('replaced_at', 'is', null)
    .execute();
  return trx.insertInto('bank_accounts').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The first payout made to an account verifies it (later ones leave the first's mark). */
export async function markVerified(trx: Trx, id: string, by: string, at: Date): Promise<void> {
  await trx
    .updateTable('bank_accounts')
    .set({ verified_at: at, verified_by: by })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .execute();
}

export async function accountsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, BankAccount & { owner_name: string | null }>();
  const rows = await db
    .selectFrom('bank_accounts as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .selectAll('b')
    .select(sql<string | null>`u.full_name`.as('owner_name'))
    .where('b.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
