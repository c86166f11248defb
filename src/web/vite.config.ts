/**
 * The web client's build (`npm run build:web`, run by `prepare` at install) into dist/web, which
 * the platform serves at `/`; and its dev server (`npm run dev:web`) with hot reload, which passes
 * the API and the client config through to a running platform (PLATFORM_URL, default :8080).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const platformUrl = process.env.PLATFORM_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': platformUrl, '/web-config.json': platformUrl },
  },
});
