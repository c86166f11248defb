/**
 * `tessera fix`: the FIX 4.4 gateway (docs/fix.md). jspurefix's acceptor on FIX_PORT (over TLS
 * when FIX_TLS_CERT and FIX_TLS_KEY are set), answering any client CompID with a session in force
 * whose TargetCompID is FIX_COMP_ID; each connection is a GatewaySession over the PostgreSQL
 * session store. The API keys are held as every serving process holds them (a ring reloaded
 * each second), so a Logon is checked without a database round trip for the key.
 */
import 'reflect-metadata';
import { connect } from 'node:net';
import {
  JsFixWinstonLogFactory,
  SessionLauncher,
  WinstonLogger,
  type EngineFactory,
  type IJsFixConfig,
  type ISessionDescription,
  type SessionId,
} from 'jspurefix';
import { ApiKeyRing } from '../lib/auth/api-keys.js';
import { BookRoute } from '../lib/book-route.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { FieldEncryption } from '../lib/crypto/field-encryption.js';
import type { Db } from '../lib/db/database.js';
import type { Logger } from '../lib/logger.js';
import { startWithDatabase, type RunningProcess } from '../lib/process.js';
import { GatewaySession, type GatewayDeps } from './gateway-session.js';
import { PgSessionStore } from './session-store.js';

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

class Gateway extends SessionLauncher {
  constructor(
    config: Config,
    private readonly deps: GatewayDeps,
  ) {
    // jspurefix's own log: its errors only (ours go through pino)
    super(
      null,
      acceptorDescription(config),
      new JsFixWinstonLogFactory(WinstonLogger.consoleOptions('error')),
    );
  }

  protected override makeFactory(config: IJsFixConfig): EngineFactory {
    config.sessionStoreFactory = {
      create: (sessionId: SessionId) =>
        new PgSessionStore(sessionId, this.deps.db, this.deps.clock),
    };
    return {
      makeSession: (sessionConfig: IJsFixConfig) => new GatewaySession(sessionConfig, this.deps),
    };
  }
}

/**
 * Resolves once the listener accepts connections. jspurefix keeps its server to itself, so this
 * connects (the probe's connection ends before any Logon, which jspurefix logs as one error).
 */
async function listening(port: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (attempt > 400) throw new Error(`the FIX gateway did not listen on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
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
    compId: config.fix.compId,
    eventPollMs: config.fix.eventPollMs,
    seenSignatures: new Map(),
  });
  const running = gateway.run();
  // a listener that fails to start rejects `running`; one that starts accepts connections
  await Promise.race([
    listening(config.ports.fix),
    running.then(() => listening(config.ports.fix)),
  ]);
  const scheme = config.fix.tlsCert && config.fix.tlsKey ? 'fix+tls' : 'fix';
  return {
    keys,
    url: `${scheme}://${config.host}:${config.ports.fix}`,
    stop: async () => {
      keys.stop();
      gateway.stop();
      await running.catch(() => undefined);
    },
  };
}

export function startFix(config: Config, logger: Logger): Promise<RunningProcess> {
  return startWithDatabase('fix', config, (db) => startFixGateway({ config, db, logger }));
}
