// A tiny static file server for the built files, sending the strict Content-Security-Policy the issue
// asks the site to work under (Vite's dev server would add its own scripts and could not show it).
// Only paths under the listed roots are served; everything else is a 404.
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  url: string;
  /** Paths requested, in order (to see that the engine really came from this server). */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves files of `root` whose path starts with one of `allowed` (e.g. '/dist/', '/web/demo.html'),
 * with the given Content-Security-Policy (null: none).
 */
export async function serveStatic(
  root: string,
  allowed: readonly string[],
  csp: string | null = STRICT_CSP,
): Promise<StaticServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      requests.push(path);
      const policy: Record<string, string> = csp === null ? {} : { 'Content-Security-Policy': csp };
      // Browsers ask for /favicon.ico on their own; its absence is not the page's doing.
      if (path === '/favicon.ico') {
        response.writeHead(204, policy);
        response.end();
        return;
      }
      const file = normalize(join(root, path));
      const inside = file.startsWith(resolve(root) + sep) && allowed.some((prefix) => path.startsWith(prefix));
      try {
        if (!inside || !(await stat(file)).isFile()) throw new Error('not found');
        const body = await readFile(file);
        response.writeHead(200, {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          ...policy,
          'Cache-Control': 'no-store',
        });
        response.end(body);
      } catch {
        response.writeHead(404, { 'Content-Type': 'text/plain', ...policy });
        response.end('not found');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
