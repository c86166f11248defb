import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterNats, nodeEnv, tradingNodes } from './trading-nodes.js';

describe('trading nodes', () => {
  it('is one `trading` on its port without a cluster', () => {
    expect(tradingNodes(1, 8081, [8080, 8082, 8083])).toEqual([{ label: 'trading', port: 8081 }]);
  });

  it('numbers a cluster from TRADING_PORT up, around the other processes', () => {
    expect(tradingNodes(3, 8081, [8080, 8082, 8083])).toEqual([
      { label: 'trading-1', port: 8081 },
      { label: 'trading-2', port: 8084 },
      { label: 'trading-3', port: 8085 },
    ]);
  });

  it("gives each node its port, URL and name, and the cluster's NATS", () => {
    const env = { TRADING_PORT: '8081', DATABASE_URL: 'postgres://db' };
    const node = { label: 'trading-2', port: 8084 };
    expect(nodeEnv(env, node, '127.0.0.1', 'nats://127.0.0.1:4222')).toEqual({
      DATABASE_URL: 'postgres://db',
      TRADING_PORT: '8084',
      TRADING_URL: 'http://127.0.0.1:8084',
      TRADING_NODE_ID: 'trading-2',
      NATS_URL: 'nats://127.0.0.1:4222',
    });
    expect(nodeEnv(env, { label: 'trading', port: 8081 }, '127.0.0.1', undefined)).toBe(env);
  });

  it('runs on NATS_URL, else a nats-server found, else says what to install', () => {
    expect(clusterNats(3, 'nats://nats:4222', [])).toEqual({ url: 'nats://nats:4222' });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-nats-'));
    const binary = path.join(folder, 'nats-server');
    fs.writeFileSync(binary, '', { mode: 0o755 });
    expect(clusterNats(3, undefined, [path.join(folder, 'none'), folder])).toEqual({ binary });
    fs.rmSync(folder, { recursive: true });
    expect(() => clusterNats(3, undefined, [folder])).toThrow(
      /TRADING_NODES=3 .* install nats-server .* or set NATS_URL/,
    );
  });
});
