/**
 * The market data feed between trading nodes over NATS (feed-messages.ts): an owner publishes
 * each book's messages on `tessera.feed.<token>` and each user's on `tessera.user.<user>`, as
 * JSON; a node subscribes to the books and users its sockets follow. The connection is the
 * node's own for the feed, without echo: a node never receives what it published itself (its
 * hub has those from its writer already). NATS delivers at most once: what a disconnect loses
 * the followers find by the `seq` (followed-books.ts), and they rebuild after each reconnect.
 */
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../../lib/logger.js';
import type { BookMessage, FeedBus, UserMessage } from '../market-data/feed-messages.js';
import { subjects } from './bus.js';

export function natsFeedBus(nats: NatsConnection, logger: Logger): FeedBus {
  function follow<T>(subject: string, deliver: (message: T) => void): () => void {
    const subscription = nats.subscribe(subject, {
      callback: (error, msg) => {
        if (error) logger.error({ err: error, subject }, 'feed subscription failed');
        else deliver(msg.json<T>());
      },
    });
    return () => subscription.unsubscribe();
  }

  return {
    book: (message: BookMessage) =>
      nats.publish(subjects.feed(message.tokenId), JSON.stringify(message)),
    wantsUser: () => true,
    user: (message: UserMessage) =>
      nats.publish(subjects.user(message.userId), JSON.stringify(message)),
    followBook: (tokenId, deliver) => follow(subjects.feed(tokenId), deliver),
    followUser: (userId, deliver) => follow(subjects.user(userId), deliver),
    onReconnect(callback) {
      void (async () => {
        for await (const status of nats.status()) if (status.type === 'reconnect') callback();
      })();
    },
  };
}
