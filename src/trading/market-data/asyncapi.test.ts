/**
 * The WebSocket's AsyncAPI document (asyncapi.yaml) is valid AsyncAPI 3.0 and names exactly the
 * channels the server accepts: a channel added to the protocol and not to the document (or the
 * reverse) fails here, and at compile time through `documented` below.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { parseClientMessage, type ChannelRequest } from './protocol.js';

const file = path.join(import.meta.dirname, 'asyncapi.yaml');

// every channel name of the protocol, with what a subscription to it needs
const documented: Record<ChannelRequest['name'], Record<string, unknown>> = {
  book: { token_id: '01a22291-ad02-700d-b57c-4432a9da0eee', depth: 10 },
  trades: { token_id: '01a22291-ad02-700d-b57c-4432a9da0eee' },
  ticker: { token_id: '01a22291-ad02-700d-b57c-4432a9da0eee' },
  candles: { token_id: '01a22291-ad02-700d-b57c-4432a9da0eee', interval: '1m' },
  phase: { token_id: '01a22291-ad02-700d-b57c-4432a9da0eee' },
  orders: {},
  balances: {},
};

describe('the WebSocket AsyncAPI document', () => {
  it('is valid AsyncAPI 3.0', async () => {
    const { document, diagnostics } = await new Parser().parse(await fs.readFile(file, 'utf8'));
    expect(
      diagnostics.filter((d) => Number(d.severity) === Number(DiagnosticSeverity.Error)),
    ).toEqual([]);
    expect(document?.version()).toBe('3.0.0');
  });

  it('names the channels the server accepts, and no other', async () => {
    const { document } = await new Parser().parse(await fs.readFile(file, 'utf8'));
    const names = document!
      .channels()
      .all()
      .map((channel) => channel.address());
    expect([...names].sort()).toEqual(Object.keys(documented).sort());
    for (const [name, extra] of Object.entries(documented)) {
      const request = parseClientMessage(
        JSON.stringify({ op: 'subscribe', id: 1, channels: [{ name, ...extra }] }),
      );
      expect(request).toMatchObject({ op: 'subscribe', channels: [{ name }] });
    }
    expect(() =>
      parseClientMessage(JSON.stringify({ op: 'subscribe', id: 1, channels: [{ name: 'news' }] })),
    ).toThrow(/Unknown channel/);
  });
});
