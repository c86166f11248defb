/**
 * Sign-in sessions: each login begins one (a refresh-token family); its row says how and when the
 * user authenticated, which every access token of the session carries, and when it was last seen.
 */
import type { AccessClaims } from '../../lib/auth/access-token.js';
import type { SessionRow } from '../../lib/db/schema-factors.js';
import type { User } from '../../lib/db/schema.js';

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The claims of an access token of `session` for `user`. */
export function sessionClaims(user: User, session: SessionRow): AccessClaims {
  return {
    userId: user.id,
    role: user.role,
    sessionId: session.id,
    ...(user.password_change_required ? { passwordChangeRequired: true as const } : {}),
    amr: session.amr,
    authTime: seconds(session.auth_time),
    ...(session.factor_at ? { factorTime: seconds(session.factor_at) } : {}),
  };
}
