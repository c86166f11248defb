/**
 * The mail sink of `tessera start` on embedded defaults: an SMTP server (smtp-server) that keeps
 * every message it is given in memory, and an HTTP page listing them (links clickable) with a JSON
 * endpoint, so that a newcomer reads the emails the platform sends without a mail account.
 * Loopback only, no authentication, nothing forwarded anywhere.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { systemClock } from '../clock.js';
import { escapeHtml } from '../html.js';

export interface SunkMessage {
  id: number;
  message_id: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  received_at: string;
}

export interface MailSink {
  /** where the platform sends (SMTP_URL) */
  smtpUrl: string;
  /** the page listing every message; `${url}/messages.json` for programs */
  url: string;
  messages(): readonly SunkMessage[];
  stop(): Promise<void>;
}

/** The oldest messages are dropped past this many. */
const kept = 1000;

function listPage(messages: readonly SunkMessage[]): string {
  const linkify = (text: string) =>
    escapeHtml(text).replace(/https?:\/\/[^\s<&]+/g, (href) => `<a href="${href}">${href}</a>`);
  const items = [...messages]
    .reverse()
    .map(
      (m) => `<article data-message-id="${m.id}">
<h2>${escapeHtml(m.subject)}</h2>
<p><b>To:</b> ${escapeHtml(m.to.join(', '))} &middot; <b>From:</b> ${escapeHtml(m.from)} &middot; ${escapeHtml(m.received_at)}</p>
<pre style="white-space:pre-wrap">${linkify(m.text)}</pre>
${m.html === null ? '' : `<p><a href="/messages/${m.id}.html">HTML version</a></p>`}
</article><hr>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Tessera mail sink</title></head>
<body style="font-family:sans-serif;max-width:60rem;margin:auto">
<h1>Every email sent (${messages.length})</h1>
<p>Newest first. JSON: <a href="/messages.json">/messages.json</a>. Reload for new mail.</p>
${items || '<p>No email yet.</p>'}
</body></html>`;
}

export async function startMailSink(options: { host: string }): Promise<MailSink> {
  const messages: SunkMessage[] = [];
  let next = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Tessera mail sink',
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            id: next++,
            message_id: parsed.messageId ?? null,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            received_at: systemClock.now().toISOString(),
          });
          if (messages.length > kept) messages.shift();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, options.host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const page = /^\/messages\/(\d+)\.html$/.exec(path ?? '');
    if (path === '/messages.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(messages));
    } else if (page) {
      const message = messages.find((m) => m.id === Number(page[1]));
      response.writeHead(message?.html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(message?.html ?? 'not found');
    } else if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(listPage(messages));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => web.listen(0, options.host, resolve));
  const webPort = (web.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://${options.host}:${smtpPort}`,
    url: `http://${options.host}:${webPort}`,
    messages: () => messages,
    async stop() {
      web.closeAllConnections();
      await new Promise<void>((resolve) => web.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
