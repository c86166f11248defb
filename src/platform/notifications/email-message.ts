/**
 * The body of every email the platform sends, as pure functions: a plain-text part and an HTML
 * part built from the same paragraphs and optional action link, everything user-given escaped.
 */
import { escapeHtml } from '../../lib/html.js';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailDraft {
  subject: string;
  /** paragraphs, in order */
  paragraphs: string[];
  /** a button (HTML) and a line (text) the reader follows */
  action?: { label: string; url: string };
}

const footer =
  'You receive this email because of your Tessera account. If this was not you, reply to your usual support contact.';

export function renderEmail(draft: EmailDraft): EmailContent {
  const { action } = draft;
  const text = [
    ...draft.paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '--',
    footer,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...draft.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:8px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size:small">Or open ${escapeHtml(action.url)}</p>`,
        ]
      : []),
    `<hr><p style="font-size:small;color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: draft.subject, text: `${text}\n`, html };
}
