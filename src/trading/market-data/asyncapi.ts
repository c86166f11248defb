/**
 * The WebSocket's AsyncAPI 3.0 document (asyncapi.yaml), read once when the trading process
 * starts and served as JSON at /asyncapi.json by the process that serves /ws.
 */
import fs from 'node:fs/promises';
import { parse } from 'yaml';

// the same path from src/ (tsx) and from dist/ (the build, which copies no YAML)
const source = new URL('../../../src/trading/market-data/asyncapi.yaml', import.meta.url);

export async function readAsyncApiDocument(): Promise<Record<string, unknown>> {
  return parse(await fs.readFile(source, 'utf8')) as Record<string, unknown>;
}
