/** Hash routes (`#/trade/<id>`): the platform serves one index.html and needs no fallback. */
import { useEffect, useState } from 'preact/hooks';

export function currentPath(): string {
  return location.hash.replace(/^#/, '') || '/';
}

export function useRoute(): string {
  const [path, setPath] = useState(currentPath());
  useEffect(() => {
    const onChange = () => setPath(currentPath());
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return path;
}

export function navigate(path: string): void {
  location.hash = `#${path}`;
}

/** `match('/trade/:id', '/trade/abc')` -> `{ id: 'abc' }`, or undefined. */
export function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = got[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return undefined;
  }
  return params;
}
