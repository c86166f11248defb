/**
 * Run before each test file (vitest's setupFiles). The files of a worker share its modules
 * (vitest.config.ts, `isolate: false`), so what a helper keeps for one file's system is
 * forgotten here before the next file starts its own.
 */
import { forgetSecrets } from './second-factor.js';

forgetSecrets();
