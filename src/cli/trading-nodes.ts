/**
 * The trading nodes of `tessera start`: one process on TRADING_PORT (TRADING_NODES unset or 1,
 * no NATS), or a local cluster of TRADING_NODES processes on consecutive ports from TRADING_PORT
 * sharing the books over NATS (docs/deployment.md). The platform and the web app are given the
 * first node's URL: any node answers any request (it forwards commands to the book's owner).
 */
import { findNatsServer } from '../lib/embedded/nats.js';

export interface TradingNode {
  /** how the launcher names it: `trading`, or `trading-1`, `trading-2`, ... in a cluster */
  label: string;
  port: number;
}

/**
 * The nodes on ports from `firstPort` up, past the ports of the other processes (`taken`): by
 * default 8081, then 8084, 8085, ... around the chain's 8082 and the sandbox's 8083.
 */
export function tradingNodes(
  count: number,
  firstPort: number,
  taken: readonly number[],
): TradingNode[] {
  if (count === 1) return [{ label: 'trading', port: firstPort }];
  const nodes: TradingNode[] = [];
  for (let port = firstPort; nodes.length < count; port++) {
    if (!taken.includes(port)) nodes.push({ label: `trading-${nodes.length + 1}`, port });
  }
  return nodes;
}

/** Where a local cluster's NATS comes from: NATS_URL, or a `nats-server` the launcher starts. */
export type ClusterNats = { url: string } | { binary: string };

/**
 * The NATS of a cluster of `count` nodes: the one at NATS_URL, else a `nats-server` found on
 * the PATH or in /usr/sbin; throws saying what to install when there is neither.
 */
export function clusterNats(
  count: number,
  natsUrl: string | undefined,
  folders?: string[],
): ClusterNats {
  if (natsUrl) return { url: natsUrl };
  const binary = findNatsServer(folders);
  if (binary) return { binary };
  throw new Error(
    `TRADING_NODES=${count} runs the trading nodes over NATS, and there is none: install ` +
      'nats-server (https://docs.nats.io/running-a-nats-service/introduction/installation, ' +
      'e.g. `apt install nats-server` or `brew install nats-server`), or set NATS_URL to a ' +
      'running NATS server',
  );
}

export function nodeUrl(host: string, node: TradingNode): string {
  return `http://${host}:${node.port}`;
}

/** The environment one node starts on: its port and URL, its node id, the cluster's NATS. */
export function nodeEnv(
  env: Record<string, string | undefined>,
  node: TradingNode,
  host: string,
  natsUrl: string | undefined,
): Record<string, string | undefined> {
  if (natsUrl === undefined) return env;
  return {
    ...env,
    TRADING_PORT: String(node.port),
    TRADING_URL: nodeUrl(host, node),
    TRADING_NODE_ID: node.label,
    NATS_URL: natsUrl,
  };
}
