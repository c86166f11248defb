/**
 * Second factors: enrolling and removing a TOTP secret, the recovery codes, and verifying a factor
 * for a sign-in or a step-up. A wrong, expired or replayed code counts as a failed login in the
 * login throttle (src/platform/auth/login-throttle.ts) and is audited; a right one clears nothing
 * (the password did that), it only spends its step or code.
 */
import QRCode from 'qrcode';
import type { Clock } from '../../lib/clock.js';
import type { FieldEncryption } from '../../lib/crypto/field-encryption.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { AuthMethod } from '../../lib/db/schema-factors.js';
import type { User } from '../../lib/db/schema.js';
import { AppError, type ErrorCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import {
  factorAdded,
  type FactorName,
  factorRemoved,
  recoveryCodesRegenerated,
  recoveryCodeUsed,
} from '../notifications/notices.js';
import { notify, type Notice } from '../notifications/notify.js';
import { lockUser } from '../../lib/db/user-rows.queries.js';
import { loginThrottle, type LoginThrottleRules } from '../auth/login-throttle.js';
import {
  deletePasskey,
  deleteRecoveryCodes,
  deleteTotp,
  enrolledFactors,
  findTotp,
  insertPasskey,
  listPasskeys,
  putPendingTotp,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  useRecoveryCode,
  useTotpStep,
} from './factors.queries.js';
import type { PasskeyProof, Passkeys } from './passkeys.js';
import {
  checkTotpCode,
  isRecoveryCodeShape,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  recoveryCodeHash,
} from './totp.js';

/** A second factor presented: a TOTP or recovery code, or a passkey's signed assertion. */
export type FactorProof = { code: string } | { passkey: PasskeyProof; challenge: string };

export interface FactorsDeps {
  db: Db;
  encryption: FieldEncryption;
  clock: Clock;
  loginThrottle: LoginThrottleRules;
  passkeys: Passkeys;
}

const secretContext = (userId: string) => `totp_factors.secret:${userId}`;

const staffRoles: readonly string[] = ['staff', 'admin'];

export function factorsService(deps: FactorsDeps) {
  const { db, encryption, clock } = deps;
  const throttle = loginThrottle(db, deps.loginThrottle, clock);

  async function refused(user: User, ip: string, code: ErrorCode, detail: string): Promise<never> {
    await throttle.failed(user.email, ip);
    await recordAudit(db, {
      actorId: user.id,
      action: 'auth.factor_failed',
      targetType: 'user',
      targetId: user.id,
      ip,
      details: { code },
    });
    throw new AppError(code, detail);
  }

  async function secretOf(userId: string) {
    const row = await findTotp(db, userId);
    if (!row) return undefined;
    const secret = encryption.open(
      { ciphertext: row.secret_ciphertext, keyId: row.secret_key_id },
      secretContext(userId),
    );
    return { row, secret };
  }

  /** Spends a TOTP code (a pending secret's first code confirms it) or a recovery code. */
  async function verifyCode(user: User, code: string, ip: string, confirming: boolean) {
    const now = clock.now();
    if (!confirming && isRecoveryCodeShape(code)) {
      const outcome = await transaction(db, async (trx) => {
        const used = await useRecoveryCode(trx, user.id, recoveryCodeHash(code), now);
        if (used !== 'used') return used;
        const left = await recoveryCodesLeft(trx, user.id);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'auth.recovery_code_used',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { left },
        });
        await notify(trx, recoveryCodeUsed(user.id, left));
        return used;
      });
      if (outcome === 'used') return;
      if (outcome === 'spent') {
        await refused(user, ip, 'FACTOR_CODE_REPLAYED', 'This recovery code was already used');
      }
      await refused(user, ip, 'FACTOR_CODE_INVALID', 'The code is wrong');
    }
    const totp = await secretOf(user.id);
    if (!totp || (totp.row.confirmed_at === null) !== confirming) {
      await refused(user, ip, 'FACTOR_CODE_INVALID', 'The code is wrong');
      return;
    }
    const check = checkTotpCode(totp.secret, code, now, totp.row.last_step);
    if (check.outcome === 'valid') {
      if (await useTotpStep(db, user.id, check.step, confirming ? now : undefined)) return;
      await refused(
        user,
        ip,
        'FACTOR_CODE_REPLAYED',
        'This code was already used; wait for the next',
      );
    }
    if (check.outcome === 'replayed') {
      await refused(
        user,
        ip,
        'FACTOR_CODE_REPLAYED',
        'This code was already used; wait for the next',
      );
    }
    if (check.outcome === 'expired') {
      await refused(
        user,
        ip,
        'FACTOR_CODE_EXPIRED',
        'This code has expired; enter the current one',
      );
    }
    await refused(user, ip, 'FACTOR_CODE_INVALID', 'The code is wrong');
  }

  async function issueRecoveryCodes(trx: Trx, userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(
      trx,
      userId,
      codes.map((code) => ({ id: newId(), code_hash: recoveryCodeHash(code) })),
    );
    return codes;
  }

  const service = {
    async hasFactor(userId: string): Promise<boolean> {
      const enrolled = await enrolledFactors(db, userId);
      return enrolled.totp || enrolled.passkeys > 0;
    },

    async status(userId: string) {
      const [totp, passkeys, left] = await Promise.all([
        findTotp(db, userId),
        listPasskeys(db, userId),
        recoveryCodesLeft(db, userId),
      ]);
      return {
        totp: {
          enrolled: Boolean(totp?.confirmed_at),
          enrolled_at: totp?.confirmed_at?.toISOString() ?? null,
        },
        passkeys: passkeys.map((key) => ({
          id: key.id,
          label: key.label,
          created_at: key.created_at.toISOString(),
          last_used_at: key.last_used_at?.toISOString() ?? null,
        })),
        recovery_codes_left: left,
      };
    },

    /**
     * Verifies a second factor of `user` (throttled, each failure counted and audited); the
     * method it proves.
     */
    async verify(user: User, proof: FactorProof, ip: string): Promise<AuthMethod> {
      await throttle.assertMayTry(user.email, ip);
      if ('code' in proof) {
        await verifyCode(user, proof.code, ip, false);
        return 'otp';
      }
      const outcome = await deps.passkeys.verifyAssertion(user.id, proof.passkey, proof.challenge);
      if (outcome !== 'valid') {
        await refused(user, ip, 'PASSKEY_INVALID', 'The passkey signature was not accepted');
      }
      return 'hwk';
    },

    /** A new TOTP secret to scan, pending until a first code confirms it. */
    async startTotp(user: User) {
      const secret = newTotpSecret();
      const sealed = encryption.seal(secret, secretContext(user.id));
      const written = await putPendingTotp(db, {
        user_id: user.id,
        secret_ciphertext: sealed.ciphertext,
        secret_key_id: sealed.keyId,
      });
      if (!written) {
        throw new AppError('FACTOR_ALREADY_ENROLLED', 'Remove the authenticator app first');
      }
      const uri = otpauthUri(secret, user.email);
      return { secret, otpauth_uri: uri, qr_code: await QRCode.toDataURL(uri, { margin: 1 }) };
    },

    /**
     * The first code confirms the pending secret; the recovery codes are issued with the first
     * factor (returned once, only their hashes kept).
     */
    async confirmTotp(user: User, code: string, ip: string) {
      await throttle.assertMayTry(user.email, ip);
      const hadFactor = await service.hasFactor(user.id);
      await verifyCode(user, code, ip, true);
      return transaction(db, async (trx) => {
        const recoveryCodes = hadFactor ? [] : await issueRecoveryCodes(trx, user.id);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'auth.factor_enrolled',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { factor: 'totp' },
        });
        await notify(trx, factorAdded(user.id, { totp: true }));
        return recoveryCodes;
      });
    },

    /** Stores a verified passkey; recovery codes come with it when it is the first factor. */
    async addPasskey(
      user: User,
      key: { credentialId: string; publicKey: Buffer; counter: number; transports: string[] },
      label: string,
      ip: string,
    ) {
      const hadFactor = await service.hasFactor(user.id);
      const id = newId();
      return transaction(db, async (trx) => {
        await insertPasskey(trx, {
          id,
          user_id: user.id,
          credential_id: key.credentialId,
          public_key: key.publicKey,
          counter: key.counter,
          transports: key.transports,
          label,
        });
        await recordAudit(trx, {
          actorId: user.id,
          action: 'auth.factor_enrolled',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { factor: 'passkey', passkey_id: id },
        });
        await notify(trx, factorAdded(user.id, { passkey: label }));
        return { id, recoveryCodes: hadFactor ? [] : await issueRecoveryCodes(trx, user.id) };
      });
    },

    /**
     * Removes a factor (the route wants a recent step-up); staff keep at least one. The user's row
     * is locked first, so two removals at once count the factors one after the other (staff
     * removing their last two at once keep one). The notice it sent, to show the person.
     */
    async remove(
      user: User,
      factor: { totp: true } | { passkeyId: string },
      ip: string,
    ): Promise<Notice> {
      return transaction(db, async (trx) => {
        await lockUser(trx, user.id);
        const enrolled = await enrolledFactors(trx, user.id);
        const left = enrolled.passkeys + (enrolled.totp ? 1 : 0) - 1;
        if (left < 1 && staffRoles.includes(user.role)) {
          throw new AppError(
            'FACTOR_REQUIRED_FOR_ROLE',
            'Staff and admins keep at least one factor: add another before removing this one',
          );
        }
        let removed: FactorName;
        if ('totp' in factor) {
          if (!enrolled.totp) throw new AppError('FACTOR_NOT_FOUND');
          await deleteTotp(trx, user.id);
          removed = { totp: true };
        } else {
          const passkey = await deletePasskey(trx, user.id, factor.passkeyId);
          if (!passkey) throw new AppError('FACTOR_NOT_FOUND');
          removed = { passkey: passkey.label };
        }
        if (left < 1) await deleteRecoveryCodes(trx, user.id);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'auth.factor_removed',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { factor: 'totp' in factor ? 'totp' : 'passkey', factors_left: left },
        });
        const notice = factorRemoved(user.id, removed, left);
        await notify(trx, notice);
        return notice;
      });
    },

    /** New recovery codes (the old ones stop working); the route wants a recent step-up. */
    async regenerateRecoveryCodes(user: User, ip: string): Promise<string[]> {
      if (!(await service.hasFactor(user.id))) throw new AppError('FACTOR_NOT_FOUND');
      return transaction(db, async (trx) => {
        const codes = await issueRecoveryCodes(trx, user.id);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'auth.recovery_codes_regenerated',
          targetType: 'user',
          targetId: user.id,
          ip,
        });
        await notify(trx, recoveryCodesRegenerated(user.id));
        return codes;
      });
    },
  };
  return service;
}

export type FactorsService = ReturnType<typeof factorsService>;
