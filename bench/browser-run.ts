// Drives the bench page in a browser until it has finished: shared by `npm run bench:browser` and
// the bench page's smoke test.
import type { Browser } from 'playwright-core';
import type { BenchConfig, BenchResults } from './suites.ts';

export interface PageRun {
  results: BenchResults;
  /** The browser as the page names it, e.g. "HeadlessChrome 140.0.7339.185". */
  browser: string;
  userAgent: string;
  crossOriginIsolated: boolean;
  /** The tables as the page shows them: header and rows per table, in page order. */
  tables: string[][][];
}

const STALL_MS = 10 * 60_000;

/** The page's query for a configuration; `run` starts it at once. */
export function benchQuery(config: BenchConfig): string {
  const params = new URLSearchParams({
    rounds: String(config.rounds),
    perft: String(config.startDepth),
    suite: String(config.suiteDepth),
    search: String(config.searchDepth),
    positions: String(config.searchPositions),
    evaluations: String(config.evaluations),
    run: '',
  });
  return '?' + params.toString();
}

export async function runBenchPage(
  browser: Browser,
  pageUrl: string,
  config: BenchConfig,
  onLine: (line: string) => void = () => {},
): Promise<PageRun> {
  const page = await browser.newPage();
  const errors: string[] = [];
  // A full run takes minutes, so there is no overall deadline; but a page that reports nothing for
  // this long (a hung worker) is given up on.
  let stalled: () => void = () => {};
  const stall = new Promise<never>((_, reject) => {
    stalled = () => reject(new Error(`the bench page reported no progress for ${STALL_MS / 60_000} minutes`));
  });
  stall.catch(() => {});
  let timer = setTimeout(stalled, STALL_MS);
  page.on('console', (m) => {
    if (m.text().startsWith('bench: ')) {
      clearTimeout(timer);
      timer = setTimeout(stalled, STALL_MS);
      onLine(m.text().slice('bench: '.length));
    } else if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(pageUrl + benchQuery(config));
    await Promise.race([
      page.waitForFunction(
        () => ['done', 'error'].includes(document.documentElement.dataset['bench'] ?? ''),
        undefined,
        { timeout: 0, polling: 500 },
      ),
      stall,
    ]);
    const handle = await page.evaluate(() => {
      const bench = (
        window as unknown as { bench: { state: string; results: unknown; error: string | null; browser: string } }
      ).bench;
      const tables = [...document.querySelectorAll('#output table')].map((t) =>
        [...t.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent)),
      );
      return { ...bench, userAgent: navigator.userAgent, crossOriginIsolated, tables };
    });
    if (handle.state !== 'done') throw new Error(`the bench page failed: ${handle.error ?? 'unknown error'}`);
    if (errors.length) throw new Error(`the bench page reported errors: ${errors.join('; ')}`);
    return {
      results: handle.results as BenchResults,
      browser: handle.browser,
      userAgent: handle.userAgent,
      crossOriginIsolated: handle.crossOriginIsolated,
      tables: handle.tables,
    };
  } finally {
    clearTimeout(timer);
    await page.close();
  }
}
