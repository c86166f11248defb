/**
 * package.json's `engines.node` is a promise: every Node line it names runs every installed
 * dependency (npm warns EBADENGINE otherwise). Checked on the lockfile, so a dependency bump that
 * breaks the promise fails here rather than on an operator's install.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

interface Semver {
  validRange(range: string): string | null;
  subset(sub: string, dom: string): boolean;
}
const semver = createRequire(import.meta.url)('semver') as Semver;

interface LockedPackage {
  version?: string;
  engines?: Record<string, string> | string[];
}
interface Lockfile {
  packages: Record<string, LockedPackage>;
}

function read<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as T;
}

/** The Node range a locked package declares, if any (old packages may list engines as strings). */
function nodeRange(pkg: LockedPackage): string | undefined {
  const engines = pkg.engines;
  if (engines === undefined) return undefined;
  if (Array.isArray(engines)) {
    const entry = engines.find((line) => /^node\b/.test(line));
    return entry?.replace(/^node\s*/, '');
  }
  return engines.node;
}

describe('engines', () => {
  const ours = read<{ engines: { node: string } }>('package.json').engines.node;
  const lines = ours.split('||').map((line) => line.trim());

  it('names Node lines semver understands', () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(semver.validRange(line), line).not.toBeNull();
  });

  it('every locked package accepts every Node line package.json promises', () => {
    const { packages } = read<Lockfile>('package-lock.json');
    const refusals: string[] = [];
    for (const [location, pkg] of Object.entries(packages)) {
      if (location === '') continue;
      const theirs = nodeRange(pkg);
      if (theirs === undefined || theirs.trim() === '' || theirs.trim() === '*') continue;
      for (const line of lines) {
        if (!semver.subset(line, theirs)) {
          refusals.push(
            `${location}@${pkg.version ?? '?'} wants node ${theirs}, not all of ${line}`,
          );
        }
      }
    }
    expect(refusals).toEqual([]);
  });
});
