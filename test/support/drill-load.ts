/**
 * The drill's seeded load over HTTP, as users make it: limit orders on the live token that cross
 * (trades to settle on chain), subscriptions to a second token in its offering with the admin
 * confirming payment (mints), and a fiat dividend per phase (paid by the platform's distributor). A command is
 * counted once it is acknowledged (answered 2xx); an order that got no answer is sent again under
 * its client_order_id, so a replay can never place it twice.
 */
import { Prng } from '../../src/trading/engine/testing/seeded-random.js';
import type { flows, Json } from './e2e-flows.js';

export interface DrillCast {
  admin: string;
  issuer: string;
  investors: string[];
  /** the live token (secondary trading) */
  liveToken: string;
  /** the token in its primary offering */
  offeringToken: string;
}

type Flow = ReturnType<typeof flows>;

export class DrillLoad {
  /** acknowledged orders: client_order_id -> order id */
  readonly orders = new Map<string, string>();
  readonly trades = new Set<string>();
  /** acknowledged payment confirmations: allocation id -> quantity */
  readonly confirmed = new Map<string, number>();
  readonly dividends: string[] = [];
  /** answers that refused an order, by code (a refusal is an answer: nothing is retried) */
  readonly refused = new Map<string, number>();
  private readonly random: Prng;
  private sent = 0;
  private running: Promise<void>[] = [];
  private stopping = false;

  constructor(
    private readonly flow: Flow,
    private readonly cast: DrillCast,
    seed: number,
  ) {
    this.random = new Prng(seed);
  }

  get commands(): number {
    return this.orders.size + this.confirmed.size + this.dividends.length;
  }

  /** Starts `workers` loops, each a command every `paceMs` at most, and one dividend. */
  start(workers: number, paceMs: number): void {
    this.stopping = false;
    this.running = [
      ...Array.from({ length: workers }, () => this.loop(paceMs)),
      this.dividend().catch(() => undefined),
    ];
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  private async loop(paceMs: number): Promise<void> {
    while (!this.stopping) {
      const next = new Promise((resolve) => setTimeout(resolve, paceMs));
      if (this.random.chance(0.1)) await this.subscription().catch(() => undefined);
      else await this.order();
      await next;
    }
  }

  /** One order, sent until acknowledged or the load stops; its replays keep its client id. */
  private async order(): Promise<void> {
    const clientOrderId = `drill-${++this.sent}`;
    const body = {
      token_id: this.cast.liveToken,
      side: this.random.chance(0.5) ? 'buy' : 'sell',
      order_type: 'limit',
      quantity: this.random.int(1, 20),
      // within 4% of the offering price: the circuit breaker (10%) is not what is drilled
      price: (1.2 + this.random.int(0, 10) / 100).toFixed(2),
      client_order_id: clientOrderId,
    };
    const investor = this.random.pick(this.cast.investors);
    for (let attempt = 0; attempt < 20 && !this.stopping; attempt++) {
      const answer = await this.flow
        .trade('POST', '/api/v1/orders', body, investor)
        .catch(() => undefined);
      if (answer?.order) {
        this.orders.set(clientOrderId, answer.order.id as string);
        for (const trade of answer.trades as Json[]) this.trades.add(trade.id as string);
        return;
      }
      if (typeof answer?.code === 'string' && answer.status !== undefined && answer.status < 500) {
        this.refused.set(answer.code, (this.refused.get(answer.code) ?? 0) + 1);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async subscription(): Promise<void> {
    const { flow, cast } = this;
    const quantity = this.random.int(8, 40);
    const allocation = await flow.call(
      'POST',
      `/api/v1/tokens/${cast.offeringToken}/subscribe`,
      { quantity },
      this.random.pick(cast.investors),
      201,
    );
    await flow.call(
      'POST',
      `/api/v1/admin/tokens/${cast.offeringToken}/confirm-payment`,
      { allocation_ids: [allocation.id] },
      cast.admin,
      200,
    );
    this.confirmed.set(allocation.id as string, quantity);
  }

  /** A fiat dividend of the live token: declared, submitted, approved and distributed. */
  private async dividend(): Promise<void> {
    const { flow, cast } = this;
    const declared = await flow.call(
      'POST',
      '/api/v1/dividends',
      { token_id: cast.liveToken, dividend_type: 'fiat', per_token_usd: '0.01', fee_pct: 1 },
      cast.issuer,
      201,
    );
    const id = declared.id as string;
    await flow.call('POST', `/api/v1/dividends/${id}/submit`, {}, cast.issuer, 200);
    await flow.call('POST', `/api/v1/admin/dividends/${id}/approve`, {}, cast.admin, 200);
    await flow.call('POST', `/api/v1/admin/dividends/${id}/distribute`, {}, cast.admin, 200);
    this.dividends.push(id);
  }
}
