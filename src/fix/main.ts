/**
 * `tessera fix`: the FIX 4.4 gateway (docs/fix.md). jspurefix's acceptor on FIX_PORT (over TLS
 * when FIX_TLS_CERT and FIX_TLS_KEY are set), answering any client CompID with a session in force
 * whose TargetCompID is FIX_COMP_ID; each connection is a GatewaySession over the PostgreSQL
 * session store. The API keys are held as every serving process holds them (a ring reloaded
 * each second), so a Logon is checked without a database round trip for the key.
 */
import 'reflect-metadata';
import type { Server } from 'node:net';
import {
  JsFixWinstonLogFactory,
  SessionLauncher,
  WinstonLogger,
  type EngineFactory,
  type IJsFixConfig,
  type ISessionDescription,
  type SessionId,
} from 'jspurefix';
// jspurefix's package index does not export its TCP acceptor (the class its listener resolves)
import { TcpAcceptor } from 'jspurefix/dist/transport/tcp/tcp-acceptor.js';
import { ApiKeyRing } from '../lib/auth/api-keys.js';
import { BookRoute } from '../lib/book-route.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { FieldEncryption } from '../lib/crypto/field-encryption.js';
import type { Db } from '../lib/db/database.js';
import type { Logger } from '../lib/logger.js';
import { startWithDatabase, type RunningProcess } from '../lib/process.js';
import { withCopyMsgIndicator } from './dictionary.js';
import { EventWatch } from './event-watch.js';
import { Instruments } from './instruments.js';
import { GatewaySession, type GatewayDeps } from './gateway-session.js';
import { PgSessionStore } from './session-store.js';

/** FIX's field delimiter (jspurefix's package index does not export its AsciiChars) */
const soh = 0x01;

/** how long the gateway keeps a known Symbol / SecurityID before reading it again */
const instrumentsMaxAgeMs = 60_000;

/** The acceptor's description: FIX 4.4 (jspurefix's FIX repository dictionary), any client. */
function acceptorDescription(config: Config): ISessionDescription {
  const { tlsCert, tlsKey } = config.fix;
  return {
    application: {
      type: 'acceptor',
      name: 'tessera-fix',
      protocol: 'ascii',
      dictionary: 'repo44',
      tcp: {
        host: config.host,
        port: config.ports.fix,
        ...(tlsCert && tlsKey ? { tls: { cert: tlsCert, key: tlsKey } } : {}),
      },
    },
    BeginString: 'FIX.4.4',
    SenderCompId: config.fix.compId,
    // any client: the Logon names it, and a session in force must exist for it
    TargetCompID: '*',
    HeartBtInt: config.fix.heartbeatSeconds,
    ResetSeqNumFlag: false,
  } as unknown as ISessionDescription;
}

/**
 * jspurefix's TCP acceptor, listening on the configured host (its own `listen` takes the port
 * only, so binds every interface) and telling when it listens or fails to: the gateway is ready
 * without a probe connection (which jspurefix would log as a broken session).
 */
class BoundAcceptor extends TcpAcceptor {
  constructor(
    config: IJsFixConfig,
    private readonly host: string,
    private readonly outcome: { resolve: () => void; reject: (error: Error) => void },
  ) {
    super(config);
  }

  override listen(): void {
    // jspurefix keeps the server private, and its own error handler throws
    const server = (this as unknown as { server: Server }).server;
    server.removeAllListeners('error');
    server.on('error', (error) => this.outcome.reject(error));
    server.listen(this.config.description.application?.tcp?.port, this.host, () =>
      this.outcome.resolve(),
    );
  }
}

class Gateway extends SessionLauncher {
  readonly listening: Promise<void>;
  private outcome!: { resolve: () => void; reject: (error: Error) => void };

  constructor(
    private readonly config: Config,
    private readonly deps: GatewayDeps,
  ) {
    // jspurefix's own log: its errors only (ours go through pino)
    super(
      null,
      acceptorDescription(config),
      new JsFixWinstonLogFactory(WinstonLogger.consoleOptions('error')),
    );
    this.listening = new Promise((resolve, reject) => {
      this.outcome = { resolve, reject };
    });
  }

  protected override makeFactory(config: IJsFixConfig): EngineFactory {
    withCopyMsgIndicator(config.definitions);
    // jspurefix hands the session each message as encoded with its log delimiter ('|' unless
    // told): with SOH the store keeps the bytes sent, which parse back for a resend
    config.logDelimiter = soh;
    config.sessionStoreFactory = {
      create: (sessionId: SessionId) =>
        new PgSessionStore(sessionId, this.deps.db, this.deps.clock),
    };
    config.sessionContainer.register(TcpAcceptor, {
      useFactory: () => new BoundAcceptor(config, this.config.host, this.outcome),
    });
    return {
      makeSession: (sessionConfig: IJsFixConfig) => new GatewaySession(sessionConfig, this.deps),
    };
  }
}

export interface FixGatewayOptions {
  config: Config;
  db: Db;
  logger: Logger;
  clock?: Clock;
  /** how often the API keys are reloaded; 0: only at start (tests reload them) */
  keyPollMs?: number;
}

/** Starts the gateway on the given pool; stopping closes the listener and every session. */
export async function startFixGateway(options: FixGatewayOptions) {
  const { config, db, logger, clock = systemClock, keyPollMs = 1000 } = options;
  const keys = new ApiKeyRing({
    db,
    clock,
    encryption: new FieldEncryption(config.encryption),
    logger,
    perMinute: config.auth.apiKeyRateLimitPerMinute,
    // a staff venue-wide drop copy logs on with a read-only staff key, which no API accepts
    staffReadKeys: true,
  });
  await keys.refresh();
  if (keyPollMs > 0) {
    keys.start(keyPollMs, (error) => logger.error({ err: error }, 'api key poll failed'));
  }
  const gateway = new Gateway(config, {
    db,
    clock,
    keys,
    logger,
    // one map of the books' owners for every session (read again every 2 s while orders flow)
    route: new BookRoute({ anyNode: () => config.urls.trading.replace(/\/$/, '') }),
    serviceToken: config.auth.serviceToken,
    compId: config.fix.compId,
    eventPollMs: config.fix.eventPollMs,
    watch: new EventWatch(db, config.fix.eventPollMs),
    instruments: new Instruments(db, instrumentsMaxAgeMs),
    seenSignatures: new Map(),
  });
  const running = gateway.run();
  await Promise.race([gateway.listening, running.then(() => gateway.listening)]);
  const scheme = config.fix.tlsCert && config.fix.tlsKey ? 'fix+tls' : 'fix';
  return {
    keys,
    url: `${scheme}://${config.host}:${config.ports.fix}`,
    stop: async () => {
      gateway.stop();
      await Promise.all([keys.stop(), running.catch(() => undefined)]);
    },
  };
}

export function startFix(config: Config, logger: Logger): Promise<RunningProcess> {
  return startWithDatabase('fix', config, (db) => startFixGateway({ config, db, logger }));
}
