/** The trading process's own metrics, in the registry its /metrics serves. */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export function tradingMetrics(registry: Registry = new Registry()) {
  return {
    registry,
    accepted: new Counter({
      name: 'trading_orders_accepted_total',
      help: 'Commands (place, cancel, amend) committed',
      labelNames: ['command'] as const,
      registers: [registry],
    }),
    refused: new Counter({
      name: 'trading_orders_refused_total',
      help: 'Commands refused, by error code',
      labelNames: ['code'] as const,
      registers: [registry],
    }),
    batchSize: new Histogram({
      name: 'trading_batch_size',
      help: 'Commands per committed batch (group commit)',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
      registers: [registry],
    }),
    commitSeconds: new Histogram({
      name: 'trading_batch_commit_seconds',
      help: 'Time of one batch transaction, from its first read to its commit',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    batchPhaseSeconds: new Histogram({
      name: 'trading_batch_phase_seconds',
      help: 'Where a committed batch spent its time: read (its tokens and traders), plan (the checks and the books), wait (for the batch before it to commit), write (its statement and commit)',
      labelNames: ['phase'] as const,
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    batchesInFlight: new Gauge({
      name: 'trading_batches_in_flight',
      help: 'Batches planned and not yet answered: one committing, the next planned on top of it',
      registers: [registry],
    }),
    batchesSplit: new Counter({
      name: 'trading_batches_split_total',
      help: 'Batches whose write the database refused for the values of its rows, split in two to find the command that made them',
      registers: [registry],
    }),
    batchesStale: new Counter({
      name: 'trading_batches_stale_total',
      help: 'Batches planned on cached reads whose write found a row changed since (by another writer), planned again on fresh reads',
      registers: [registry],
    }),
    batchesCachedFailed: new Counter({
      name: 'trading_batches_cached_failed_total',
      help: 'Batches planned on cached reads whose write failed for another cause than a changed row (logged), planned again on fresh reads',
      registers: [registry],
    }),
    batchesReplanned: new Counter({
      name: 'trading_batches_replanned_total',
      help: 'Batches planned on top of one whose commit failed, discarded and planned again',
      registers: [registry],
    }),
    booksOwned: new Gauge({
      name: 'trading_books_owned',
      help: 'Books this trading node holds the lease of',
      registers: [registry],
    }),
    leaseAcquiredAt: new Gauge({
      name: 'trading_book_lease_acquired_timestamp_seconds',
      help: 'When this node took the lease of each book it holds (Unix time): the lease age',
      labelNames: ['token_id'] as const,
      registers: [registry],
    }),
    leasesRenewedAt: new Gauge({
      name: 'trading_leases_renewed_timestamp_seconds',
      help: 'When this node last renewed its heartbeat and leases (Unix time); renewals stopped for BOOK_LEASE_MS lose its books',
      registers: [registry],
    }),
    nodeDraining: new Gauge({
      name: 'trading_node_draining',
      help: 'The node state: 1 while it hands its books over to leave (SIGTERM), 0 while live',
      registers: [registry],
    }),
    failovers: new Counter({
      name: 'trading_book_failovers_total',
      help: 'Books this node took whose former owner had not released them (its lease ran out)',
      registers: [registry],
    }),
    forwarded: new Counter({
      name: 'trading_requests_forwarded_total',
      help: "Order requests forwarded to their book's owner over NATS, by outcome",
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    busSeconds: new Histogram({
      name: 'trading_bus_request_seconds',
      help: "Round trip of a forwarded request over NATS, the owner's work included",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    bookOrders: new Gauge({
      name: 'trading_book_orders',
      help: 'Live orders (resting and pending stops) per book',
      labelNames: ['token_id'] as const,
      registers: [registry],
    }),
    marketDataFlushes: new Counter({
      name: 'market_data_flushes_total',
      help: 'Flushes of the conflated public book and trades feeds (one book update each)',
      registers: [registry],
    }),
    marketDataSent: new Counter({
      name: 'market_data_flush_messages_total',
      help: 'Book and trades messages the flushes sent, one per subscriber each',
      registers: [registry],
    }),
    marketDataFlushDelaySeconds: new Histogram({
      name: 'market_data_flush_delay_seconds',
      help: "From the hand-over of a committed batch (its messages' ts) to the flush that sends it",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    marketDataFlushSentSeconds: new Histogram({
      name: 'market_data_flush_sent_seconds',
      help: "From the hand-over of a committed batch (its messages' ts) to the flush's last write to a subscriber's connection",
      buckets: [
        0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1,
      ],
      registers: [registry],
    }),
    marketDataFlushCpuSeconds: new Counter({
      name: 'market_data_flush_cpu_seconds_total',
      help: 'CPU time of the flushes: encoding the messages and writing them to the sockets',
      registers: [registry],
    }),
  };
}

export type TradingMetrics = ReturnType<typeof tradingMetrics>;
