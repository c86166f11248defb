/**
 * The HTTP foundation every process builds on: `buildHttpApp` returns a ready-to-extend Fastify
 * instance (TypeBox schemas, strict validation, problem+json errors, OpenAPI at /openapi.json and
 * /docs, request ids, /metrics, security headers, CORS, rate limits, /healthz and /readyz).
 * Listening is separate (`listen`) so tests drive the app through `inject()`.
 */
import cors from '@fastify/cors';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { withProblemAnswers } from './problem-answers.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { AppError } from '../errors.js';
import { documentKeyRoutes, replaySignedBody } from './auth-guard.js';
import { newId } from '../ids.js';
import { registerMetrics } from './metrics.js';
import { clientErrorHandler, errorHandler, notFoundHandler } from './problem.js';
import { readinessAnswer, type Readiness } from './readiness.js';
import { RequestLinesAtDebug, requestForLog } from './request-log.js';
import { refuseLoneSurrogates, strictQuerystring, validatorCompiler } from './validation.js';

export interface HttpAppOptions {
  name: string;
  version?: string;
  description: string;
  logger: Logger;
  corsOrigins: readonly string[];
  rateLimitPerMinute: number;
  bodyLimitBytes: number;
  /**
   * Proxies whose X-Forwarded-For names the client (addresses or CIDRs). Empty: the client is the
   * socket's peer and the header is ignored, so it cannot be forged to dodge per-address limits.
   */
  trustedProxies?: readonly string[];
  /** Each dependency's status (database, chain...): what `/readyz` answers. */
  readiness?: () => Promise<Readiness>;
  /** Where /metrics reads from; a process with metrics of its own passes its registry. */
  metricsRegistry?: Registry;
  /** Extra OpenAPI security schemes (bearer is always declared). */
  securitySchemes?: Record<string, object>;
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * helmet's default security headers, computed once: the same for every answer (no CSP nonces),
 * where @fastify/helmet built its middleware again, CSP parsing included, on every request
 * (about 5% of the trading process's CPU per order). A route may still set its own.
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet()({} as IncomingMessage, collect as unknown as ServerResponse, () => undefined);
  return headers;
}

function createFastify(options: HttpAppOptions) {
  return Fastify({
    // Request logs never carry query values (tokens travel in query strings). The cast fixes the
    // instance's logger type to Fastify's own, which route plugins expect.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: options.logger.child(
      {},
      {
        serializers: { req: requestForLog },
      },
    ) as FastifyBaseLogger,
    bodyLimit: options.bodyLimitBytes,
    logController: new RequestLinesAtDebug(),
    trustProxy: options.trustedProxies?.length ? [...options.trustedProxies] : false,
    // errors raised before routing (an over-long or undecodable path parameter) and by Node's
    // HTTP parser go through the same funnel as every other refusal
    frameworkErrors: (error, request, reply) => {
      errorHandler(error, request, reply);
    },
    clientErrorHandler,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : newId();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
}

export type HttpApp = ReturnType<typeof createFastify>;

export async function buildHttpApp(options: HttpAppOptions): Promise<HttpApp> {
  const app = createFastify(options);

  app.setValidatorCompiler(validatorCompiler());
  // Every route of the API (the OpenAPI document: hidden routes such as the web app's pages are
  // not part of it) refuses query parameters it does not declare.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (schema?.hide === true) return;
    route.schema = {
      ...schema,
      querystring: strictQuerystring(schema?.querystring, `${String(route.method)} ${route.url}`),
    };
  });
  // Text with a lone surrogate is refused before the route's schema. Only a JSON body can carry
  // one: a URL's escapes are UTF-8 (a path parameter that does not decode is MALFORMED_URL, a query
  // value keeps its escapes as text) and header values are Latin-1.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseLoneSurrogates('body', request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  // before swagger's own: the routes open to API keys say so in the OpenAPI documents
  app.addHook('onRoute', documentKeyRoutes);
  app.addHook('preParsing', replaySignedBody);
  const security = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(security);
    reply.header('x-request-id', request.id);
    done();
  });
  await app.register(cors, {
    origin: options.corsOrigins.length > 0 ? [...options.corsOrigins] : false,
    credentials: false,
    // The plugin's default admits GET, HEAD and POST only: the web client amends orders (PATCH),
    // cancels them (DELETE), changes trading settings (PATCH) and replaces a token's
    // surveillance thresholds (PUT) on the trading process.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => request.url === '/healthz' || request.url === '/readyz',
    errorResponseBuilder: (_request, context) => {
      // Thrown into the error funnel, which renders problem+json (and the Retry-After header).
      return new AppError(
        'RATE_LIMITED',
        `Limit of ${context.max} requests; retry in ${context.after}`,
        {
          retry_after: Math.max(1, Math.ceil(context.ttl / 1000)),
        },
      );
    },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `Tessera ${options.name}`,
        version: options.version ?? '0.1.0',
        description: options.description,
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Tessera-Key',
            description:
              'A signed API key request: X-Tessera-Key, X-Tessera-Timestamp (ms) and X-Tessera-Signature (hex HMAC-SHA256 of timestamp + method + path + body; docs/api.md, "API keys"). The scope is the one the route needs.',
          },
          ...options.securitySchemes,
        },
      },
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? withProblemAnswers(document.openapiObject)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  registerMetrics(app, options.name, options.metricsRegistry);

  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, () => ({
    status: 'ok',
    service: options.name,
  }));
  // 503 only when a required dependency is not ok: a load balancer keeps a degraded process.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const answer = readinessAnswer(
      options.readiness ? await options.readiness() : { required: {} },
    );
    return reply
      .code(answer.status === 'not_ready' ? 503 : 200)
      .send({ status: answer.status, service: options.name, checks: answer.checks });
  });
  return app;
}

/**
 * One per-IP budget shared by every route given the returned route options: each use of the
 * limiter counts against the same window, whichever of those routes is called. The global limit is
 * switched off on those routes (this one is the tighter of the two).
 */
export function sharedRateLimit(app: HttpApp, perMinute: number) {
  const limiter = app.rateLimit({ max: perMinute, timeWindow: '1 minute' });
  return { config: { rateLimit: false as const }, onRequest: limiter };
}

/** Starts listening; a port already taken becomes an error that names it. */
export async function listen(app: HttpApp, host: string, port: number): Promise<string> {
  try {
    return await app.listen({ host, port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${port} on ${host} is already in use`, { cause: error });
    }
    throw error;
  }
}
