// The game page (web/index.html) end to end in headless Chromium, shared by the app-*.test.ts files
// (split by topic so that they run side by side): one server and browser per file, `open()` for a page
// in a fresh context (empty localStorage) unless a test passes its own, and the page's common reads.
import { mkdirSync, statSync } from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from '../browser/chromium.ts';
import { startServer } from '../browser/server.ts';
import { boardReady } from './page-fixture.ts';
import type { TestServer } from '../browser/server.ts';

/** The shipped network's size: what the page must fetch and hand to its searches. */
export const SHIPPED_NETWORK_BYTES = statSync(new URL('../../nnue/xiangqi.nnue', import.meta.url)).size;

export const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
// Red mates with i7i9 (the chariot on a8 holds the eighth rank).
export const MATE_IN_ONE = '4k4/R8/8R/9/9/9/9/9/9/3K5 w - - 0 1';

let server: TestServer | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  mkdirSync('test-results', { recursive: true });
});

// A test's pages close when it ends: a page left open goes on searching (the computer's turns, an
// analysis of up to two minutes) and takes a core from the tests after it.
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A context of the file's browser, closed with the file. */
export async function newContext(options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser!.newContext(options);
  contexts.push(context);
  return context;
}

export interface Opened {
  page: Page;
  errors: string[];
  context: BrowserContext;
}

/** Opens the page in a new context; `storage` presets localStorage (settings, game). */
export async function open(
  options: { width?: number; height?: number; storage?: Record<string, unknown>; context?: BrowserContext } = {},
): Promise<Opened> {
  const context =
    options.context ??
    (await newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 }, locale: 'en-US' }));
  if (options.storage) {
    await context.addInitScript((entries) => {
      if (sessionStorage.getItem('preset')) return;
      sessionStorage.setItem('preset', '1');
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(`xiangqi-wasm.${k}`, JSON.stringify(v));
    }, options.storage);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // Errors, and the warning a browser gives when audio starts without a user's gesture.
    if (m.type() === 'error' || /AudioContext/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server!.url}/web/index.html`);
  await ready(page);
  return { page, errors, context };
}

/** Waits until the page's board has its engine (the page is usable). */
export const ready = boardReady;

/** Settings a test starts from: English, WXF, quick computer (level 1). */
export const quick = (extra: Record<string, unknown> = {}) => ({
  settings: { lang: 'en', notation: 'WXF', level: 1, red: 'human', black: 'computer', ...extra },
});

/** A point of the board by its square name (labels read `h2, red cannon`, `h2，红炮` or `e4`). */
export const cell = (page: Page, square: string) =>
  page.locator(
    `xiangqi-board [role="gridcell"]:is([aria-label^="${square},"], [aria-label^="${square}，"], [aria-label="${square}"])`,
  );

export async function clickMove(page: Page, move: string): Promise<void> {
  await cell(page, move.slice(0, 2)).click();
  await cell(page, move.slice(2, 4)).click();
}

/** Opens a tab of the side panel (moves, game: players and level, settings). */
export const tab = (page: Page, name: 'moves' | 'game' | 'review' | 'settings'): Promise<void> =>
  page.click(`[role="tab"][data-tab="${name}"]`);

/** The move list's moves as shown. */
export const moveList = (page: Page): Promise<string[]> =>
  page
    .locator('.move-list ol .mv:not(.empty)')
    .allTextContents()
    .then((l) => l.map((s) => s.trim()));

export const cursor = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { xiangqi: { game: { cursor: number } } }).xiangqi.game.cursor);
export const boardFen = (page: Page): Promise<string> =>
  page.evaluate(() => document.querySelector('xiangqi-board')!.fen);
export const status = (page: Page): Promise<string> => page.locator('[data-testid="status"]').innerText();

export async function waitForMoves(page: Page, n: number, timeout = 15_000): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('.move-list ol .mv:not(.empty)').length >= n, n, {
    timeout,
  });
}
