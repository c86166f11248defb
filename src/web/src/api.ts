/**
 * The client's one way to the APIs: JSON over fetch with the session's bearer token, one refresh
 * and retry when the access token has expired, and every refusal turned into an ApiError that
 * carries the problem+json body (title, detail, code, field errors) for display.
 */
import { BookRoute } from '../../lib/book-route.js';
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

export type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

function send(base: string, method: Method, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch((error: unknown) => {
    throw new ApiError({
      status: 0,
      title: 'The server could not be reached',
      detail: error instanceof Error ? error.message : String(error),
    });
  });
}

/**
 * Asks the user for their second factor again (the step-up dialog, mounted by the shell); true
 * once the session's token carries a fresh one.
 */
let stepUpPrompt: (() => Promise<boolean>) | undefined;

export function onStepUpRequired(prompt: (() => Promise<boolean>) | undefined): void {
  stepUpPrompt = prompt;
}

async function request<T>(base: string, method: Method, path: string, body?: unknown): Promise<T> {
  let response = await send(base, method, path, body, session.accessToken());
  if (response.status === 401 && session.accessToken() && (await session.refresh())) {
    response = await send(base, method, path, body, session.accessToken());
  }
  if (response.status === 403 && stepUpPrompt) {
    const problem = await problemOf(response);
    if (problem.code !== 'STEP_UP_REQUIRED') throw new ApiError(problem);
    // the action waits for the factor, then is sent again as it was
    if (!(await stepUpPrompt())) throw new ApiError(problem);
    response = await send(base, method, path, body, session.accessToken());
  }
  if (!response.ok) throw new ApiError(await problemOf(response));
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** The platform API (same origin). */
export const api = {
  get: <T>(path: string) => request<T>('', 'GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('', 'POST', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('', 'PATCH', path, body),
  put: <T>(path: string, body: unknown) => request<T>('', 'PUT', path, body),
  del: <T>(path: string) => request<T>('', 'DELETE', path),
  /** without the session: sign-in and refresh */
  anonymous: async <T>(path: string, body: unknown): Promise<T> => {
    const response = await send('', 'POST', path, body);
    if (!response.ok) throw new ApiError(await problemOf(response));
    return (await response.json()) as T;
  },
};

/** A file the platform answers (CSV, PDF, an image), read with the session's token. */
export async function fetchBlob(path: string): Promise<Blob> {
  let response = await send('', 'GET', path, undefined, session.accessToken());
  if (response.status === 401 && session.accessToken() && (await session.refresh())) {
    response = await send('', 'GET', path, undefined, session.accessToken());
  }
  if (!response.ok) throw new ApiError(await problemOf(response));
  return response.blob();
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

/** The trading process's API, at the URL the platform names. */
export const tradingApi = {
  async call<T>(method: Method, path: string, body?: unknown): Promise<T> {
    const { trading_url } = await loadClientConfig();
    return request<T>(trading_url, method, path, body);
  },
  /**
   * A command of the book of `tokenId`: in a cluster, straight to the node that owns the book
   * (no hop between nodes); an owner the page cannot reach is passed over for any node.
   */
  async book<T>(tokenId: string, method: Method, path: string, body?: unknown): Promise<T> {
    const route = await loadBookRoute();
    if (!route) return tradingApi.call<T>(method, path, body);
    const url = route.urlFor(tokenId);
    try {
      return await request<T>(url, method, path, body);
    } catch (error) {
      // the browser tells no reason: a node that cannot be reached is passed over next time
      if (error instanceof ApiError && error.problem.status === 0) route.unreachable(url);
      throw error;
    }
  },
};

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
