/**
 * What a user is told about, and how. Every notice lands in the user's in-app list. Security
 * notices, agent actions on the user's account or holdings, and attempts to register with their
 * address always go by email too; the others by email unless the user turned that kind off
 * (GET/PUT /api/v1/me/notification-preferences).
 */
export const userNotificationKinds = [
  'kyc.decided',
  'kyb.decided',
  'payment.confirmed',
  'tokens.minted',
  'order.filled',
  'settlement.failed',
  'dividend.paid',
  'debt.funding_short',
  'debt.redeemed',
  'debt.burn_failed',
  'agent_action',
  'meeting.decided',
  'meeting.convened',
  'meeting.results',
  'security.password_changed',
  'security.factor_changed',
  'security.recovery_codes',
  'security.new_device',
  'security.sessions_ended',
  'security.api_key_created',
  'security.api_key_revoked',
  'account.registration_attempt',
] as const;
export type UserNotificationKind = (typeof userNotificationKinds)[number];

/** Whether the user may turn this kind's emails off. */
export function emailOptional(kind: UserNotificationKind): boolean {
  return !(kind.startsWith('security.') || kind === 'agent_action' || kind.startsWith('account.'));
}

/** Whether a notice of `kind` goes by email, given the user's choice for it (none: yes). */
export function sendsEmail(kind: UserNotificationKind, choice: boolean | undefined): boolean {
  return !emailOptional(kind) || choice !== false;
}
