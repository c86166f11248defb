/**
 * Reading the emails the platform sent, the way a user does: the link in the newest email to an
 * address, from the outbox table (a platform under test) or from the mail sink of `tessera start`
 * (its JSON endpoint), and following the verification link by POSTing its token, so that every
 * test user is verified through the real flow.
 */
import type { Db } from '../../src/lib/db/database.js';

export type EmailRoute = 'verify-email' | 'reset-password';

/** The token of the first `#/route/<token>` link in `text`, if any. */
export function linkToken(text: string, route: EmailRoute): string | undefined {
  return new RegExp(`#/${route}/([A-Za-z0-9_-]+)`).exec(text)?.[1];
}

/** The token of the newest `route` link emailed to `address`, read from the outbox table. */
export async function outboxLinkToken(db: Db, address: string, route: EmailRoute): Promise<string> {
  const rows = await db
    .selectFrom('outbound_emails')
    .select('text_body')
    .where('to_address', '=', address.toLowerCase())
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const token = linkToken(row.text_body, route);
    if (token) return token;
  }
  throw new Error(`no ${route} link emailed to ${address}`);
}

interface SunkMessage {
  to: string[];
  text: string;
}

/** The token of the newest `route` link the mail sink at `sinkUrl` received for `address`. */
export async function sinkLinkToken(
  sinkUrl: string,
  address: string,
  route: EmailRoute,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = (await (await fetch(`${sinkUrl}/messages.json`)).json()) as SunkMessage[];
    const token = messages
      .filter((m) => m.to.includes(address.toLowerCase()))
      .map((m) => linkToken(m.text, route))
      .findLast((t) => t !== undefined);
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no ${route} email to ${address} in the sink`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The verify-email request of a verification link's token (give it to the test's own caller). */
export const verifyEmailRequest = (token: string) => ({
  method: 'POST' as const,
  url: '/api/v1/auth/verify-email',
  body: { token },
});
