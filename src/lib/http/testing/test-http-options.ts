import { pino } from 'pino';
import type { HttpAppOptions } from '../app.js';

/** Options of a bare test app built on the HTTP foundation: silent, no CORS origin, 1 KiB bodies. */
export const testHttpOptions: HttpAppOptions = {
  name: 'test',
  description: 'test',
  logger: pino({ level: 'silent' }),
  corsOrigins: [],
  rateLimitPerMinute: 1000,
  bodyLimitBytes: 1024,
};
