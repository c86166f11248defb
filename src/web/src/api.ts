/**
 * The client's one way to the APIs: JSON over fetch with the session's bearer token, one refresh
 * and retry when the access token has expired, and every refusal turned into an ApiError that
 * carries the problem+json body (title, detail, code, field errors) for display.
 */
import createClient from 'openapi-fetch';
import { BookRoute } from '../../lib/book-route.js';
import type { paths as PlatformPaths } from '../../sdk/generated/platform.js';
import type { paths as TradingPaths } from '../../sdk/generated/trading.js';
import { session } from './session.js';

export interface FieldProblem {
  field: string;
  message: string;
  /** the refusal in a sentence for people (VALIDATION_FAILED) */
  detail?: string;
  unknown_field?: string;
}

export interface Problem {
  status: number;
  title: string;
  detail?: string;
  code?: string;
  /** the token's rule that refused a COMPLIANCE_* request */
  rule?: string;
  errors?: FieldProblem[];
}

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
  }
  get code(): string | undefined {
    return this.problem.code;
  }
}

export interface ClientConfig {
  /** where the trading process answers (orders, order book, trades, /ws) */
  trading_url: string;
  /** every trading node of a cluster (the page may send to each); empty for one process */
  trading_nodes: string[];
}

let clientConfig: Promise<ClientConfig> | undefined;

/** The platform tells the client where the trading process is (GET /web-config.json). */
export function loadClientConfig(): Promise<ClientConfig> {
  clientConfig ??= fetch('/web-config.json')
    .then((r) => r.json() as Promise<ClientConfig>)
    .catch((error: unknown) => {
      // Not cached: the next caller asks again.
      clientConfig = undefined;
      throw error;
    });
  return clientConfig;
}

async function problemOf(response: Response): Promise<Problem> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as Partial<Problem>;
    return { ...body, status: response.status, title: body.title ?? response.statusText };
  } catch {
    return {
      status: response.status,
      title: response.statusText || 'Request failed',
      detail: text,
    };
  }
}

/**
 * Asks the user for their second factor again (the step-up dialog, mounted by the shell); true
 * once the session's token carries a fresh one.
 */
let stepUpPrompt: (() => Promise<boolean>) | undefined;

export function onStepUpRequired(prompt: (() => Promise<boolean>) | undefined): void {
  stepUpPrompt = prompt;
}

/** A request as openapi-fetch built it, sent again as it was (a refresh, a step-up). */
interface Outgoing {
  url: string;
  method: string;
  headers: Headers;
  body: ArrayBuffer | undefined;
}

async function outgoing(request: Request, base?: string): Promise<Outgoing> {
  const url = new URL(request.url, location.href);
  return {
    url: base === undefined ? url.href : `${base}${url.pathname}${url.search}`,
    method: request.method,
    headers: new Headers(request.headers),
    body: request.body === null ? undefined : await request.arrayBuffer(),
  };
}

function send(request: Outgoing, token?: string): Promise<Response> {
  const headers = new Headers(request.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(request.url, { method: request.method, headers, body: request.body }).catch(
    (error: unknown) => {
      throw new ApiError({
        status: 0,
        title: 'The server could not be reached',
        detail: error instanceof Error ? error.message : String(error),
      });
    },
  );
}

/**
 * The session's fetch under the SDK's clients: the bearer token, one refresh and retry on 401, the
 * step-up dialog and retry on STEP_UP_REQUIRED, and any refusal thrown as an ApiError.
 */
async function sessionFetch(built: Request, base?: string): Promise<Response> {
  const request = await outgoing(built, base);
  let response = await send(request, session.accessToken());
  if (response.status === 401 && session.accessToken() && (await session.refresh())) {
    response = await send(request, session.accessToken());
  }
  if (response.status === 403 && stepUpPrompt) {
    const problem = await problemOf(response);
    if (problem.code !== 'STEP_UP_REQUIRED') throw new ApiError(problem);
    // the action waits for the factor, then is sent again as it was
    if (!(await stepUpPrompt())) throw new ApiError(problem);
    response = await send(request, session.accessToken());
  }
  if (!response.ok) throw new ApiError(await problemOf(response));
  return response;
}

/** Without the session (sign-in, refresh): a refusal thrown as an ApiError. */
async function anonymousFetch(built: Request): Promise<Response> {
  const response = await send(await outgoing(built));
  if (!response.ok) throw new ApiError(await problemOf(response));
  return response;
}

/** The platform API (same origin), typed by its OpenAPI document (src/sdk/generated). */
export const platform = createClient<PlatformPaths>({ fetch: (request) => sessionFetch(request) });

/** The platform's routes without the session: sign-in and refresh. */
export const anonymous = createClient<PlatformPaths>({ fetch: anonymousFetch });

/** The trading process's API, at the URL the platform names. */
export const trading = createClient<TradingPaths>({
  fetch: async (request) => sessionFetch(request, (await loadClientConfig()).trading_url),
});

/**
 * The answer's body: a refusal never gets here (the clients' fetch throws it as an ApiError), so
 * only a body-less success (204) leaves it undefined.
 */
export async function ok<T>(answer: Promise<{ data?: T }>): Promise<T> {
  return (await answer).data as T;
}

/** A file the platform answers (CSV, PDF, an image), read with the session's token. */
export async function fetchBlob(path: string): Promise<Blob> {
  return (await sessionFetch(new Request(path))).blob();
}

/** Saves a file the platform answers (CSV, PDF) under `fileName`, with the session's token. */
export async function download(path: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchBlob(path));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

let bookRoute: Promise<BookRoute | undefined> | undefined;

/**
 * The books' owners among the nodes the platform names (docs/deployment.md "Token-aware
 * clients"); none for a single trading process.
 */
function loadBookRoute(): Promise<BookRoute | undefined> {
  bookRoute ??= loadClientConfig().then(({ trading_url, trading_nodes }) => {
    const nodes = new Set((trading_nodes ?? []).map((url) => new URL(url).origin));
    if (nodes.size === 0) return undefined;
    return new BookRoute({
      anyNode: () => trading_url,
      allowed: (url) => nodes.has(new URL(url).origin),
      refreshMs: 5_000,
    });
  });
  return bookRoute;
}

/**
 * The fetch of a command of the book of `tokenId`: in a cluster, straight to the node that owns
 * the book (no hop between nodes); an owner the page cannot reach is passed over for any node.
 */
export function toBook(tokenId: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const route = await loadBookRoute();
    if (!route) return sessionFetch(request, (await loadClientConfig()).trading_url);
    const url = route.urlFor(tokenId);
    try {
      return await sessionFetch(request, url);
    } catch (error) {
      // the browser tells no reason: a node that cannot be reached is passed over next time
      if (error instanceof ApiError && error.problem.status === 0) route.unreachable(url);
      throw error;
    }
  };
}
