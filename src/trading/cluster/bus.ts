/**
 * The trading nodes' connection to NATS (NATS_URL: one server or a comma-separated cluster list),
 * with the subjects they share: a book's commands go to `tessera.book.<token>` (its owner
 * answers), committed batches fan out on `tessera.feed.<token>`, private updates on
 * `tessera.user.<user>`, the books a node hands over to another on `tessera.handover.<node>`, and
 * whether a node is there on `tessera.node.<node>`.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';

export const subjects = {
  commands: (tokenId: string) => `tessera.book.${tokenId}`,
  feed: (tokenId: string) => `tessera.feed.${tokenId}`,
  user: (userId: string) => `tessera.user.${userId}`,
  handOver: (node: string) => `tessera.handover.${node}`,
  /** answered by a node with its process's life for as long as it is connected */
  node: (node: string) => `tessera.node.${node}`,
};

/** A connection to NATS; `noEcho`: it receives nothing it published itself. */
export async function connectBus(
  servers: string,
  node: string,
  { noEcho = false } = {},
): Promise<NatsConnection> {
  return connect({
    servers: servers.split(',').map((server) => server.trim()),
    name: node,
    noEcho,
    // a NATS restart must not end the node: it reconnects for as long as it runs
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  });
}
