/**
 * One FIX connection to the gateway (docs/fix.md): jspurefix's ASCII session (the session layer:
 * sequence checks, heartbeats, TestRequest, ResendRequest, gap fills, Reject of malformed
 * messages) over the PostgreSQL store, with Tessera's Logon check, order entry mapped to the
 * order API, and the user's order events reported as they are written.
 */
import {
  AsciiSession,
  MsgType,
  type IJsFixConfig,
  type ILooseObject,
  type ISessionRegistry,
  type MsgTransport,
  type MsgView,
} from 'jspurefix';
import { randomUUID } from 'node:crypto';
import type { ApiKeyRing } from '../lib/auth/api-keys.js';
import { allowListOf } from '../lib/auth/ip-allow-list.js';
import { signatureWindowMs } from '../lib/auth/request-signing.js';
import type { BookRoute } from '../lib/book-route.js';
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/database.js';
import type { FixSessionKind, FixSessionScope } from '../lib/db/schema-fix.js';
import type { Logger } from '../lib/logger.js';
import {
  cancelReject,
  executionReport,
  rejectedOrderReport,
  statusReport,
  type OrderEvent,
} from './execution-reports.js';
import { fillsOf, orderOf, sessionByCompIds, unreportedEvents } from './fix.queries.js';
import type { EventWatch } from './event-watch.js';
import type { Instruments } from './instruments.js';
import { logonSignatureMatches } from './logon-signature.js';
import { OrderClient } from './order-client.js';
import { amendOf, placeOrderOf, tags, type FieldReader } from './order-entry.js';
import { storedMessageResend } from './resend.js';
import { PgSessionStore, utcDay } from './session-store.js';
import { gateOnStore } from './store-gate.js';

export interface GatewayDeps {
  db: Db;
  clock: Clock;
  keys: ApiKeyRing;
  logger: Logger;
  /** where the orders go: each book's owner in a cluster, else the trading URL */
  route: BookRoute;
  /** SERVICE_TOKEN: proves the FIX client's address on the gateway's order calls */
  serviceToken: string;
  compId: string;
  eventPollMs: number;
  /** the newest event and the sessions in force, read once per look for every session */
  watch: EventWatch;
  /** Symbol and SecurityID to token, shared by every connection of the process */
  instruments: Instruments;
  /** Logon signatures taken within the window (shared by every connection of the process) */
  seenSignatures: Map<string, number>;
}

interface Logged {
  sessionId: string;
  userId: string;
  kind: FixSessionKind;
  /** whose orders it reports: the user's, or every order of the venue (a staff drop copy) */
  scope: FixSessionScope;
  since: Date;
  /** the UTC day of the Logon: the session ends when the day does (the daily reset) */
  day: string;
  orders: OrderClient;
}

/** The tags an application message may carry that the gateway reads. */
const readTags = [...Object.values(tags), 34];

/** Events reported per look; more wait for the next. */
const eventsPerLook = 500;

/**
 * A look finding no newer event than the last one's reads no events; but an event's id is taken
 * before its transaction commits, so one committed out of order is looked for at least this
 * often.
 */
const fullLookMs = 1000;

// BusinessRejectReason (380)
const unsupportedMessageType = 3;
const notAuthorized = 6;

export class GatewaySession extends AsciiSession {
  private logged: Logged | undefined;
  private work: Promise<void> = Promise.resolve();
  private eventTimer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;
  private lookAgain = false;
  /** the newest event id when the events were last read, and when */
  private lookedAt = { eventId: -1, ms: 0 };
  /** the look for unreported events under way (`reportEvents`) */
  private reporting: Promise<void> = Promise.resolve();
  /** reports handed to jspurefix and not yet encoded: they fail if the session stops first */
  private readonly unencoded = new Set<(error: Error) => void>();

  /** jspurefix's registry of the live sessions, entered once the Logon is authenticated */
  private readonly registry: ISessionRegistry | undefined;

  constructor(
    config: IJsFixConfig,
    private readonly deps: GatewayDeps,
  ) {
    super(config);
    this.checkMsgIntegrity = true;
    // jspurefix would register the session under the Logon's CompIDs before the Logon is
    // authenticated, stopping the live session of those CompIDs: a peer that merely names
    // another firm's SenderCompID would log it out. This session registers itself in onLogon.
    this.registry = config.sessionRegistry;
    config.sessionRegistry = undefined;
  }

  /** Every byte of the connection waits for the store's commit of what it holds. */
  override run(transport: MsgTransport): Promise<number> {
    gateOnStore(transport, {
      committed: () =>
        this.sessionStore instanceof PgSessionStore
          ? this.sessionStore.committed()
          : Promise.resolve(),
      failed: (error) => {
        this.deps.logger.error({ err: error }, 'fix store write failed: connection cut');
        this.stop(error);
      },
    });
    return super.run(transport);
  }

  protected override onSessionStopping(): void {
    super.onSessionStopping();
    this.registry?.unregister(this.sessionId, this);
  }

  private remoteAddress(): string {
    const duplex = this.transport?.duplex as { socket?: { remoteAddress?: string } } | undefined;
    return duplex?.socket?.remoteAddress ?? '';
  }

  protected async onLogon(view: MsgView, user: string, password: string): Promise<boolean> {
    const refuse = (reason: string) => {
      this.deps.logger.warn({ sender: view.getString(49), reason }, 'fix logon refused');
      return false;
    };
    const sender = view.getString(49) ?? '';
    const target = view.getString(56) ?? '';
    if (target !== this.deps.compId) return refuse('TargetCompID is not the gateway’s');
    const session = await sessionByCompIds(this.deps.db, sender, target);
    if (!session) return refuse('no FIX session in force for these CompIDs');
    const ip = this.remoteAddress().replace(/^::ffff:/, '');
    if (!allowListOf(session.allowed_ips)(ip)) return refuse(`${ip} is not an allowed address`);
    const rawData = view.getString(96) ?? '';
    let entry;
    try {
      entry = this.deps.keys.admit(user ?? '', rawData);
    } catch (error) {
      return refuse(error instanceof Error ? error.message : 'key refused');
    }
    if (entry.id !== session.api_key_id) return refuse('not the API key of this session');
    if (!entry.allowed(ip)) return refuse(`${ip} is not in the key’s allow-list`);
    const parts = { rawData, senderCompId: sender, targetCompId: target };
    if (!logonSignatureMatches(entry.secret, parts, password ?? '')) {
      return refuse('Password is not the Logon signature');
    }
    const now = this.deps.clock.now().getTime();
    const seenKey = `${entry.id}:${password.toLowerCase()}`;
    if ((this.deps.seenSignatures.get(seenKey) ?? 0) > now) return refuse('Logon replayed');
    for (const [key, until] of this.deps.seenSignatures) {
      if (until <= now) this.deps.seenSignatures.delete(key);
    }
    this.deps.seenSignatures.set(seenKey, Number(rawData) + signatureWindowMs + 1);
    if (session.kind === 'order_entry' && !entry.scopes.has('trade')) {
      return refuse('the key lacks the trade scope');
    }
    const store = this.sessionStore;
    if (!(store instanceof PgSessionStore)) return refuse('no session store bound');
    await store.admit();
    // an authenticated reconnection replaces the session of these CompIDs still open
    this.registry?.register(this.sessionId, this);
    // resends come from PostgreSQL, after a restart too
    this.resender = storedMessageResend(store, this.config);
    this.logged = {
      sessionId: session.id,
      userId: session.user_id,
      kind: session.kind,
      scope: session.scope,
      since: session.created_at,
      day: utcDay(this.deps.clock.now()),
      orders: new OrderClient(
        this.deps.route,
        { accessKey: entry.accessKey, secret: entry.secret },
        this.deps.clock,
        { address: ip, serviceToken: this.deps.serviceToken },
      ),
    };
    return true;
  }

  protected onReady(): void {
    this.lookForEvents();
    if (this.deps.eventPollMs > 0) {
      this.eventTimer = setInterval(() => this.lookForEvents(true), this.deps.eventPollMs);
      this.eventTimer.unref();
    }
  }

  protected onStopped(): void {
    if (this.eventTimer) clearInterval(this.eventTimer);
    this.logged = undefined;
    for (const fail of this.unencoded) fail(new Error('the FIX session stopped'));
    this.unencoded.clear();
  }

  /**
   * Sends a message; resolves once the store has committed it (and it may go out), with the mark
   * that `historyId`'s event was reported, when the message reports one.
   */
  private sendStored(msgType: string, body: ILooseObject, historyId?: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.unencoded.add(reject);
      this.send(msgType, body, (error) => {
        this.unencoded.delete(reject);
        if (error) {
          reject(error);
          return;
        }
        const store = this.sessionStore;
        if (!(store instanceof PgSessionStore)) {
          reject(new Error('no session store bound'));
          return;
        }
        // jspurefix has handed the message to the store in the step that calls back, so the
        // store's waiting write holds it: the mark joins that write
        // (its failure is the commit's, which rejects below)
        if (historyId !== undefined) void store.markReported([historyId]).catch(() => undefined);
        store.committed().then(resolve, reject);
      });
    });
  }

  protected onDecoded(): void {}
  protected onEncoded(): void {}

  protected onApplicationMsg(msgType: string, view: MsgView): void {
    const logged = this.logged;
    if (!logged) return;
    // the view lives only as long as this call: the fields are copied out
    const fields = new Map<number, string>();
    for (const tag of readTags) {
      const value = view.getString(tag);
      if (value !== undefined && value !== null) fields.set(tag, value);
    }
    const read: FieldReader = (tag) => fields.get(tag);
    this.work = this.work
      .then(() => this.handle(logged, msgType, read))
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error, msgType }, 'fix message not handled');
      });
  }

  private businessReject(msgType: string, read: FieldReader, reason: number, text: string) {
    this.send(MsgType.BusinessMessageReject, {
      RefSeqNum: Number(read(34)),
      RefMsgType: msgType,
      BusinessRejectReason: reason,
      Text: text,
    });
  }

  private async handle(logged: Logged, msgType: string, read: FieldReader): Promise<void> {
    const known = ['D', 'F', 'G', 'H', 'q'];
    if (!known.includes(msgType)) {
      this.businessReject(
        msgType,
        read,
        unsupportedMessageType,
        `MsgType ${msgType} is not supported`,
      );
      return;
    }
    if (logged.kind === 'drop_copy') {
      this.businessReject(msgType, read, notAuthorized, 'A drop copy session enters no orders');
      return;
    }
    switch (msgType) {
      case 'D':
        return this.newOrder(logged, read);
      case 'F':
      case 'G':
        return this.cancelOrReplace(logged, msgType, read);
      case 'H':
        return this.orderStatus(logged, read);
      case 'q':
        return this.massCancel(logged, read);
    }
  }

  private instrument(read: FieldReader) {
    return this.deps.instruments.tokenOf(read(tags.Symbol), read(tags.SecurityID));
  }

  private async newOrder(logged: Logged, read: FieldReader): Promise<void> {
    const reject = (code: string, text: string) =>
      this.send(
        MsgType.ExecutionReport,
        rejectedOrderReport(
          { clOrdId: read(tags.ClOrdID), side: read(tags.Side), symbol: read(tags.Symbol) },
          { code, text },
          `R-${randomUUID()}`,
          this.deps.clock.now(),
        ),
      );
    const token = await this.instrument(read);
    if (!token) return reject('NOT_FOUND', 'Symbol (55) or SecurityID (48) names no token');
    const body = placeOrderOf(read, token.id);
    if (!body.ok) return reject(body.code, body.text);
    const answer = await logged.orders.call('POST', '/api/v1/orders', body.value, token.id);
    if (!answer.ok) return reject(answer.code, answer.detail);
    await this.reportEvents();
  }

  private async cancelOrReplace(logged: Logged, msgType: 'F' | 'G', read: FieldReader) {
    const request = {
      clOrdId: read(tags.ClOrdID),
      origClOrdId: read(tags.OrigClOrdID),
      msgType,
    };
    const order = await orderOf(this.deps.db, logged.userId, {
      orderId: read(tags.OrderID),
      clOrdId: request.origClOrdId,
    });
    const reject = (code: string, text: string) =>
      this.send(
        MsgType.OrderCancelReject,
        cancelReject(
          request,
          order && { id: order.id, status: order.status, filled: order.filled_quantity },
          { code, text },
        ),
      );
    if (!order)
      return reject('NOT_FOUND', 'OrigClOrdID (41) or OrderID (37) names no order of yours');
    let answer;
    if (msgType === 'F') {
      answer = await logged.orders.call(
        'DELETE',
        `/api/v1/orders/${order.id}`,
        undefined,
        order.token_id,
      );
    } else {
      const amend = amendOf(read, order);
      if (!amend.ok) return reject(amend.code, amend.text);
      answer = await logged.orders.call(
        'PATCH',
        `/api/v1/orders/${order.id}`,
        amend.value,
        order.token_id,
      );
    }
    if (!answer.ok) return reject(answer.code, answer.detail);
    await this.reportEvents();
  }

  private async orderStatus(logged: Logged, read: FieldReader): Promise<void> {
    const order = await orderOf(this.deps.db, logged.userId, {
      orderId: read(tags.OrderID),
      clOrdId: read(tags.ClOrdID),
    });
    const now = this.deps.clock.now();
    if (!order) {
      this.send(
        MsgType.ExecutionReport,
        rejectedOrderReport(
          { clOrdId: read(tags.ClOrdID), side: read(tags.Side), symbol: read(tags.Symbol) },
          { code: 'NOT_FOUND', text: 'ClOrdID (11) or OrderID (37) names no order of yours' },
          `S-${randomUUID()}`,
          now,
        ),
      );
      return;
    }
    const fills = order.filled_quantity > 0 ? await fillsOf(this.deps.db, order.id) : [];
    this.send(
      MsgType.ExecutionReport,
      statusReport(
        { ...order, filled: order.filled_quantity, remaining: order.remaining_quantity },
        order,
        fills,
        `S-${randomUUID()}`,
        now,
      ),
    );
  }

  private async massCancel(logged: Logged, read: FieldReader): Promise<void> {
    const type = read(tags.MassCancelRequestType);
    const answerWith = (fields: Record<string, unknown>) =>
      this.send(MsgType.OrderMassCancelReport, {
        ClOrdID: read(tags.ClOrdID) ?? 'NONE',
        OrderID: 'NONE',
        MassCancelRequestType: type ?? '7',
        ...fields,
      });
    // MassCancelRejectReason (532): 0 not supported, 1 unknown security
    const refuse = (reason: string, code: string, text: string) =>
      answerWith({
        MassCancelResponse: '0',
        MassCancelRejectReason: reason,
        Text: `${code}: ${text}`,
      });
    let path = '/api/v1/orders';
    let tokenId: string | undefined;
    if (type === '1') {
      const token = await this.instrument(read);
      if (!token) return refuse('1', 'NOT_FOUND', 'Symbol (55) or SecurityID (48) names no token');
      path = `/api/v1/orders?token_id=${token.id}`;
      tokenId = token.id;
    } else if (type !== '7') {
      return refuse(
        '0',
        'VALIDATION_FAILED',
        'MassCancelRequestType (530) must be 1 (security) or 7 (all)',
      );
    }
    const answer = await logged.orders.call<{ data: unknown[] }>(
      'DELETE',
      path,
      undefined,
      tokenId,
    );
    if (!answer.ok) return refuse('99', answer.code, answer.detail);
    answerWith({ MassCancelResponse: type, TotalAffectedOrders: answer.body.data.length });
    await this.reportEvents();
  }

  /**
   * Looks for unreported events now, or once more after the look under way; `idle`: the timer's
   * look, which reads the events only when a newer one was written (or `fullLookMs` passed).
   */
  private lookForEvents(idle = false): void {
    if (this.looking) {
      if (!idle) this.lookAgain = true;
      return;
    }
    this.looking = this.reportEvents(idle)
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'fix events not reported'))
      .finally(() => {
        this.looking = undefined;
        if (this.lookAgain) {
          this.lookAgain = false;
          this.lookForEvents();
        }
      });
  }

  /**
   * Sends an ExecutionReport for each event of the user's orders (a venue-wide drop copy: of
   * every order) not yet reported on this session, whatever channel placed the order, and
   * remembers it in the store's commit of its report (at least once: a write that fails leaves
   * the event unreported, and its report goes again with its ExecID).
   */
  private reportEvents(idle = false): Promise<void> {
    // one look at a time: two would both read an event before either marked it reported (a
    // look marks only once the store has committed its reports), and send it twice
    const look = this.reporting.then(() => this.reportUnreported(idle));
    this.reporting = look.catch(() => undefined);
    return look;
  }

  private async reportUnreported(idle: boolean): Promise<void> {
    const logged = this.logged;
    if (!logged) return;
    if (utcDay(this.deps.clock.now()) !== logged.day) {
      // the next Logon, on the new day, starts both numbers at 1
      this.logged = undefined;
      this.sendLogout('the daily sequence reset: log on again');
      return;
    }
    const watched = await this.deps.watch.state();
    if (!watched.inForce.has(logged.sessionId)) {
      this.logged = undefined;
      this.sendLogout('the FIX session was disabled');
      return;
    }
    const now = performance.now();
    // a session of the user's own orders looks only when one of theirs changed
    const newest =
      logged.scope === 'own'
        ? (watched.latestByUser.get(logged.userId) ?? 0)
        : watched.latestEventId;
    if (idle && newest <= this.lookedAt.eventId && now - this.lookedAt.ms < fullLookMs) {
      return;
    }
    this.lookedAt = { eventId: watched.latestEventId, ms: now };
    const rows = await unreportedEvents(
      this.deps.db,
      { id: logged.sessionId, userId: logged.userId, scope: logged.scope },
      logged.since,
      eventsPerLook,
    );
    if (rows.length === 0) return;
    const fillsByOrder = new Map<string, Awaited<ReturnType<typeof fillsOf>>>();
    const sent: Promise<void>[] = [];
    for (const row of rows) {
      let fills = fillsByOrder.get(row.id);
      if (!fills && row.event_filled > 0) {
        fills = await fillsOf(this.deps.db, row.id);
        fillsByOrder.set(row.id, fills);
      }
      const [beforeStatus, beforeFilled] = row.before?.split(':') ?? [];
      const event: OrderEvent = {
        historyId: row.history_id,
        status: row.event_status,
        reason: row.reason,
        filled: row.event_filled,
        remaining: row.event_remaining,
        quantity: row.event_quantity ?? row.quantity,
        price: row.event_price ?? row.price,
        ...(beforeStatus !== undefined
          ? { before: { status: beforeStatus, filled: Number(beforeFilled) } }
          : {}),
        recordedAt: row.recorded_at,
      };
      const report = executionReport(row, row, event, fills ?? []);
      sent.push(
        this.sendStored(
          MsgType.ExecutionReport,
          logged.kind === 'drop_copy' ? { ...report, CopyMsgIndicator: true } : report,
          row.history_id,
        ),
      );
    }
    await Promise.all(sent);
  }
}
