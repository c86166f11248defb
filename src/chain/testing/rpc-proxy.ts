/**
 * A JSON-RPC proxy in front of a test node that can fail the way networks do, for the
 * crash-and-retry tests:
 * - forward: passes everything through;
 * - lose-send-response: forwards eth_sendRawTransaction (the node gets the transaction) and then
 *   drops the connection, as if the node died before answering;
 * - lose-send: drops eth_sendRawTransaction without forwarding it (the node never sees it);
 * - down: not listening at all (connections are refused).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'forward' | 'lose-send-response' | 'lose-send' | 'down';

export interface RpcProxy {
  url: string;
  setMode(mode: ProxyMode): Promise<void>;
  stop(): Promise<void>;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  let mode: ProxyMode = 'forward';
  const server = http.createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const isSend = body.includes('"eth_sendRawTransaction"');
      if (isSend && mode === 'lose-send') {
        request.socket.destroy();
        return;
      }
      const upstream = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).catch(() => undefined);
      if (!upstream || (isSend && mode === 'lose-send-response')) {
        request.socket.destroy();
        return;
      }
      response.writeHead(upstream.status, { 'content-type': 'application/json' });
      response.end(await upstream.text());
    })();
  });
  server.keepAliveTimeout = 1;
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port }, resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode: async (next) => {
      if (next === 'down' && mode !== 'down') await close();
      if (next !== 'down' && mode === 'down') await listen(port);
      mode = next;
    },
    stop: async () => {
      if (mode !== 'down') await close();
    },
  };
}
