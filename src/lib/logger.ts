import { pino, type Logger, type LoggerOptions } from 'pino';

/** Fields never written to logs, wherever they appear in a logged object. */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-payload-digest"]',
  '*.password',
  '*.document_number',
  '*.refresh_token',
  '*.access_token',
  '*.private_key',
];

export function loggerOptions(name: string, level: string): LoggerOptions {
  return { name, level, redact: { paths: redactPaths, censor: '[redacted]' } };
}

export function createLogger(name: string, level: string): Logger {
  return pino(loggerOptions(name, level));
}

export type { Logger };
