/**
 * Registration, email verification, login, refresh-token rotation, password change and reset, and
 * logout. Each use case is one transaction; audit rows and emails (outbox rows) commit with the
 * change they record.
 *
 * Registration and the reset request answer the same whether the address has an account or not
 * (docs/security.md "Enumeration"): the difference goes to the address's owner by email.
 */
import type { AccessTokens } from '../../lib/auth/access-token.js';
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import { userForUpdate } from '../../lib/db/user-rows.queries.js';
import type { User } from '../../lib/db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { insertUser, findUserByEmail, findUserById } from '../users/users.queries.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { setPassword } from './password.queries.js';
import { isUniqueViolation } from '../../lib/db/unique-violation.js';
import { notify } from '../notifications/notify.js';
import { queueEmail } from '../notifications/outbox.queries.js';
import {
  emailTokenHash,
  newEmailToken,
  registrationAttemptEmail,
  resetEmail,
  resetLimits,
  resetLink,
  sendWaitSeconds,
  verificationEmail,
  verificationLimits,
  verifyLink,
  type SendLimits,
} from './email-links.js';
import {
  consumeEmailToken,
  insertEmailToken,
  markEmailVerified,
  revokeAllSessions,
  tokensSentSince,
  usableTokenUser,
} from './email-tokens.queries.js';
import type {
  ChangePasswordBody,
  RegisterBody,
  LoginBody,
  ResetPasswordBody,
  TokenPair,
} from './auth.schemas.js';
import { hashPassword, newRefreshToken, refreshTokenHash, verifyPassword } from './credentials.js';
import { loginThrottle, type LoginThrottleRules } from './login-throttle.js';
import { brokenPasswordRule, passwordRuleText } from './password-policy.js';
import {
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRotated,
  revokeFamily,
  revokeOtherSessions,
} from './sessions.queries.js';

export interface AuthDeps {
  db: Db;
  tokens: AccessTokens;
  refreshTokenTtlSeconds: number;
  loginThrottle: LoginThrottleRules;
  /** refresh-token expiry and the login throttle; defaults to the system clock */
  clock?: Clock;
  /** the web app's address, for the links in emails */
  webUrl: string;
  verifyLinkHours: number;
  resetLinkMinutes: number;
}

export function assertStrongPassword(password: string, email: string): void {
  const rule = brokenPasswordRule(password, email);
  if (rule) throw new AppError('WEAK_PASSWORD', passwordRuleText[rule], { rule });
}

export async function hashNewPassword(password: string, email: string): Promise<string> {
  assertStrongPassword(password, email);
  return hashPassword(password);
}

export function emailTaken(error: unknown): never {
  if (isUniqueViolation(error, 'users_email_key')) throw new AppError('EMAIL_TAKEN');
  throw error;
}

export function authService(deps: AuthDeps) {
  const { db, tokens, clock = systemClock } = deps;

  const throttle = loginThrottle(db, deps.loginThrottle, clock);

  /** Counted by the throttle and kept in the audit log. */
  async function recordFailedLogin(email: string, userId: string | null, ip: string) {
    await throttle.failed(email, ip);
    await recordAudit(db, {
      actorId: userId,
      action: 'auth.login_failed',
      targetType: 'email',
      targetId: email,
      ip,
    });
  }

  async function issueTokens(
    trx: Parameters<typeof insertRefreshToken>[0],
    user: User,
    familyId: string,
  ): Promise<TokenPair> {
    const refreshToken = newRefreshToken();
    await insertRefreshToken(trx, {
      id: newId(),
      user_id: user.id,
      family_id: familyId,
      token_hash: refreshTokenHash(refreshToken),
      expires_at: new Date(clock.now().getTime() + deps.refreshTokenTtlSeconds * 1000),
    });
    return {
      access_token: await tokens.sign({
        userId: user.id,
        role: user.role,
        sessionId: familyId,
        ...(user.password_change_required ? { passwordChangeRequired: true as const } : {}),
      }),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: tokens.expiresIn,
    };
  }

  const dayBefore = () => new Date(clock.now().getTime() - 86_400_000);

  async function newToken(
    trx: Trx,
    userId: string,
    purpose: 'verify' | 'reset',
    token: string,
    ttlSeconds: number,
  ) {
    const now = clock.now();
    await insertEmailToken(trx, {
      userId,
      purpose,
      tokenHash: emailTokenHash(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    });
  }

  async function sendVerification(trx: Trx, user: User) {
    const token = newEmailToken();
    await newToken(trx, user.id, 'verify', token, deps.verifyLinkHours * 3600);
    await queueEmail(trx, {
      userId: user.id,
      to: user.email,
      kind: 'auth.verify_email',
      ...verificationEmail(verifyLink(deps.webUrl, token), deps.verifyLinkHours),
    });
  }

  async function assertMaySend(
    trx: Trx,
    userId: string,
    purpose: 'verify' | 'reset',
    limits: SendLimits,
  ) {
    const sent = await tokensSentSince(trx, userId, purpose, dayBefore());
    const wait = sendWaitSeconds(sent, clock.now(), limits);
    if (wait > 0)
      throw new AppError('RATE_LIMITED', `Another link may be sent in ${wait} s`, {
        retry_after_seconds: wait,
      });
  }

  /** Someone tried to register the address of an existing account: its owner is told. */
  async function registrationAttempt(email: string, ip: string) {
    await transaction(db, async (trx) => {
      const owner = await findUserByEmail(trx, email);
      if (!owner) return;
      await recordAudit(trx, {
        actorId: null,
        action: 'auth.registration_attempt',
        targetType: 'user',
        targetId: owner.id,
        ip,
      });
      await queueEmail(trx, {
        userId: owner.id,
        to: owner.email,
        kind: 'account.registration_attempt',
        ...registrationAttemptEmail(deps.webUrl),
      });
    });
  }

  return {
    /**
     * Registers, or, when the address already has an account, tells its owner by email that
     * someone tried. Both ways hash the password and write in one transaction, and answer nothing
     * that tells them apart.
     */
    async register(body: RegisterBody, ip: string): Promise<void> {
      if (body.role !== 'investor' && body.role !== 'issuer') {
        throw new AppError(
          'ROLE_NOT_SELF_ASSIGNABLE',
          `Self-registration is for investors and issuers, not "${body.role}"`,
        );
      }
      if (body.role === 'issuer' && body.account_type === 'individual') {
        throw new AppError('VALIDATION_FAILED', 'Issuers are always corporate');
      }
      const email = body.email.toLowerCase();
      const passwordHash = await hashNewPassword(body.password, email);
      await transaction(db, async (trx) => {
        const user = await insertUser(trx, {
          id: newId(),
          email,
          password_hash: passwordHash,
          role: body.role as 'investor' | 'issuer',
          account_type: body.role === 'issuer' ? 'corporate' : (body.account_type ?? 'individual'),
          full_name: body.full_name ?? null,
        });
        await recordAudit(trx, {
          actorId: user.id,
          action: 'user.registered',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { role: user.role },
        });
        await sendVerification(trx, user);
      }).catch(async (error: unknown) => {
        // The address has an account (the insert's unique violation aborted the transaction).
        if (!isUniqueViolation(error, 'users_email_key')) throw error;
        await registrationAttempt(email, ip);
      });
    },

    /** Verifies the address the link was sent to; the link works once. */
    async verifyEmail(token: string, ip: string): Promise<void> {
      const now = clock.now();
      const verified = await transaction(db, async (trx) => {
        const userId = await consumeEmailToken(trx, emailTokenHash(token), 'verify', now);
        if (!userId) return false;
        await markEmailVerified(trx, userId, now);
        await recordAudit(trx, {
          actorId: userId,
          action: 'auth.email_verified',
          targetType: 'user',
          targetId: userId,
          ip,
        });
        return true;
      });
      if (!verified) throw new AppError('EMAIL_LINK_INVALID');
    },

    /** Sends the caller a new verification link, at most once a minute and five times a day. */
    async resendVerification(userId: string): Promise<void> {
      await transaction(db, async (trx) => {
        const user = await userForUpdate(trx, userId);
        if (user.email_verified_at) throw new AppError('EMAIL_ALREADY_VERIFIED');
        await assertMaySend(trx, user.id, 'verify', verificationLimits);
        await sendVerification(trx, user);
      });
    },

    /**
     * Emails a reset link when the address has an account (and was not sent one within the
     * limits); answers the same in every case.
     */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      const address = email.toLowerCase();
      await transaction(db, async (trx) => {
        const user = await findUserByEmail(trx, address);
        if (!user) return;
        const sent = await tokensSentSince(trx, user.id, 'reset', dayBefore());
        if (sendWaitSeconds(sent, clock.now(), resetLimits) > 0) return;
        const token = newEmailToken();
        await newToken(trx, user.id, 'reset', token, deps.resetLinkMinutes * 60);
        await queueEmail(trx, {
          userId: user.id,
          to: user.email,
          kind: 'auth.password_reset',
          ...resetEmail(resetLink(deps.webUrl, token), deps.resetLinkMinutes),
        });
        await recordAudit(trx, {
          actorId: null,
          action: 'auth.password_reset_requested',
          targetType: 'user',
          targetId: user.id,
          ip,
        });
      });
    },

    /**
     * Sets a new password from a reset link: the link is used up, every session of the account
     * ends, and the owner is told. Following the link proves the address too.
     */
    async resetPassword(body: ResetPasswordBody, ip: string): Promise<void> {
      const hash = emailTokenHash(body.token);
      const holder = await usableTokenUser(db, hash, 'reset', clock.now());
      const user = holder ? await findUserById(db, holder) : undefined;
      if (!user) throw new AppError('EMAIL_LINK_INVALID');
      const passwordHash = await hashNewPassword(body.new_password, user.email);
      const now = clock.now();
      const done = await transaction(db, async (trx) => {
        if ((await consumeEmailToken(trx, hash, 'reset', now)) !== user.id) return false;
        await setPassword(trx, user.id, passwordHash);
        await markEmailVerified(trx, user.id, now);
        const revoked = await revokeAllSessions(trx, user.id);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'auth.password_reset',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { sessions_revoked: revoked },
        });
        await notify(trx, {
          userId: user.id,
          kind: 'security.password_changed',
          title: 'Your password was reset',
          body: 'The password of your Tessera account was reset from a link sent to this address, and every session of the account was signed out. If this was not you, contact support at once.',
        });
        return true;
      });
      if (!done) throw new AppError('EMAIL_LINK_INVALID');
      await throttle.succeeded(user.email, ip);
    },

    async login(body: LoginBody, ip: string): Promise<TokenPair> {
      const email = body.email.toLowerCase();
      await throttle.assertMayTry(email, ip);
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(user?.password_hash ?? null, body.password);
      if (!user || !valid) {
        await recordFailedLogin(email, user?.id ?? null, ip);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await throttle.succeeded(email, ip);
      if (!user.is_activated && (user.role === 'staff' || user.role === 'admin'))
        throw new AppError('ACCOUNT_DISABLED');
      return transaction(db, async (trx) => {
        const familyId = newId();
        const pair = await issueTokens(trx, user, familyId);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'auth.login',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { session_id: familyId },
        });
        return pair;
      });
    },

    /**
     * Rotates a refresh token. Presenting one that was already rotated means it leaked: the whole
     * family (every token of that login) is revoked, which also ends its access tokens.
     */
    async refresh(refreshToken: string, ip: string): Promise<TokenPair> {
      const outcome = await transaction(db, async (trx) => {
        const stored = await findRefreshTokenForUpdate(trx, refreshTokenHash(refreshToken));
        if (!stored || stored.revoked_at) return { error: 'invalid' as const };
        if (stored.rotated_at) {
          await revokeFamily(trx, stored.family_id);
          await recordAudit(trx, {
            actorId: stored.user_id,
            action: 'auth.refresh_reuse',
            targetType: 'session',
            targetId: stored.family_id,
            ip,
          });
          return { error: 'reused' as const };
        }
        if (stored.expires_at <= clock.now()) return { error: 'invalid' as const };
        const user = (await findUserById(trx, stored.user_id))!;
        await markRotated(trx, stored.id);
        return { pair: await issueTokens(trx, user, stored.family_id) };
      });
      if (outcome.pair) return outcome.pair;
      throw new AppError(
        'INVALID_TOKEN',
        outcome.error === 'reused'
          ? 'This refresh token was already used; the session is revoked'
          : 'The refresh token is not valid',
      );
    },

    /**
     * Changes the caller's password after checking the current one. A wrong current password counts
     * as a failed login (so the throttle also slows guessing through a stolen access token); on
     * success every other session of the user ends, the caller's own stays.
     */
    async changePassword(
      caller: { userId: string; sessionId: string },
      body: ChangePasswordBody,
      ip: string,
    ): Promise<void> {
      const user = await findUserById(db, caller.userId);
      if (!user) throw new AppError('INVALID_TOKEN', 'The account no longer exists');
      await throttle.assertMayTry(user.email, ip);
      if (!(await verifyPassword(user.password_hash, body.current_password))) {
        await recordFailedLogin(user.email, user.id, ip);
        throw new AppError('CURRENT_PASSWORD_WRONG');
      }
      if (body.new_password === body.current_password)
        throw new AppError('WEAK_PASSWORD', 'The new password must differ from the current one', {
          rule: 'unchanged',
        });
      const passwordHash = await hashNewPassword(body.new_password, user.email);
      await transaction(db, async (trx) => {
        await setPassword(trx, user.id, passwordHash);
        const revoked = await revokeOtherSessions(trx, user.id, caller.sessionId);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'auth.password_changed',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { sessions_revoked: revoked },
        });
        await notify(trx, {
          userId: user.id,
          kind: 'security.password_changed',
          title: 'Your password was changed',
          body: 'The password of your Tessera account was changed, and your other sessions were signed out. If this was not you, reset your password at once and contact support.',
        });
      });
    },

    async logout(userId: string, sessionId: string, ip: string): Promise<void> {
      await transaction(db, async (trx) => {
        await revokeFamily(trx, sessionId);
        await recordAudit(trx, {
          actorId: userId,
          action: 'auth.logout',
          targetType: 'session',
          targetId: sessionId,
          ip,
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
