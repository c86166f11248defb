/**
 * Delivers webhooks like the provider: POST of the exact body bytes with `X-Payload-Digest`
 * (HMAC of those bytes with the webhook secret) and `X-Payload-Digest-Alg`. Any 2xx within 5 s is
 * a success; anything else is retried after each configured delay, then given up and recorded as
 * failed. Each applicant has its own lane: its webhooks leave in creation order (a later one
 * waits while an earlier one is retried), while other applicants' lanes are never held up.
 * Deliveries live in the store, so a restart resumes the lanes where they stopped.
 */
import type { Logger } from '../lib/logger.js';
import { payloadDigest, type DigestAlgorithm } from '../lib/provider-signing.js';
import type { Applicant } from './applicant.js';
import { correlationId } from './provider-errors.js';
import type { Delivery, SandboxStore } from './sandbox-store.js';
import { webhookPayload, type WebhookType } from './webhook-payloads.js';

export interface WebhookTarget {
  url: string;
  secret: string;
  algorithm: DigestAlgorithm;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
}

type Attempt = { ok: true } | { ok: false; error: string };

export class WebhookDispatcher {
  private readonly running = new Map<string, Promise<void>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly aborter = new AbortController();
  private stopped = false;

  constructor(
    private readonly store: SandboxStore,
    private readonly target: WebhookTarget,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  /** Records the webhook; the caller's `flush()` persists it, and it leaves on the next tick. */
  enqueue(type: WebhookType, applicant: Applicant): void {
    const at = this.now();
    this.store.addDelivery({
      applicantId: applicant.id,
      type,
      body: JSON.stringify(webhookPayload(type, applicant, correlationId(), at)),
      createdAt: at,
      attempts: 0,
      status: 'pending',
      nextAttemptAt: at,
    });
    // After the current use case has flushed, never in the middle of it.
    setImmediate(() => this.wake(applicant.id));
  }

  /** Resumes every lane with undelivered webhooks (after a restart). */
  start(): void {
    const lanes = new Set(
      this.store
        .deliveries()
        .filter((d) => d.status === 'pending')
        .map((d) => d.applicantId),
    );
    lanes.forEach((applicantId) => this.wake(applicantId));
  }

  /** Stops sending; an attempt cut short is not counted, so it is made again after a restart. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.forEach((timer) => clearTimeout(timer));
    this.timers.clear();
    this.aborter.abort();
    await Promise.allSettled(this.running.values());
  }

  private wake(applicantId: string): void {
    if (this.stopped || this.running.has(applicantId)) return;
    clearTimeout(this.timers.get(applicantId));
    this.timers.delete(applicantId);
    const lane = this.drain(applicantId)
      .catch((error: unknown) => this.logger.error({ err: error, applicantId }, 'webhook lane'))
      .finally(() => {
        this.running.delete(applicantId);
        // A webhook enqueued while the lane was finishing would otherwise wait for no one.
        if (this.store.nextDelivery(applicantId) && !this.timers.has(applicantId)) {
          this.wake(applicantId);
        }
      });
    this.running.set(applicantId, lane);
  }

  private async drain(applicantId: string): Promise<void> {
    for (;;) {
      const next = this.store.nextDelivery(applicantId);
      if (this.stopped || !next) return;
      const wait = next.nextAttemptAt - this.now();
      if (wait > 0) {
        this.timers.set(
          applicantId,
          setTimeout(() => {
            this.timers.delete(applicantId);
            this.wake(applicantId);
          }, wait),
        );
        return;
      }
      const attempt = await this.send(next.body);
      if (this.stopped) return;
      this.store.putDelivery(this.afterAttempt(next, attempt));
      this.store.flush();
    }
  }

  private afterAttempt(delivery: Delivery & { status: 'pending' }, attempt: Attempt): Delivery {
    const at = this.now();
    const attempts = delivery.attempts + 1;
    if (attempt.ok) return { ...delivery, attempts, status: 'delivered', deliveredAt: at };
    const retryDelay = this.target.retryDelaysMs[attempts - 1];
    this.logger.warn(
      { applicantId: delivery.applicantId, type: delivery.type, attempts, error: attempt.error },
      retryDelay === undefined ? 'webhook given up' : 'webhook failed, will retry',
    );
    const failed = { ...delivery, attempts, lastError: attempt.error };
    return retryDelay === undefined
      ? { ...failed, status: 'failed', failedAt: at }
      : { ...failed, nextAttemptAt: at + retryDelay };
  }

  private async send(body: string): Promise<Attempt> {
    try {
      const response = await fetch(this.target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-payload-digest': payloadDigest(this.target.secret, body, this.target.algorithm),
          'x-payload-digest-alg': this.target.algorithm,
        },
        body,
        signal: AbortSignal.any([AbortSignal.timeout(this.target.timeoutMs), this.aborter.signal]),
      });
      await response.arrayBuffer();
      return response.ok ? { ok: true } : { ok: false, error: `HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
