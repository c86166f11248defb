/**
 * A JSON-RPC proxy in front of a test node that can fail the way networks do, for the
 * crash-and-retry tests:
 * - forward: passes everything through;
 * - lose-send-response: forwards eth_sendRawTransaction (the node gets the transaction) and then
 *   drops the connection, as if the node died before answering;
 * - lose-send: drops eth_sendRawTransaction without forwarding it (the node never sees it);
 * - down: not listening at all (connections are refused);
 * - no-simulate: answers eth_simulateV1 as a node that does not have it (JSON-RPC -32601).
 * It counts the requests of each method it sees.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'forward' | 'lose-send-response' | 'lose-send' | 'down' | 'no-simulate';

export interface RpcProxy {
  url: string;
  setMode(mode: ProxyMode): Promise<void>;
  /** how many requests of this JSON-RPC method reached the proxy so far */
  count(method: string): number;
  stop(): Promise<void>;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  let mode: ProxyMode = 'forward';
  const counts = new Map<string, number>();
  const server = http.createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const { id, method } = JSON.parse(body) as { id: unknown; method: string };
      counts.set(method, (counts.get(method) ?? 0) + 1);
      if (method === 'eth_simulateV1' && mode === 'no-simulate') {
        const error = { code: -32601, message: 'the method eth_simulateV1 does not exist' };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ jsonrpc: '2.0', id, error }));
        return;
      }
      const isSend = method === 'eth_sendRawTransaction';
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
    count: (method) => counts.get(method) ?? 0,
    stop: async () => {
      if (mode !== 'down') await close();
    },
  };
}
