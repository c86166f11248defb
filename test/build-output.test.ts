/**
 * `npm run build` (tsconfig.build.json) compiles the application only: no tests, no test fixtures
 * (src/**\/testing/), no test harness (test/).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('the build', () => {
  it('compiles no test, test fixture or harness file', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [tsc, '-p', 'tsconfig.build.json', '--listFilesOnly'],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    );
    const ours = stdout
      .split('\n')
      .map((file) => path.relative(root, file.trim()))
      .filter((file) => /^(src|test)\//.test(file));
    expect(ours).toContain('src/cli/main.ts');
    expect(ours.filter((file) => /\.test\.ts$|\/testing\/|^test\//.test(file))).toEqual([]);
  }, 120_000);
});
