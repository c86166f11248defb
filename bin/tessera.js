#!/usr/bin/env node
// The `tessera` command. Runs the build in dist/ (compiled by `npm install`, or `npm run build`)
// when it is at least as new as every source file; otherwise the TypeScript sources through tsx's
// loader, so an edited checkout runs what was edited. Plain JavaScript boots each process in about
// half the time tsx takes to load and compile the sources.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const built = path.join(root, 'dist/cli/main.js');

/** The newest modification time of the sources the build compiles (tsconfig.build.json). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && file !== path.join(root, 'src/web'))
        newest = Math.max(newest, newestSource(file));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  }
  return newest;
}

function buildIsCurrent() {
  try {
    return fs.statSync(built).mtimeMs >= newestSource(path.join(root, 'src'));
  } catch {
    return false;
  }
}

if (buildIsCurrent()) {
  await import(built);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
