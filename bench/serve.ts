// Serves the bench page for `npm run bench:browser` and its test: Vite's dev server over the
// repository (TypeScript transformed on request, no site build needed; the page is
// /web/bench.html), or, with a directory, Vite's static preview of a built site (/bench.html).
import { fileURLToPath } from 'node:url';
import { createServer, preview } from 'vite';
import type { AddressInfo } from 'node:net';
import { repoRoot } from './stats.ts';

// As the site's vite.config.ts sends them: a cross-origin isolated page gets a finer clock
// (performance.now() to 5 µs rather than 100 µs) and the same engine setup as the game page.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
};

export interface BenchServer {
  /** URL of the bench page, without a query. */
  pageUrl: string;
  close(): Promise<void>;
}

function portOf(address: string | AddressInfo | null | undefined): number {
  if (!address || typeof address === 'string') throw new Error('Vite did not report a port');
  return address.port;
}

/** `page`: bench.html (wasm against JS) or bench-threads.html (1 thread against several). */
export async function serveBenchPage(site?: string, page = 'bench.html'): Promise<BenchServer> {
  const root = fileURLToPath(repoRoot());
  if (site) {
    const server = await preview({
      root,
      configFile: false,
      logLevel: 'error',
      build: { outDir: site },
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false, headers: isolation },
    });
    const port = portOf(server.httpServer.address());
    return { pageUrl: `http://127.0.0.1:${port}/${page}`, close: () => server.close() };
  }
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    clearScreen: false,
    cacheDir: 'node_modules/.vite-bench',
    // No dependency pre-bundling: it could re-optimize and reload the page in the middle of a run.
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null, headers: isolation },
  });
  await server.listen();
  const port = portOf(server.httpServer?.address());
  return { pageUrl: `http://127.0.0.1:${port}/web/${page}`, close: () => server.close() };
}
