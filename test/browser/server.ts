// Serves the repository with Vite's dev server on localhost for browser tests (TypeScript sources are
// transformed on request, so tests need no build of the element).
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import type { ViteDevServer } from 'vite';
import { inject } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The run's shared dev server (started by global-setup.ts), or one of the file's own outside it. The
 * shared one's `close()` does nothing: it serves the other files too.
 */
export async function startServer(): Promise<TestServer> {
  const url = inject('devServerUrl');
  return url ? { url, close: async () => {} } : startOwnServer();
}

export async function startOwnServer(): Promise<TestServer> {
  const server: ViteDevServer = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    clearScreen: false,
    cacheDir: 'node_modules/.vite-browser-tests',
    // No dependency discovery: it would re-optimize and reload pages in the middle of a test. The one
    // CommonJS dependency (the practice tab's Glicko-2) is pre-bundled at start instead.
    optimizeDeps: { noDiscovery: true, include: ['glicko2-lite'] },
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
  });
  await server.listen();
  const address = server.httpServer!.address();
  if (!address || typeof address === 'string') throw new Error('Vite did not report a port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}
