/**
 * The links sent by email to verify an address or reset a password, as pure functions: the token
 * (random, shown once, stored as its SHA-256), the pages they open, the emails that carry them,
 * and how often a user may be sent one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { renderEmail, type EmailContent } from '../notifications/email-message.js';

export function newEmailToken(): string {
  return randomBytes(32).toString('base64url');
}

export function emailTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The web app's pages (hash routes) that take the token and POST it. */
export function verifyLink(webUrl: string, token: string): string {
  return `${webUrl}/#/verify-email/${token}`;
}

export function resetLink(webUrl: string, token: string): string {
  return `${webUrl}/#/reset-password/${token}`;
}

/** The page of one's second factors and sessions (a new device's notice links it). */
export function securityPage(webUrl: string): string {
  return `${webUrl}/#/security`;
}

export function verificationEmail(link: string, hours: number): EmailContent {
  return renderEmail({
    subject: 'Verify your email address',
    paragraphs: [
      'Welcome to Tessera. Follow the link below to verify your email address.',
      `The link works once, for ${hours} hours. Until your address is verified you can sign in and verify your identity, but not deposit, subscribe, trade or withdraw.`,
    ],
    action: { label: 'Verify my email', url: link },
  });
}

export function registrationAttemptEmail(webUrl: string): EmailContent {
  return renderEmail({
    subject: 'Someone tried to register with your email address',
    paragraphs: [
      'Someone tried to create a Tessera account with this email address, which already has one. Nothing was changed and no new account was created.',
      'If it was you, sign in instead, or reset your password if you forgot it. If it was not you, you need not do anything.',
    ],
    action: { label: 'Sign in', url: `${webUrl}/#/login` },
  });
}

export function resetEmail(link: string, minutes: number): EmailContent {
  return renderEmail({
    subject: 'Reset your password',
    paragraphs: [
      'Someone (hopefully you) asked to reset the password of your Tessera account.',
      `Follow the link below within ${minutes} minutes to choose a new one; it works once. Setting it signs out every session of your account. If you did not ask for this, ignore this email: your password stays as it is.`,
    ],
    action: { label: 'Choose a new password', url: link },
  });
}

export interface SendLimits {
  /** the least time between two links */
  minIntervalSeconds: number;
  /** links per day at most */
  perDay: number;
}

export const verificationLimits: SendLimits = { minIntervalSeconds: 60, perDay: 5 };
export const resetLimits: SendLimits = { minIntervalSeconds: 60, perDay: 5 };

/** Seconds to wait before another link may be sent, or 0 when one may go now. */
export function sendWaitSeconds(
  sent: { count: number; last: Date | null },
  now: Date,
  limits: SendLimits,
): number {
  if (sent.count >= limits.perDay && sent.last)
    return Math.max(1, Math.ceil((sent.last.getTime() + 86_400_000 - now.getTime()) / 1000));
  if (!sent.last) return 0;
  const wait = Math.ceil(
    (sent.last.getTime() + limits.minIntervalSeconds * 1000 - now.getTime()) / 1000,
  );
  return Math.max(0, wait);
}
