/**
 * The WebSocket's AsyncAPI document (asyncapi.yaml) is valid AsyncAPI 3.0, names exactly the
 * channels the server accepts (and `control`, the socket's own): a channel added to the protocol
 * and not to the document (or the reverse) fails here, and at compile time through `documented`
 * below. Its payload schemas compile in Ajv's strict mode, and its lists of values are the code's.
 * asyncapi.int.test.ts checks the messages of a live socket against it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { checkMessage, documentMessages } from '../../../test/support/asyncapi.js';
import {
  orderSides,
  orderStatuses,
  orderTypes,
  timesInForce,
} from '../../lib/db/schema-trading.js';
import { marketModels } from '../../lib/db/schema-sessions.js';
import { phases } from '../trading-sessions/market-phase.js';
import { readAsyncApiDocument } from './asyncapi.js';
import { candleIntervals } from './markets.schemas.js';
import { parseClientMessage, wsErrorCodes, type ChannelRequest } from './protocol.js';

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
    expect([...names].sort()).toEqual([...Object.keys(documented), 'control'].sort());
    for (const [name, extra] of Object.entries(documented)) {
      const request = parseClientMessage(
        JSON.stringify({ op: 'subscribe', id: 1, channels: [{ name, ...extra }] }),
      );
      expect(request).toMatchObject({ op: 'subscribe', channels: [{ name }] });
    }
    for (const name of ['news', 'control']) {
      expect(() =>
        parseClientMessage(JSON.stringify({ op: 'subscribe', id: 1, channels: [{ name }] })),
      ).toThrow(/Unknown channel/);
    }
  });

  it('describes each subscription the protocol accepts as a subscribe message', async () => {
    const messages = documentMessages(await readAsyncApiDocument());
    for (const [name, extra] of Object.entries(documented)) {
      const subscribe = { op: 'subscribe', id: 1, channels: [{ name, ...extra }] };
      expect(checkMessage(messages, 'send', subscribe).error).toBeUndefined();
    }
  });

  it('puts every message in an operation, and each channel in a receive operation', async () => {
    const document = await readAsyncApiDocument();
    const messages = documentMessages(document);
    const components = document.components as { messages: Record<string, unknown> };
    expect(new Set(messages.map((m) => m.name))).toEqual(new Set(Object.keys(components.messages)));
    const received = new Set(messages.filter((m) => m.action === 'receive').map((m) => m.channel));
    expect([...received].sort()).toEqual([...Object.keys(documented), 'control'].sort());
  });

  it("lists the code's values: error codes, order fields, phases, market models, intervals", async () => {
    const { components } = (await readAsyncApiDocument()) as {
      components: { schemas: Record<string, { enum?: unknown[]; properties?: any }> };
    };
    const { schemas } = components;
    const values = (schema: { enum?: unknown[] } | undefined) => [...(schema?.enum ?? [])].sort();
    expect(values(schemas.ErrorCode)).toEqual([...wsErrorCodes].sort());
    expect(values(schemas.CandleInterval)).toEqual(Object.keys(candleIntervals).sort());
    expect(values(schemas.Order!.properties.side)).toEqual([...orderSides].sort());
    expect(values(schemas.Order!.properties.order_type)).toEqual([...orderTypes].sort());
    expect(values(schemas.Order!.properties.time_in_force)).toEqual([...timesInForce].sort());
    expect(values(schemas.Order!.properties.status)).toEqual([...orderStatuses].sort());
    expect(values(schemas.PhaseState!.properties.phase)).toEqual([...phases].sort());
    expect(values(schemas.PhaseState!.properties.market_model)).toEqual([...marketModels].sort());
  });
});
