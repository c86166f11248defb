/**
 * Registration, email verification, login (the password, then a second factor when the account
 * has one), refresh-token rotation, step-up, password change and reset, and logout. Each use case
 * is one transaction; audit rows and emails (outbox rows) commit with the change they record.
 * Every login begins a session (src/platform/auth/sessions.ts) whose row says how the user
 * authenticated; its access tokens carry that.
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
import { newDeviceSignIn } from '../notifications/notices.js';
import { notify } from '../notifications/notify.js';
import { deviceOf } from './device.js';
import { queueEmail } from '../notifications/outbox.queries.js';
import {
  emailTokenHash,
  newEmailToken,
  securityPage,
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
  tokensSentSince,
  usableTokenUser,
} from './email-tokens.queries.js';
import type {
  AccessToken,
  ChangePasswordBody,
  FactorChallenge,
  LoginBody,
  LoginFactorBody,
  RegisterBody,
  ResetPasswordBody,
  TokenPair,
} from './auth.schemas.js';
import { hashPassword, newRefreshToken, refreshTokenHash, verifyPassword } from './credentials.js';
import type { AuthMethod, SessionRow } from '../../lib/db/schema-factors.js';
import type { FactorProof, FactorsService } from '../factors/factors.service.js';
import type { PasskeyProof, Passkeys } from '../factors/passkeys.js';
import {
  findOpenChallenge,
  insertChallenge,
  setChallengeWebauthn,
  spendChallenge,
} from '../factors/factors.queries.js';
import { sessionClaims } from './sessions.js';
import { loginThrottle, type LoginThrottleRules } from './login-throttle.js';
import { brokenPasswordRule, passwordRuleText } from './password-policy.js';
import {
  findRefreshTokenForUpdate,
  devicesSeen,
  findSession,
  insertRefreshToken,
  insertSession,
  markRotated,
  recordSessionFactor,
  revokeAllSessions,
  revokeFamily,
  revokeOtherSessions,
  touchSession,
} from './sessions.queries.js';

export interface AuthDeps {
  db: Db;
  tokens: AccessTokens;
  refreshTokenTtlSeconds: number;
  loginThrottle: LoginThrottleRules;
  factors: FactorsService;
  passkeys: Passkeys;
  /** the life of the challenge between the password and the second factor */
  factorChallengeTtlSeconds: number;
  /** refresh-token expiry and the login throttle; defaults to the system clock */
  clock?: Clock;
  /** the web app's address, for the links in emails */
  webUrl: string;
  verifyLinkHours: number;
  resetLinkMinutes: number;
}

/** Where a request comes from: its address and its browser or program. */
export interface Origin {
  ip: string;
  userAgent: string;
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
    session: SessionRow,
  ): Promise<TokenPair> {
    const refreshToken = newRefreshToken();
    await insertRefreshToken(trx, {
      id: newId(),
      user_id: user.id,
      family_id: session.id,
      token_hash: refreshTokenHash(refreshToken),
      expires_at: new Date(clock.now().getTime() + deps.refreshTokenTtlSeconds * 1000),
    });
    return { ...(await accessToken(user, session)), refresh_token: refreshToken };
  }

  async function accessToken(user: User, session: SessionRow): Promise<AccessToken> {
    return {
      access_token: await tokens.sign(sessionClaims(user, session)),
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

  /** A new session of `user`, authenticated by `methods`, and its first token pair. */
  async function signIn(user: User, methods: AuthMethod[], origin: Origin): Promise<TokenPair> {
    const now = clock.now();
    const userAgent = origin.userAgent.slice(0, 500);
    return transaction(db, async (trx) => {
      const seen = await devicesSeen(trx, user.id, userAgent);
      const session = await insertSession(trx, {
        id: newId(),
        user_id: user.id,
        user_agent: userAgent,
        ip: origin.ip,
        amr: methods,
        auth_time: now,
        factor_at: methods.length > 1 ? now : null,
        last_seen_at: now,
      });
      const pair = await issueTokens(trx, user, session);
      await recordAudit(trx, {
        actorId: user.id,
        action: 'auth.login',
        targetType: 'user',
        targetId: user.id,
        ip: origin.ip,
        details: { session_id: session.id, amr: methods },
      });
      // the account's first sign-in is no news to its owner; a device it never used before is
      if (seen.any && !seen.this) {
        await notify(
          trx,
          newDeviceSignIn(user.id, deviceOf(userAgent), origin.ip, now, securityPage(deps.webUrl)),
        );
      }
      return pair;
    });
  }

  /** The open login challenge a token names, with its user. */
  async function openChallenge(challengeToken: string) {
    const challenge = await findOpenChallenge(db, refreshTokenHash(challengeToken), clock.now());
    const user = challenge && (await findUserById(db, challenge.user_id));
    if (!challenge || !user) throw new AppError('FACTOR_CHALLENGE_INVALID');
    return { challenge, user };
  }

  /** A short-lived, single-use token standing for "password verified, factor pending". */
  async function newChallenge(userId: string, webauthnChallenge: string | null) {
    const token = newRefreshToken();
    await insertChallenge(db, {
      id: newId(),
      user_id: userId,
      token_hash: refreshTokenHash(token),
      webauthn_challenge: webauthnChallenge,
      expires_at: new Date(clock.now().getTime() + deps.factorChallengeTtlSeconds * 1000),
    });
    return token;
  }

  /** The session's user, and the session, still open. */
  async function openSession(caller: { userId: string; sessionId: string }) {
    const [user, session] = await Promise.all([
      findUserById(db, caller.userId),
      findSession(db, caller.sessionId),
    ]);
    if (!user || !session || session.ended_at) {
      throw new AppError('INVALID_TOKEN', 'The session has ended; log in again');
    }
    return { user, session };
  }

  async function sessionFactor(
    user: User,
    sessionId: string,
    method: AuthMethod,
    ip: string,
  ): Promise<AccessToken> {
    const session = await recordSessionFactor(db, sessionId, method, clock.now());
    if (!session) throw new AppError('INVALID_TOKEN', 'The session has ended; log in again');
    await recordAudit(db, {
      actorId: user.id,
      action: 'auth.step_up',
      targetType: 'session',
      targetId: sessionId,
      ip,
      details: { method },
    });
    return accessToken(user, session);
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

    /**
     * The password; then, for an account with a second factor, a challenge token to present with
     * it (`loginFactor`) instead of tokens.
     */
    async login(body: LoginBody, origin: Origin): Promise<TokenPair | FactorChallenge> {
      const { ip } = origin;
      const email = body.email.toLowerCase();
      await throttle.assertMayTry(email, ip);
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(user?.password_hash ?? null, body.password);
      if (!user || !valid) {
        await recordFailedLogin(email, user?.id ?? null, ip);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (!user.is_activated && (user.role === 'staff' || user.role === 'admin'))
        throw new AppError('ACCOUNT_DISABLED');
      const status = await deps.factors.status(user.id);
      if (status.totp.enrolled || status.passkeys.length > 0) {
        // the failures counted for this account stay until the factor is right too: a stolen
        // password must not clear the count of its wrong codes
        return {
          factor_required: true,
          challenge_token: await newChallenge(user.id, null),
          factors: [
            ...(status.totp.enrolled ? ['totp' as const] : []),
            ...(status.passkeys.length > 0 ? ['passkey' as const] : []),
            ...(status.recovery_codes_left > 0 ? ['recovery_code' as const] : []),
          ],
          expires_in: deps.factorChallengeTtlSeconds,
        };
      }
      await throttle.succeeded(email, ip);
      return signIn(user, ['pwd'], origin);
    },

    /** The second step of a login: the challenge token and a factor; spends the challenge. */
    async loginFactor(body: LoginFactorBody, origin: Origin): Promise<TokenPair> {
      const { challenge, user } = await openChallenge(body.challenge_token);
      const method = await deps.factors.verify(user, proofOf(body, challenge), origin.ip);
      if (!(await spendChallenge(db, challenge.id, clock.now()))) {
        throw new AppError('FACTOR_CHALLENGE_INVALID');
      }
      await throttle.succeeded(user.email, origin.ip);
      return signIn(user, ['pwd', method], origin);
    },

    /** The WebAuthn options to sign in with a passkey, bound to the login's challenge. */
    async loginPasskeyOptions(challengeToken: string) {
      const { challenge, user } = await openChallenge(challengeToken);
      const options = await deps.passkeys.authenticationOptions(user.id);
      await setChallengeWebauthn(db, challenge.id, options.challenge);
      return options;
    },

    /** Verifies a second factor again in this session: its access tokens carry the new time. */
    async stepUp(
      caller: { userId: string; sessionId: string },
      body: Omit<LoginFactorBody, 'challenge_token'> & { challenge_token?: string },
      ip: string,
    ): Promise<AccessToken> {
      const { user } = await openSession(caller);
      let proof: FactorProof;
      if (body.passkey) {
        if (!body.challenge_token) throw new AppError('FACTOR_CHALLENGE_INVALID');
        const { challenge } = await openChallenge(body.challenge_token);
        if (challenge.user_id !== user.id) throw new AppError('FACTOR_CHALLENGE_INVALID');
        proof = proofOf({ ...body, challenge_token: body.challenge_token }, challenge);
        await deps.factors.verify(user, proof, ip);
        await spendChallenge(db, challenge.id, clock.now());
        return sessionFactor(user, caller.sessionId, 'hwk', ip);
      }
      proof = proofOf({ ...body, challenge_token: '' }, undefined);
      const method = await deps.factors.verify(user, proof, ip);
      return sessionFactor(user, caller.sessionId, method, ip);
    },

    /** The WebAuthn options to step up with a passkey, and the challenge token to send back. */
    async stepUpPasskeyOptions(caller: { userId: string; sessionId: string }) {
      const { user } = await openSession(caller);
      const options = await deps.passkeys.authenticationOptions(user.id);
      return {
        challenge_token: await newChallenge(user.id, options.challenge),
        options,
      };
    },

    /**
     * A factor just verified in the caller's session (a step-up, or the code that confirmed an
     * enrolment): a fresh access token that carries it.
     */
    async recordFactor(
      caller: { userId: string; sessionId: string },
      method: AuthMethod,
      ip: string,
    ): Promise<AccessToken> {
      const { user } = await openSession(caller);
      return sessionFactor(user, caller.sessionId, method, ip);
    },

    /** Opens a challenge for a passkey registration (its WebAuthn challenge), for `user`. */
    newChallenge,
    openChallenge,
    spendChallenge: (id: string) => spendChallenge(db, id, clock.now()),

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
        const session = await findSession(trx, stored.family_id);
        if (!session || session.ended_at) return { error: 'invalid' as const };
        await markRotated(trx, stored.id);
        const seen = await touchSession(trx, session.id, clock.now());
        return { pair: await issueTokens(trx, user, seen) };
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

/** The factor a login's second step presents, checked against the challenge it names. */
function proofOf(
  body: LoginFactorBody,
  challenge: { webauthn_challenge: string | null } | undefined,
): FactorProof {
  if (body.passkey) {
    if (!challenge?.webauthn_challenge) {
      throw new AppError('FACTOR_CHALLENGE_INVALID', 'Ask for the passkey options first');
    }
    return {
      passkey: body.passkey as unknown as PasskeyProof,
      challenge: challenge.webauthn_challenge,
    };
  }
  if (body.code === undefined) {
    throw new AppError('VALIDATION_FAILED', 'Send a code (authenticator or recovery) or a passkey');
  }
  return { code: body.code };
}

export type AuthService = ReturnType<typeof authService>;
