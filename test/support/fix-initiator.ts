/**
 * A FIX client for the gateway's tests: jspurefix's own initiator (its session layer, its FIX 4.4
 * dictionary) logging on with an API key as docs/fix.md says, keeping every message it receives.
 */
import 'reflect-metadata';
import {
  AsciiSession,
  JsFixWinstonLogFactory,
  MemorySessionStore,
  SessionLauncher,
  WinstonLogger,
  type EngineFactory,
  type IJsFixConfig,
  type ISessionDescription,
  type MsgView,
  type SessionId,
} from 'jspurefix';
import { logonSignature } from '../../src/fix/logon-signature.js';

export interface Received {
  msgType: string;
  seq: number;
  possDup: boolean;
  /** every field by tag, as text */
  fields: Map<number, string>;
  body: Record<string, unknown>;
}

export interface InitiatorOptions {
  port: number;
  senderCompId: string;
  targetCompId?: string;
  key: { access_key: string; secret: string };
  /** another Password than the right signature */
  password?: string;
  resetSeqNum?: boolean;
  /** the numbers the client goes on from (its session store's; default 0: a new session) */
  lastSentSeqNum?: number;
  lastReceivedSeqNum?: number;
  heartBtInt?: number;
  /** the host to connect to (default 127.0.0.1) */
  host?: string;
  /** how far ahead of this machine's time the Logon is signed (default 0) */
  clockOffsetMs?: number;
}

/** The tags the tests read. */
const readTags = [
  6, 11, 12, 13, 14, 17, 18, 22, 31, 32, 34, 37, 38, 39, 40, 41, 43, 44, 45, 48, 54, 55, 58, 59, 60,
  99, 102, 122, 126, 150, 151, 371, 372, 373, 379, 380, 434, 530, 531, 532, 533, 797,
];

const fieldsOf = (view: MsgView) => {
  const fields = new Map<number, string>();
  for (const tag of readTags) {
    const value = view.getString(tag);
    if (value !== undefined && value !== null) fields.set(tag, value);
  }
  return fields;
};

class TestClient extends AsciiSession {
  constructor(
    config: IJsFixConfig,
    private readonly client: FixTestClient,
  ) {
    super(config);
    client.created = this;
  }
  protected onApplicationMsg(msgType: string, view: MsgView): void {
    this.client.keep(msgType, view);
  }
  protected onReady(): void {
    this.client.session = this;
    this.client.readyNow();
  }
  protected onStopped(error?: Error): void {
    this.client.stoppedNow(error);
  }
  protected onDecoded(): void {}
  protected onEncoded(): void {}
  /** Signs the Logon as it goes out (a dictionary loaded slowly must not age its RawData). */
  protected override async onPreLogon(): Promise<void> {
    // stopped while connecting: no Logon, and the connection goes (jspurefix would wait on it)
    if (this.client.stopping) {
      this.transport?.end();
      throw new Error('FIX client stopped before its Logon');
    }
    await super.onPreLogon();
    const fields = this.client.logonFields();
    const factory = this.config.factory as unknown as { description?: ISessionDescription };
    for (const description of new Set([this.config.description, factory.description])) {
      if (description) Object.assign(description, fields);
    }
  }
  protected onLogon(): boolean {
    return true;
  }
  sendApp(msgType: string, body: Record<string, unknown>): void {
    this.send(msgType, body);
  }
  logout(): void {
    this.done();
  }
  /** Ends the connection without a Logout (the session is not logged on). */
  end(): void {
    this.stop();
  }
}

class Launcher extends SessionLauncher {
  constructor(
    description: ISessionDescription,
    private readonly client: FixTestClient,
    private readonly sequences: { lastSent: number; lastReceived: number },
  ) {
    super(description, null, new JsFixWinstonLogFactory(WinstonLogger.consoleOptions('error')));
  }
  protected override makeFactory(config: IJsFixConfig): EngineFactory {
    // jspurefix takes the numbers from the session store, not from the description
    config.sessionStoreFactory = {
      create: (sessionId: SessionId) => {
        const store = new MemorySessionStore(sessionId);
        store.senderSeqNum = this.sequences.lastSent + 1;
        store.targetSeqNum = this.sequences.lastReceived + 1;
        return store;
      },
    };
    return {
      makeSession: (config: IJsFixConfig) => new TestClient(config, this.client),
    };
  }
}

export class FixTestClient {
  readonly received: Received[] = [];
  /** the session once logged on */
  session: TestClient | undefined;
  /** the session as soon as jspurefix makes it (before it connects) */
  created: TestClient | undefined;
  stopping = false;
  stopped: Error | null | undefined;
  private waiters: (() => void)[] = [];
  private launcher: Launcher;
  readonly run: Promise<unknown>;
  /** Password, RawData and RawDataLength of a Logon signed now */
  readonly logonFields: () => Record<string, unknown>;

  constructor(options: InitiatorOptions) {
    const target = options.targetCompId ?? 'TESSERA';
    this.logonFields = () => {
      const rawData = String(Date.now() + (options.clockOffsetMs ?? 0));
      const password =
        options.password ??
        logonSignature(options.key.secret, {
          rawData,
          senderCompId: options.senderCompId,
          targetCompId: target,
        });
      return { Password: password, Logon: { RawDataLength: rawData.length, RawData: rawData } };
    };
    const description = {
      application: {
        type: 'initiator',
        name: options.senderCompId,
        protocol: 'ascii',
        dictionary: 'repo44',
        reconnectSeconds: 1,
        tcp: { host: options.host ?? '127.0.0.1', port: options.port },
      },
      BeginString: 'FIX.4.4',
      SenderCompId: options.senderCompId,
      TargetCompID: target,
      HeartBtInt: options.heartBtInt ?? 30,
      ResetSeqNumFlag: options.resetSeqNum ?? true,
      Username: options.key.access_key,
      ...this.logonFields(),
    } as unknown as ISessionDescription;
    this.launcher = new Launcher(description, this, {
      lastSent: options.lastSentSeqNum ?? 0,
      lastReceived: options.lastReceivedSeqNum ?? 0,
    });
    this.run = this.launcher.run().catch((error: unknown) => error);
  }

  keep(msgType: string, view: MsgView): void {
    this.received.push({
      msgType,
      seq: Number(view.getString(34)),
      possDup: view.getString(43) === 'Y',
      fields: fieldsOf(view),
      body: view.toObject() as Record<string, unknown>,
    });
    this.wake();
  }
  readyNow(): void {
    this.wake();
  }
  stoppedNow(error?: Error): void {
    this.stopped = error ?? null;
    this.wake();
  }
  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** Resolves when `done()` holds, checked at each message, readiness or stop. */
  async until<T>(done: () => T | undefined, what: string, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = done();
      if (value !== undefined && value !== false) return value;
      if (Date.now() > deadline) throw new Error(`FIX client: no ${what} within ${ms} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  ready(): Promise<TestClient> {
    return this.until(() => this.session, 'logon');
  }

  async send(msgType: string, body: Record<string, unknown>): Promise<void> {
    (await this.ready()).sendApp(msgType, body);
  }

  /** The first message after `from` received of a type that satisfies `test`. */
  next(msgType: string, test: (message: Received) => boolean = () => true, from = 0) {
    return this.until(
      () => this.received.slice(from).find((m) => m.msgType === msgType && test(m)),
      `${msgType}`,
    );
  }

  /**
   * Logs out, or, before the Logon is answered, ends the connection: jspurefix's initiator has no
   * stop of its own, and its run would otherwise last as long as the session it goes on to open.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.session) this.session.logout();
    else this.created?.end();
    this.launcher.stop();
    await this.run;
  }
}
