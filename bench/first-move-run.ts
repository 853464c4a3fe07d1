// One visit to the game page, timed as a new visitor meets it: a fresh browser context (empty HTTP
// cache, no service worker, no saved game), the computer to move, and the clock read in the page
// (milliseconds from the start of navigation) when the board is usable, when each file the page
// fetches has arrived, and when the computer's first move is on the board. For
// `npm run bench:first-move` (first-move.ts) and its test.
import { deflateRawSync } from 'node:zlib';
import type { Browser, BrowserContext, Request } from 'playwright-core';

export interface Scenario {
  name: string;
  about: string;
  /** The page's saved settings before it loads (the computer on the side to move). */
  settings: Record<string, unknown>;
  /** A position to open by link (the page's `#game=` fragment), or null for a new game. */
  fen: string | null;
}

/** The rated level's think time is the default's; a new game from the start is answered by the book. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'start',
    about: 'new game from the start, the computer Red (its opening book answers)',
    settings: { lang: 'en', red: 'computer', black: 'human' },
    fen: null,
  },
  {
    name: 'middlegame',
    about: 'a middlegame position opened by link, the computer to move (a search with the network)',
    settings: { lang: 'en', red: 'computer', black: 'human' },
    fen: 'r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1',
  },
];

/** A file the page fetched: when it finished, in ms from navigation start, and its bytes. */
export interface Fetched {
  file: string;
  doneMs: number;
  bytes: number;
}

export interface Visit {
  scenario: string;
  /** A reload in the same context (cache and service worker in place) rather than a first visit. */
  warm: boolean;
  /** The page's HTML parsed and its scripts run (DOMContentLoaded). */
  domReadyMs: number;
  /** The board has its engine: the page is usable. */
  boardReadyMs: number;
  /**
   * The network evaluation's file arrived, from the server or the service worker (null: not asked
   * for). It may come after the first move: the page fetches it from the start but does not wait for
   * it (a book move needs none, and a search starts with the hand-written evaluation).
   */
  networkMs: number | null;
  firstMoveMs: number;
  /** The move shown, as the move list writes it. */
  move: string;
  /** Bytes over the wire before the first move (transfer sizes; 0 for what a cache served). */
  bytes: number;
  /** Every file the visit fetched, by when it finished, the first move or not. */
  fetched: Fetched[];
}

/** The page's URL for a scenario: `site` is the served site's root. */
export function scenarioUrl(site: string, scenario: Scenario): string {
  if (scenario.fen === null) return `${site}/index.html`;
  const pgn = `[FEN "${scenario.fen}"]\n\n*\n`;
  return `${site}/index.html#game=${deflateRawSync(pgn).toString('base64url')}&ply=0`;
}

// Runs in the page before its own scripts: notes when the board gets its engine and when the first
// move appears in the move list, on the page's own clock.
function instrument(): void {
  const marks: { board?: number; move?: number; text?: string } = {};
  (window as unknown as { firstMoveMarks: typeof marks }).firstMoveMarks = marks;
  const poll = setInterval(() => {
    const w = window as unknown as { xiangqi?: { board?: { engine?: unknown } | null } };
    if (marks.board === undefined && w.xiangqi?.board?.engine) marks.board = performance.now();
    const shown = document.querySelector('.move-list ol .mv:not(.empty)');
    if (shown) {
      marks.move = performance.now();
      marks.text = shown.textContent.trim();
      clearInterval(poll);
    }
  }, 2);
}

/**
 * Every page of the context starts with only `settings` stored: no game of an earlier visit is
 * restored (the computer is to move each time), while the HTTP cache and the service worker stay.
 */
async function prepare(context: BrowserContext, settings: Record<string, unknown>): Promise<void> {
  await context.addInitScript((s) => {
    localStorage.clear();
    localStorage.setItem('xiangqi-wasm.settings', JSON.stringify(s));
  }, settings);
  await context.addInitScript(instrument);
}

function fileName(url: string): string {
  return new URL(url).pathname.split('/').pop() || '/';
}

/**
 * Visits the page at `url` in `context` and waits for the computer's first move (at most
 * `timeoutMs`). A first visit in a new context is a cold load; a later one is warm.
 */
export async function visit(
  context: BrowserContext,
  url: string,
  scenario: string,
  warm: boolean,
  timeoutMs = 30_000,
): Promise<Visit> {
  const page = await context.newPage();
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(url);
    await page
      .waitForFunction(() => (window as unknown as { firstMoveMarks: { move?: number } }).firstMoveMarks.move, null, {
        timeout: timeoutMs,
      })
      .catch((error: unknown) => {
        const why = errors.length > 0 ? `; the page reported: ${errors.join('; ')}` : '';
        throw new Error(`no computer move on ${url} within ${timeoutMs} ms${why}`, { cause: error });
      });
    const seen = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const marks = (window as unknown as { firstMoveMarks: { board?: number; move: number; text: string } })
        .firstMoveMarks;
      return { origin: performance.timeOrigin, domReady: nav?.domContentLoadedEventEnd ?? 0, ...marks };
    });
    // Every request begun by now is followed to its end (at most a few seconds: local files), the
    // network's among them: on a loaded machine it once arrived after a book move.
    await Promise.race([
      Promise.all(
        requests.map((r) =>
          r.response().then(
            (response) => response?.finished(),
            () => null,
          ),
        ),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
    const fetched: Fetched[] = [];
    for (const r of requests) {
      const timing = r.timing();
      const done = timing.startTime + timing.responseEnd - seen.origin;
      if (timing.responseEnd < 0) continue;
      const sizes = await r.sizes().catch(() => null);
      fetched.push({
        file: fileName(r.url()),
        doneMs: done,
        bytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0,
      });
    }
    fetched.sort((a, b) => a.doneMs - b.doneMs);
    const network = fetched.find((f) => f.file.endsWith('.nnue'));
    return {
      scenario,
      warm,
      domReadyMs: seen.domReady,
      boardReadyMs: seen.board ?? seen.move,
      networkMs: network ? network.doneMs : null,
      firstMoveMs: seen.move,
      move: seen.text,
      bytes: fetched.reduce((sum, f) => sum + (f.doneMs <= seen.move ? f.bytes : 0), 0),
      fetched,
    };
  } finally {
    await page.close();
  }
}

/** A cold visit in a new context, then a warm one in the same context: [cold, warm]. */
export async function visitTwice(browser: Browser, site: string, scenario: Scenario): Promise<[Visit, Visit]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    await prepare(context, scenario.settings);
    const url = scenarioUrl(site, scenario);
    const cold = await visit(context, url, scenario.name, false);
    return [cold, await visit(context, url, scenario.name, true)];
  } finally {
    await context.close();
  }
}
