import { sql } from 'kysely';
import type { Db, Trx } from '../../lib/db/database.js';
import type { PasskeysTable } from '../../lib/db/schema-factors.js';
import type { Insertable } from 'kysely';

type Conn = Db | Trx;

export function findTotp(db: Conn, userId: string) {
  return db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new unconfirmed secret, replacing an earlier unconfirmed one (never a confirmed one). */
export async function putPendingTotp(
  db: Conn,
  row: { user_id: string; secret_ciphertext: string; secret_key_id: string },
): Promise<boolean> {
  const written = await db
    .insertInto('totp_factors')
    .values(row)
    .onConflict((c) =>
      c
        .column('user_id')
        .doUpdateSet({
          secret_ciphertext: row.secret_ciphertext,
          secret_key_id: row.secret_key_id,
          created_at: sql<Date>`now()`,
        } as never)
        .where('totp_factors.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return written !== undefined;
}

/**
 * Records `step` as used, only if it is after the last used one: of two requests with one code,
 * exactly one wins.
 */
export async function useTotpStep(
  db: Conn,
  userId: string,
  step: number,
  confirmAt?: Date,
): Promise<boolean> {
  const used = await db
    .updateTable('totp_factors')
    .set({ last_step: step, ...(confirmAt ? { confirmed_at: confirmAt } : {}) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return used !== undefined;
}

export async function deleteTotp(db: Conn, userId: string): Promise<void> {
  await db.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(
  db: Conn,
  userId: string,
  rows: { id: string; code_hash: string }[],
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(rows.map((row) => ({ ...row, user_id: userId })))
    .execute();
}

export async function deleteRecoveryCodes(db: Conn, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** 'used' once, 'spent' when it was used before, 'unknown' when it is no code of the user. */
export async function useRecoveryCode(
  db: Conn,
  userId: string,
  codeHash: string,
  at: Date,
): Promise<'used' | 'spent' | 'unknown'> {
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (used) return 'used';
  const spent = await db
    .selectFrom('recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return spent ? 'spent' : 'unknown';
}

export async function recoveryCodesLeft(db: Conn, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

export function listPasskeys(db: Conn, userId: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function findPasskey(db: Conn, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export async function insertPasskey(db: Conn, row: Insertable<PasskeysTable>): Promise<void> {
  await db.insertInto('passkeys').values(row).execute();
}

export async function usePasskey(db: Conn, id: string, counter: number, at: Date): Promise<void> {
  await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: at })
    .where('id', '=', id)
    .execute();
}

/** Deletes the user's passkey; its label, or undefined when the user has no such passkey. */
export function deletePasskey(db: Conn, userId: string, id: string) {
  return db
    .deleteFrom('passkeys')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('label')
    .executeTakeFirst();
}

/** Whether the user has a confirmed TOTP secret or a passkey. */
export async function enrolledFactors(
  db: Conn,
  userId: string,
): Promise<{ totp: boolean; passkeys: number }> {
  const [totp, passkeys] = await Promise.all([
    db
      .selectFrom('totp_factors')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst(),
    db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { totp: totp !== undefined, passkeys: Number(passkeys.count) };
}

export async function insertChallenge(
  db: Conn,
  row: {
    id: string;
    user_id: string;
    token_hash: string;
    webauthn_challenge: string | null;
    expires_at: Date;
  },
): Promise<void> {
  await db.insertInto('factor_challenges').values(row).execute();
}

/** The challenge still open at `at` (not used, not expired). */
export function findOpenChallenge(db: Conn, tokenHash: string, at: Date) {
  return db
    .selectFrom('factor_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

export async function setChallengeWebauthn(db: Conn, id: string, challenge: string) {
  await db
    .updateTable('factor_challenges')
    .set({ webauthn_challenge: challenge })
    .where('id', '=', id)
    .execute();
}

/** Spends the challenge; false when another request spent it first. */
export async function spendChallenge(db: Conn, id: string, at: Date): Promise<boolean> {
  const spent = await db
    .updateTable('factor_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}
