/**
 * The trading nodes' connection to NATS (NATS_URL: one server or a comma-separated cluster list),
 * with the subjects they share: a book's commands go to `tessera.book.<token>` (its owner
 * answers), committed batches fan out on `tessera.feed.<token>` and private updates on
 * `tessera.user.<user>`.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';

export const subjects = {
  commands: (tokenId: string) => `tessera.book.${tokenId}`,
};

export async function connectBus(servers: string, node: string): Promise<NatsConnection> {
  return connect({
    servers: servers.split(',').map((server) => server.trim()),
    name: node,
    // a NATS restart must not end the node: it reconnects for as long as it runs
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  });
}
