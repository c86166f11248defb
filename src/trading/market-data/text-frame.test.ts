import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame } from './text-frame.js';

// every header length: 7-bit, 16-bit and 64-bit payload lengths, at their edges
const lengths = [0, 1, 125, 126, 65_535, 65_536, 200_000];

describe('textFrame', () => {
  let server: WebSocketServer;
  let client: WebSocket;
  const received: { text: string; isBinary: boolean }[] = [];

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const connected = once(server, 'connection');
    client = new WebSocket(`ws://127.0.0.1:${port}`);
    client.on('message', (data: Buffer, isBinary) =>
      received.push({ text: data.toString('utf8'), isBinary }),
    );
    const [, request] = (await connected) as [WebSocket, { socket: { write(b: Buffer): void } }];
    await once(client, 'open');
    // the frames go straight to the TCP connection, as the hub writes them
    for (const length of lengths) request.socket.write(textFrame(payloadOf(length)));
  });

  afterAll(async () => {
    client.close();
    server.close();
    await once(server, 'close');
  });

  it('is read by a WebSocket client as the text message, for every length encoding', async () => {
    await expect.poll(() => received.length).toBe(lengths.length);
    expect(received.map((m) => m.isBinary)).toEqual(lengths.map(() => false));
    expect(received.map((m) => m.text)).toEqual(
      lengths.map((length) => payloadOf(length).toString()),
    );
  });
});

/** `length` bytes of UTF-8 text with a multi-byte character in it when there is room. */
function payloadOf(length: number): Buffer {
  const text = length >= 2 ? `é${'x'.repeat(length - 2)}` : 'x'.repeat(length);
  return Buffer.from(text);
}
