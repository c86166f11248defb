/**
 * The web client at `/` (docs/web.md): the files vite built into dist/web, read once when the
 * app is built so exactly those paths are served, and `/web-config.json`, which tells the client
 * where the trading process answers. index.html carries a content security policy that lets the
 * client reach this origin and the trading process (REST and WebSocket), nothing else.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../lib/errors.js';
import type { HttpApp } from '../../lib/http/app.js';

/** dist/web at the package root: three levels up from src/platform/web or dist/platform/web. */
export const defaultWebDir = fileURLToPath(new URL('../../../dist/web/', import.meta.url));

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface WebFile {
  body: Buffer;
  type: string;
  /** vite names assets by their content hash, so a browser may keep them for good */
  immutable: boolean;
}

async function readBuild(dir: string): Promise<Map<string, WebFile> | undefined> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = new Map<string, WebFile>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const urlPath = `/${path.relative(dir, full).split(path.sep).join('/')}`;
    files.set(urlPath, {
      body: await fs.readFile(full),
      type: contentTypes[path.extname(entry.name)] ?? 'application/octet-stream',
      immutable: urlPath.startsWith('/assets/'),
    });
  }
  return files.has('/index.html') ? files : undefined;
}

/**
 * The policy of the client's page: its own origin, plus the trading process (and each trading
 * node of a cluster, which the page sends a book's orders to directly) for data.
 */
export function webContentSecurityPolicy(tradingUrl: string, tradingNodes: string[] = []): string {
  const trading = new URL(tradingUrl);
  const socket = `${trading.protocol === 'https:' ? 'wss:' : 'ws:'}//${trading.host}`;
  const nodes = tradingNodes
    .map((node) => new URL(node).origin)
    .filter((origin) => origin !== trading.origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Preact sets a few style attributes (depth bars); no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    // blob: for a verification document staff open (fetched with the session, shown from memory)
    "img-src 'self' data: blob:",
    `connect-src 'self' ${[trading.origin, socket, ...nodes].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function webRoutes(
  app: HttpApp,
  options: { dir: string; tradingUrl: string; tradingNodes?: string[] },
): Promise<void> {
  const files = await readBuild(options.dir);
  const tradingNodes = options.tradingNodes ?? [];
  const policy = webContentSecurityPolicy(options.tradingUrl, tradingNodes);

  app.get('/web-config.json', { schema: { hide: true } }, () => ({
    trading_url: options.tradingUrl.replace(/\/$/, ''),
    trading_nodes: tradingNodes.map((node) => node.replace(/\/$/, '')),
  }));

  if (!files) {
    app.get('/', { schema: { hide: true } }, () => {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `The web app is not built (no ${path.join(options.dir, 'index.html')}): run npm run build:web`,
      );
    });
    return;
  }
  for (const [urlPath, file] of files) {
    const routes = urlPath === '/index.html' ? ['/', urlPath] : [urlPath];
    for (const route of routes) {
      app.get(route, { schema: { hide: true } }, (_request, reply) => {
        reply.header('content-type', file.type);
        reply.header(
          'cache-control',
          file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        if (file.type.startsWith('text/html')) reply.header('content-security-policy', policy);
        return reply.send(file.body);
      });
    }
  }
}
