/**
 * The bank account on file that withdrawals are paid to: the investor puts one on file (checked
 * by bank-account.rules.ts, its number sealed), a withdrawal names the account on file when it is
 * requested, and the staff who pay it out read the whole account with whether the holder's name
 * is the investor's verified name; the first payout verifies the account.
 */
import type { Clock } from '../../lib/clock.js';
import type { FieldEncryption } from '../../lib/crypto/field-encryption.js';
import { transaction, type Db } from '../../lib/db/database.js';
import type { BankAccount } from '../../lib/db/schema-fiat.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { recordAudit } from '../audit/audit.queries.js';
import {
  bankAccountContext,
  checkBankAccount,
  maskedAccount,
  type BankAccountInput,
} from './bank-account.rules.js';
import { accountOnFile, accountsByIds, replaceAccount } from './bank-accounts.queries.js';

/** What the investor reads of their account: the number masked. */
export function ownAccountView(account: BankAccount) {
  return {
    id: account.id,
    holder_name: account.holder_name,
    scheme: account.scheme,
    account: maskedAccount(account.account_last4),
    bank_code: account.bank_code,
    country: account.country,
    verified_at: account.verified_at?.toISOString() ?? null,
    created_at: account.created_at.toISOString(),
  };
}
export type OwnAccountView = ReturnType<typeof ownAccountView>;

const sameName = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase().replace(/\s+/g, ' ') === b.toLowerCase();

export function bankAccountsService(db: Db, encryption: FieldEncryption, clock: Clock) {
  return {
    async onFile(userId: string): Promise<OwnAccountView | null> {
      const account = await accountOnFile(db, userId);
      return account ? ownAccountView(account) : null;
    },

    /** Puts an account on file in place of the last one; 422 BANK_ACCOUNT_INVALID says why not. */
    async register(actor: { userId: string; ip: string }, input: BankAccountInput) {
      const checked = checkBankAccount(input);
      if ('problems' in checked) {
        throw new AppError(
          'BANK_ACCOUNT_INVALID',
          checked.problems.map((p) => p.message).join(' '),
          { errors: checked.problems.map((p) => ({ field: p.field, detail: p.message })) },
        );
      }
      return transaction(db, async (trx) => {
        await lockUser(trx, actor.userId);
        const id = newId();
        const sealed = encryption.seal(checked.account, bankAccountContext(id));
        const account = await replaceAccount(
          trx,
          {
            id,
            user_id: actor.userId,
            holder_name: checked.holderName,
            scheme: checked.scheme,
            account_sealed: sealed.ciphertext,
            account_key_id: sealed.keyId,
            account_last4: checked.account.slice(-4),
            bank_code: checked.bankCode,
            country: checked.country,
          },
          clock.now(),
        );
        await recordAudit(trx, {
          actorId: actor.userId,
          action: 'fiat.bank_account_set',
          targetType: 'bank_account',
          targetId: id,
          ip: actor.ip,
          details: {
            holder_name: checked.holderName,
            scheme: checked.scheme,
            last4: account.account_last4,
          },
        });
        return ownAccountView(account);
      });
    },

    /**
     * The accounts requests were made to, by request id: masked for their owner, whole for the
     * staff who pay them (with whether the holder's name is the investor's verified name).
     */
    async payees(
      requests: readonly { id: string; bank_account_id: string | null }[],
      audience: 'owner' | 'staff',
    ): Promise<Map<string, PayeeView>> {
      const accounts = await accountsByIds(
        db,
        requests.flatMap((r) => (r.bank_account_id ? [r.bank_account_id] : [])),
      );
      const payees = new Map<string, PayeeView>();
      for (const request of requests) {
        const account = request.bank_account_id ? accounts.get(request.bank_account_id) : undefined;
        if (!account) continue;
        payees.set(request.id, {
          holder_name: account.holder_name,
          account:
            audience === 'staff'
              ? encryption.open(
                  { ciphertext: account.account_sealed, keyId: account.account_key_id },
                  bankAccountContext(account.id),
                )
              : maskedAccount(account.account_last4),
          bank_code: account.bank_code,
          country: account.country,
          verified: account.verified_at !== null,
          ...(audience === 'staff'
            ? { holder_is_investor: sameName(account.owner_name, account.holder_name) }
            : {}),
        });
      }
      return payees;
    },
  };
}

export interface PayeeView {
  holder_name: string;
  /** the IBAN or account number: whole for staff, its last four for the investor */
  account: string;
  bank_code: string | null;
  country: string;
  /** a payout to it was made before */
  verified: boolean;
  /** staff: the holder's name is the investor's verified name */
  holder_is_investor?: boolean;
}

export type BankAccountsService = ReturnType<typeof bankAccountsService>;
