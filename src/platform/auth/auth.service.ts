/**
 * Registration, login, refresh-token rotation and logout. Each use case is one transaction;
 * audit rows commit with the change they record.
 */
import type { AccessTokens } from '../../lib/auth/access-token.js';
import { transaction, type Db } from '../../lib/db/database.js';
import type { User } from '../../lib/db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordAudit } from '../audit/audit.queries.js';
import { insertUser, findUserByEmail, findUserById } from '../users/users.queries.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { setPassword } from './password.queries.js';
import { isUniqueViolation } from '../../lib/db/unique-violation.js';
import type { ChangePasswordBody, RegisterBody, LoginBody, TokenPair } from './auth.schemas.js';
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

  return {
    async register(body: RegisterBody, ip: string): Promise<User> {
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
      return transaction(db, async (trx) => {
        const user = await insertUser(trx, {
          id: newId(),
          email,
          password_hash: passwordHash,
          role: body.role as 'investor' | 'issuer',
          account_type: body.role === 'issuer' ? 'corporate' : (body.account_type ?? 'individual'),
          full_name: body.full_name ?? null,
        }).catch(emailTaken);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'user.registered',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { role: user.role },
        });
        return user;
      });
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
