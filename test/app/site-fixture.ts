// The built game page (dist/site, `npm run build`) as users get it: served by `vite preview` with the
// site's cross-origin isolation headers (as vite.config.ts sends them), in headless Chromium. For the
// offline app, the pictures and the links, which need the production build (service worker, workers
// bundled as they ship). `serveSite(dir)` serves another copy of the site (an update's test).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { boardReady } from './page-fixture.ts';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const SITE = join(REPO, 'dist/site');

const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
};

export interface SiteServer {
  url: string;
  close(): Promise<void>;
}

/** Throws when the site was not built (with its service worker). */
export function requireSite(dir = SITE): void {
  for (const file of ['index.html', 'sw.js', 'manifest.webmanifest']) {
    if (!existsSync(join(dir, file))) throw new Error(`${join(dir, file)} is missing: run npm run build first`);
  }
}

/** `vite preview` of a built site folder on a free port of 127.0.0.1. */
export async function serveSite(dir = SITE): Promise<SiteServer> {
  requireSite(dir);
  const server = await preview({
    root: REPO,
    configFile: false,
    logLevel: 'error',
    build: { outDir: dir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false, headers: ISOLATION },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview did not report a port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      // Open keep-alive connections would keep answering after close(): the offline test needs them gone.
      (server.httpServer as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await server.close();
    },
  };
}

export interface SitePage {
  page: Page;
  context: BrowserContext;
  /** Uncaught exceptions and console errors of the page. */
  errors: string[];
}

/** A new context (1280x800, English) with `storage` preset once (a reload keeps what the page saved). */
export async function openSite(
  browser: Browser,
  url: string,
  storage: Record<string, unknown>,
  context?: BrowserContext,
): Promise<SitePage> {
  const ctx = context ?? (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' }));
  if (!context) {
    await ctx.addInitScript((entries) => {
      if (localStorage.getItem('xiangqi-wasm.preset')) return;
      localStorage.setItem('xiangqi-wasm.preset', '1');
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(`xiangqi-wasm.${k}`, JSON.stringify(v));
    }, storage);
  }
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  await page.goto(url);
  await boardReady(page);
  return { page, context: ctx, errors };
}

/** Waits until the service worker has installed, activated and controls the page. */
export async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** A point of the board by its square name (labels read `h2, red cannon`, `h2，红炮` or `e4`). */
export const cell = (page: Page, square: string) =>
  page.locator(
    `xiangqi-board [role="gridcell"]:is([aria-label^="${square},"], [aria-label^="${square}，"], [aria-label="${square}"])`,
  );

export async function clickMove(page: Page, move: string): Promise<void> {
  await cell(page, move.slice(0, 2)).click();
  await cell(page, move.slice(2)).click();
}

/** The move list's moves as written. */
export function moveList(page: Page): Promise<string[]> {
  return page.locator('.move-list ol .mv:not(.empty)').evaluateAll((b) => b.map((x) => x.textContent.trim()));
}

export function boardFen(page: Page): Promise<string | null> {
  return page.locator('xiangqi-board').getAttribute('fen');
}
