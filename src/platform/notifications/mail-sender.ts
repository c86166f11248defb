/**
 * The outbox worker: claims an email row through the job queue (the claim moves it to `sending`
 * under a lease), hands it to the SMTP server, and marks it `sent` with the claim's fencing token.
 *
 * Never twice: a row is claimed by one worker at a time, and the SMTP timeouts below end a send
 * long before the lease (WORKER_LEASE_SECONDS) does, so no second worker takes a row whose send
 * is still under way. The one gap left is a crash after the server accepted the message and
 * before the mark: the row is then sent again once its lease is over (at least once, never lost).
 * Such a resend carries the same Message-ID (`<row id@host>`), which mail stores use to drop the
 * duplicate.
 *
 * An SMTP server that cannot be reached (refused, timed out, a 4xx) is a transient failure: the
 * email waits and tries again without using an attempt, however long the outage. A 5xx (a
 * recipient refused for good, say) counts toward the attempts, then the row is `failed`.
 */
import nodemailer from 'nodemailer';
import { AppError } from '../../lib/errors.js';
import { jobQueue, type JobTable, type QueueOptions } from '../../lib/worker/job-queue.js';

export const emailJobs: JobTable<'outbound_emails'> = {
  table: 'outbound_emails',
  state: 'status',
  ready: 'pending',
  running: 'sending',
  failed: 'failed',
  claimId: 'claim_id',
  dueAt: 'due_at',
  attempts: 'attempts',
  waits: 'waits',
  error: 'last_error',
};

/** Well below any lease: a stalled server ends the attempt, not the claim. */
export const smtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/** An SMTP failure the server would not repeat once it is back (connection, timeout, 4xx). */
export function isTransientSmtpFailure(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET'].includes(
    code ?? '',
  );
}

export function mailSender(deps: { queue: QueueOptions; smtpUrl: string; from: string }) {
  const queue = jobQueue(emailJobs, deps.queue);
  const transport = nodemailer.createTransport({ url: deps.smtpUrl, ...smtpTimeouts });
  const host = new URL(deps.smtpUrl).hostname || 'tessera';
  return {
    tick(): Promise<number> {
      return queue.runBatch(20, async (email) => {
        try {
          await transport.sendMail({
            from: deps.from,
            to: email.to_address,
            subject: email.subject,
            text: email.text_body,
            html: email.html_body,
            messageId: `<${email.id}@${host}>`,
          });
        } catch (error) {
          if (isTransientSmtpFailure(error))
            throw new AppError('SERVICE_UNAVAILABLE', `SMTP: ${(error as Error).message}`);
          throw error;
        }
        return { status: 'sent', sent_at: deps.queue.clock.now() };
      });
    },
    close: () => transport.close(),
  };
}
