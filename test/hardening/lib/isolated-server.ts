// Vite's dev server over the repository, like test/browser/server.ts, but sending the two headers
// that make a page cross-origin isolated, so SearchWorker stops searches in place through shared
// memory (its other path, terminating the worker, is reached by switching canStopInPlace off).
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import type { TestServer } from '../../browser/server.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export async function startIsolatedServer(): Promise<TestServer> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    clearScreen: false,
    cacheDir: 'node_modules/.vite-hardening-tests',
    optimizeDeps: { noDiscovery: true, include: [] },
    server: {
      host: '127.0.0.1',
      port: 0,
      strictPort: false,
      hmr: false,
      watch: null,
      headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    },
  });
  await server.listen();
  const address = server.httpServer!.address();
  if (!address || typeof address === 'string') throw new Error('Vite did not report a port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}
