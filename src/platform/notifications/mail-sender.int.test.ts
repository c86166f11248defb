/**
 * The outbox worker against a real SMTP server (smtp-server): every email goes once, with its text
 * and HTML parts; a server that is down for a while under sign-ups and fills delays mail, loses none and
 * sends none twice.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestPlatform,
  testPassword,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { transaction } from '../../lib/db/database.js';
import { createLogger } from '../../lib/logger.js';
import { systemClock } from '../../lib/clock.js';
import { startClaimLoop } from '../../lib/worker/claim-loop.js';
import type { QueueOptions } from '../../lib/worker/job-queue.js';
import { renderEmail } from './email-message.js';
import { mailSender } from './mail-sender.js';
import { queueEmail } from './outbox.queries.js';
import { tradeNotices } from './trade-notices.js';
import { tradingSeeds } from '../../../test/support/trading.js';
import { recordTestTrade } from '../../../test/support/settlement.js';

interface Received {
  messageId: string;
  to: string;
  text: string;
  html: string;
}

/** An SMTP server keeping what it receives; `port` 0 picks a free one. */
async function smtpServer(received: Received[], port = 0) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            messageId: mail.messageId ?? '',
            to: session.envelope.rcptTo[0]!.address,
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const until = async (done: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('not reached');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the outbox worker', () => {
  let p: TestPlatform;
  let queue: QueueOptions;

  beforeAll(async () => {
    p = await startTestPlatform();
    queue = {
      db: p.test.db,
      logger: createLogger('test', 'silent'),
      leaseSeconds: 60,
      clock: systemClock,
      policy: {
        maxAttempts: 3,
        backoffSeconds: 1,
        maxBackoffSeconds: 1,
        transient: { baseMs: 50, maxMs: 200 },
      },
    };
  });
  afterAll(() => p.close());

  // in the order they were queued: a retry rewrites its row, which a scan then reads elsewhere
  const statuses = async () =>
    p.test.db
      .selectFrom('outbound_emails')
      .select(['id', 'status', 'attempts'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('sends each email once, as text and HTML, and marks it sent', async () => {
    const received: Received[] = [];
    const server = await smtpServer(received);
    const sender = mailSender({
      queue,
      smtpUrl: `smtp://127.0.0.1:${server.port}`,
      from: 'Tessera <no-reply@example.com>',
    });
    const id = await transaction(p.test.db, (trx) =>
      queueEmail(trx, {
        userId: null,
        to: 'reader@example.com',
        kind: 'test',
        ...renderEmail({
          subject: 'Hello <you>',
          paragraphs: ['A line & more'],
          action: { label: 'Open', url: 'http://127.0.0.1/#/x' },
        }),
      }),
    );
    expect(await sender.tick()).toBe(1);
    expect(await sender.tick()).toBe(0);
    sender.close();
    await server.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ to: 'reader@example.com', messageId: `<${id}@127.0.0.1>` });
    expect(received[0]!.text).toContain('A line & more');
    expect(received[0]!.text).toContain('Open: http://127.0.0.1/#/x');
    expect(received[0]!.html).toContain('<p>A line &amp; more</p>');
    const row = await p.test.db
      .selectFrom('outbound_emails')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', claim_id: null, attempts: 1 });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('holds mail while the SMTP server is down under sign-ups and fills, then sends each once', async () => {
    const received: Received[] = [];
    const first = await smtpServer(received);
    const port = first.port;
    await first.close();
    const sender = mailSender({
      queue,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@example.com',
    });
    const loop = startClaimLoop({
      name: 'mail-sender',
      tick: () => sender.tick(),
      idleMs: 20,
      logger: queue.logger,
    });
    const before = (await statuses()).length;
    // sign-ups while the server is down: each commits, its verification email waits
    const emails = Array.from({ length: 12 }, (_, i) => `down-${i}@example.com`);
    const users = await Promise.all(emails.map((email) => p.unverifiedUser(email)));
    // and fills: two of them trade, and their digests go to the outbox too
    const { id: tokenId } = await tradingSeeds(p.test.db, (role) =>
      p.user(`${role}-down@example.com`, { role }),
    ).token();
    await recordTestTrade(p.test.db, {
      buyerId: users[0]!.id,
      sellerId: users[1]!.id,
      tokenId,
      quantity: 3,
    });
    const notices = tradeNotices({ db: p.test.db, digestSeconds: 0, commitLagMs: 0 });
    expect(await notices.tick()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const waiting = (await statuses()).slice(before);
    // 12 verification emails, the issuer's own, and two digests
    expect(waiting).toHaveLength(15);
    expect(waiting.every((row) => row.status !== 'sent')).toBe(true);
    expect(waiting.every((row) => row.status !== 'failed')).toBe(true);

    const server = await smtpServer(received, port);
    await until(async () => (await statuses()).every((row) => row.status === 'sent'));
    await loop.stop();
    sender.close();
    await server.close();

    expect(received.map((m) => m.to).sort()).toEqual(
      [...emails, 'issuer-down@example.com', emails[0]!, emails[1]!].sort(),
    );
    expect(new Set(received.map((m) => m.messageId)).size).toBe(received.length);
    // none used up an attempt on the outage
    expect((await statuses()).slice(before).every((row) => row.attempts === 1)).toBe(true);
    // and the accounts work meanwhile
    const login = await p.call('POST', '/api/v1/auth/login', {
      email: emails[0],
      password: testPassword,
    });
    expect(login.statusCode).toBe(200);
  });
});
